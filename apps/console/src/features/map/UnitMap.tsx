/**
 * The Leaflet map itself, loaded only by /map (Map.page lazy-loads this module, and with it
 * Leaflet and its CSS): the offline basemap with city names (BasemapLayers), the units clustered
 * by status (MarkerLayer), and "fit to units".
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DomEvent, latLngBounds } from 'leaflet';
import { MapContainer, useMap, useMapEvents } from 'react-leaflet';
import { Button, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { useStages } from '../../lib/useStages';
import { BasemapLayers } from './BasemapLayers';
import { unitBounds } from './clusters';
import { DOM_MARKER_LIMIT, MAP_VIEW } from './mapData';
import type { UnitMarker } from './mapData';
import { MarkerLayer } from './MarkerLayer';
import type { Follow } from './MarkerLayer';
import { MAP_PALETTES, paletteVariables } from './palette';

/** With a tile server the map may zoom to street level (our choice: 18, what most tile servers serve). */
const TILE_MAX_ZOOM = 18;

/**
 * Zoom steps a person can follow: a quarter level is the finest step, a wheel notch moves about
 * half a level (Leaflet's default moved two levels a notch in Chromium on Linux), the buttons and
 * keys one level.
 */
const ZOOM_STEPS = { zoomSnap: 0.25, zoomDelta: 1, wheelPxPerZoomLevel: 120 } as const;

/** Padding of "fit to units", in pixels: clear of the zoom buttons (top left) and the fit button (top right). */
const FIT_PADDING = { topLeft: [48, 56] as [number, number], bottomRight: [48, 40] as [number, number] };

interface View {
  readonly zoom: number;
  readonly lat: number;
  readonly lng: number;
}

/** Follows the map's view so the container can show it (data-zoom, data-center-*). */
function ViewWatcher({ onView }: { onView: (view: View) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      onView({ zoom: map.getZoom(), lat: c.lat, lng: c.lng });
    },
  });
  return null;
}

/** The "fit to units" button, over the map's top right corner: frames every unit with a position. */
function FitControl({ markers }: { markers: readonly UnitMarker[] }) {
  const map = useMap();
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    // Clicks and wheel turns on the button are not the map's.
    DomEvent.disableClickPropagation(element);
    DomEvent.disableScrollPropagation(element);
  }, []);
  const latest = useRef(markers);
  useEffect(() => {
    latest.current = markers;
  });
  const fit = useCallback(() => {
    const box = unitBounds(latest.current);
    if (box === null) return;
    map.flyToBounds(latLngBounds([box.south, box.west], [box.north, box.east]), {
      paddingTopLeft: FIT_PADDING.topLeft,
      paddingBottomRight: FIT_PADDING.bottomRight,
      maxZoom: map.getMaxZoom() - 1,
      duration: 0.8,
    });
  }, [map]);
  return (
    <div ref={ref} className="leaflet-top leaflet-right">
      <div className="leaflet-control">
        <Button size="xs" variant="default" onClick={fit} disabled={markers.length === 0} title={t('map.fitLabel')} data-testid="map-fit">
          {t('map.fit')}
        </Button>
      </div>
    </div>
  );
}

export interface UnitMapProps {
  readonly markers: readonly UnitMarker[];
  /** A unit chosen in the list beside the map: the map flies to it and opens its popup. */
  readonly follow: Follow | null;
  /** A unit's popup opened on the map. */
  readonly onOpen: (id: string) => void;
}

/** Spec 000 §2 /map: zoom 3, centre 0/0 at first; the basemap works without internet. */
export default function UnitMap({ markers, follow, onOpen }: UnitMapProps) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const palette = MAP_PALETTES[scheme];
  const { mapTileUrl, mapTileAttribution } = getRuntimeConfig();
  const maxZoom = mapTileUrl === null ? MAP_VIEW.maxZoom : TILE_MAX_ZOOM;
  const dense = markers.length > DOM_MARKER_LIMIT;
  const [view, setView] = useState<View>({ zoom: MAP_VIEW.zoom, lat: MAP_VIEW.center[0], lng: MAP_VIEW.center[1] });
  const [drawn, setDrawn] = useState({ units: 0, clusters: 0 });
  const stage = useStages(2);
  const onDrawn = useCallback((next: { units: number; clusters: number }) => {
    setDrawn((before) => (before.units === next.units && before.clusters === next.clusters ? before : next));
  }, []);
  return (
    <div
      data-testid="unit-map"
      data-zoom={view.zoom}
      data-center-lat={view.lat.toFixed(4)}
      data-center-lng={view.lng.toFixed(4)}
      data-markers={markers.length}
      data-drawn-units={drawn.units}
      data-drawn-clusters={drawn.clusters}
      data-renderer={dense ? 'canvas' : 'dom'}
      data-scheme={scheme}
      aria-label={t('map.label')}
      style={{ height: '100%', minHeight: 320, ...paletteVariables(palette) }}
    >
      <MapContainer
        center={MAP_VIEW.center}
        zoom={MAP_VIEW.zoom}
        minZoom={MAP_VIEW.minZoom}
        maxZoom={maxZoom}
        {...ZOOM_STEPS}
        worldCopyJump
        attributionControl={mapTileUrl !== null}
        style={{ height: '100%', minHeight: 320, background: palette.water }}
      >
        <BasemapLayers palette={palette} tileUrl={mapTileUrl} tileAttribution={mapTileAttribution} />
        {/* The units in a task after the map's own (a phone's first draw in parts). */}
        {stage >= 2 && <MarkerLayer markers={markers} dense={dense} clusterMaxZoom={maxZoom - 1} follow={follow} onOpen={onOpen} onDrawn={onDrawn} />}
        <FitControl markers={markers} />
        <ViewWatcher onView={setView} />
      </MapContainer>
    </div>
  );
}
