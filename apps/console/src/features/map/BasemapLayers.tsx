/**
 * What the map is drawn on: the offline basemap (land, coastlines, borders; 1:110m for the world,
 * 1:50m from OUTLINE_ZOOM and 1:10m from DETAIL_ZOOM on, each loaded then) with the names of the cities shown at the zoom (cities.ts), or, where
 * the runtime configuration names a tile server, its tiles instead.
 */
import { useEffect, useMemo, useState } from 'react';
import { divIcon, layerGroup, marker as leafletMarker } from 'leaflet';
import type { Map as LeafletMap, Marker } from 'leaflet';
import { GeoJSON, Pane, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useStages } from '../../lib/useStages';
import { detailFor, loadBasemap } from './basemap';
import type { Basemap, BasemapDetail } from './basemap';
import { citiesInView, MAJOR_CITY } from './cities';
import type { City } from './cities';
import citiesJson from './cities.json';
import type { MapPalette } from './palette';

const CITIES = citiesJson as readonly City[];

const hasSize = (map: LeafletMap) => map.getSize().x > 0 && map.getSize().y > 0;

/**
 * The basemap at the map's zoom: the coarser one until the finer one has loaded (no blank map while
 * it loads). Nothing while the map has no size (not laid out): there is nothing to draw it on.
 */
function useBasemap(): { detail: BasemapDetail; basemap: Basemap } | null {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  const [sized, setSized] = useState(() => hasSize(map));
  useMapEvents({ zoomend: () => setZoom(map.getZoom()), resize: () => setSized(hasSize(map)) });
  const [shown, setShown] = useState<{ detail: BasemapDetail; basemap: Basemap } | null>(null);
  const wanted = detailFor(zoom);
  useEffect(() => {
    if (!sized) return;
    let live = true;
    loadBasemap(wanted).then(
      (basemap) => {
        if (live) setShown({ detail: wanted, basemap });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, sized]);
  return shown;
}

/** The land in two halves of its countries, each drawn in a task of its own. */
function landHalves(land: Basemap['land']): readonly Basemap['land'][] {
  const half = Math.ceil(land.features.length / 2);
  return [
    { ...land, features: land.features.slice(0, half) },
    { ...land, features: land.features.slice(half) },
  ];
}

function OfflineBasemap({ palette }: { palette: MapPalette }) {
  const shown = useBasemap();
  const land = useMemo(() => (shown === null ? [] : landHalves(shown.basemap.land)), [shown]);
  // The first draw in five tasks (the land's two halves, borders, coastlines, city names): each is a
  // long run of path building on a phone; a later scale or palette is drawn at once.
  const stage = useStages(5, shown !== null);
  if (shown === null) return null;
  const { detail, basemap } = shown;
  return (
    <>
      {/* Keyed by scale and palette: react-leaflet's GeoJSON takes its data and style once. */}
      {land.map(
        (part, i) =>
          stage > i && (
            <GeoJSON
              key={`land-${i}-${detail}-${palette.land}`}
              data={part}
              interactive={false}
              style={{ stroke: false, fillColor: palette.land, fillOpacity: 1, className: 'fleet-basemap-country' }}
            />
          ),
      )}
      {stage >= 3 && (
        <GeoJSON
          key={`borders-${detail}-${palette.border}`}
          data={basemap.borders}
          interactive={false}
          style={{ color: palette.border, weight: 0.8, opacity: 0.9, dashArray: '3 2', className: 'fleet-basemap-border' }}
        />
      )}
      {stage >= 4 && (
        <GeoJSON
          key={`coast-${detail}-${palette.coastline}`}
          data={basemap.coastlines}
          interactive={false}
          style={{ color: palette.coastline, weight: 1, opacity: 1, className: 'fleet-basemap-coastline' }}
        />
      )}
      {/* City names above the basemap and below the units (overlay pane 400, markers 600). */}
      {stage >= 5 && (
        <>
          <Pane name="fleet-cities" style={{ zIndex: '450', pointerEvents: 'none' }}>
            <CityNames />
          </Pane>
          <span data-testid="map-basemap" data-detail={detail} hidden />
        </>
      )}
    </>
  );
}

/** One label: a dot and the city's name (divIcon, above the basemap, below the units). */
function cityMarker(city: City): Marker {
  const label = document.createElement('span');
  label.className = 'fleet-city';
  label.textContent = city.n;
  label.setAttribute('data-testid', 'map-city');
  label.setAttribute('data-major', String(city.p >= MAJOR_CITY));
  const icon = divIcon({ html: label, className: 'fleet-city-label', iconSize: [0, 0], iconAnchor: [0, 0] });
  return leafletMarker([city.lat, city.lng], { icon, interactive: false, keyboard: false, pane: 'fleet-cities' });
}

/** The names of the cities shown at the map's zoom inside its view, kept by city as the view moves. */
function CityNames() {
  const map = useMap();
  const group = useMemo(() => layerGroup(), []);
  useEffect(() => {
    const shown = new Map<City, Marker>();
    const draw = () => {
      const b = map.getBounds().pad(0.2);
      const wanted = new Set(citiesInView(CITIES, map.getZoom(), { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }));
      for (const [city, layer] of shown) {
        if (wanted.has(city)) continue;
        group.removeLayer(layer);
        shown.delete(city);
      }
      for (const city of wanted) {
        if (shown.has(city)) continue;
        const layer = cityMarker(city);
        shown.set(city, layer);
        group.addLayer(layer);
      }
    };
    group.addTo(map);
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      group.clearLayers();
      group.remove();
    };
  }, [map, group]);
  return null;
}

export interface BasemapLayersProps {
  readonly palette: MapPalette;
  /** A tile server's URL template (runtime configuration `mapTileUrl`): replaces the offline basemap. */
  readonly tileUrl: string | null;
  readonly tileAttribution: string | null;
}

export function BasemapLayers({ palette, tileUrl, tileAttribution }: BasemapLayersProps) {
  if (tileUrl !== null) return <TileLayer url={tileUrl} attribution={tileAttribution ?? undefined} />;
  return <OfflineBasemap palette={palette} />;
}
