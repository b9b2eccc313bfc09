/**
 * The Leaflet map itself, loaded only by /map (Map.page lazy-loads this module, and with it
 * Leaflet and its CSS): the offline countries basemap as a GeoJSON layer (no tile server) and one
 * marker per placed unit.
 */
import 'leaflet/dist/leaflet.css';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { canvas, divIcon } from 'leaflet';
import type { Marker as LeafletMarker } from 'leaflet';
import { CircleMarker, GeoJSON, MapContainer, Marker, Popup, useMapEvents } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { countriesGeoJson } from './basemap';
import { DOM_MARKER_LIMIT, MAP_VIEW, MARKER_HEX, markerColour, markerHtml } from './mapData';
import type { UnitMarker } from './mapData';
import { MapPopup } from './MapPopup';

const BASEMAP_STYLE = { color: '#8a9bb0', weight: 0.6, fillColor: '#eef1f4', fillOpacity: 1, className: 'fleet-basemap-country' } as const;
const WATER = '#cfe3f3';

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

const UnitMarkerView = memo(
  function UnitMarkerView({ marker }: { marker: UnitMarker }) {
    const ref = useRef<LeafletMarker | null>(null);
    // The element changes with the status only; a move updates its position attributes in place.
    const { uniqueId, status, name, lat, lng } = marker;
    const icon = useMemo(
      () =>
        divIcon({
          html: markerHtml({ uniqueId, status, name, lat, lng, address: null }),
          className: 'fleet-unit-marker-icon',
          iconSize: [16, 16],
          iconAnchor: [8, 8],
          popupAnchor: [0, -8],
        }),
      // Position changes must not rebuild the element (see the effect below).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [uniqueId, status, name],
    );
    useEffect(() => {
      const dot = ref.current?.getElement()?.firstElementChild;
      dot?.setAttribute('data-lat', String(lat));
      dot?.setAttribute('data-lng', String(lng));
    }, [icon, lat, lng]);
    return (
      <Marker ref={ref} position={[lat, lng]} icon={icon} title={name} alt={name}>
        <Popup>
          <MapPopup marker={marker} />
        </Popup>
      </Marker>
    );
  },
  (a, b) =>
    a.marker.lat === b.marker.lat &&
    a.marker.lng === b.marker.lng &&
    a.marker.status === b.marker.status &&
    a.marker.name === b.marker.name &&
    a.marker.address === b.marker.address,
);

/** A large fleet: one canvas dot per unit (no DOM element per marker). */
const CanvasMarker = memo(
  function CanvasMarker({ marker, renderer }: { marker: UnitMarker; renderer: ReturnType<typeof canvas> }) {
    return (
      <CircleMarker
        center={[marker.lat, marker.lng]}
        radius={6}
        pathOptions={{ renderer, color: '#ffffff', weight: 1.5, fillColor: MARKER_HEX[markerColour(marker.status)] ?? '#868e96', fillOpacity: 1 }}
      >
        <Popup>
          <MapPopup marker={marker} />
        </Popup>
      </CircleMarker>
    );
  },
  (a, b) =>
    a.renderer === b.renderer &&
    a.marker.lat === b.marker.lat &&
    a.marker.lng === b.marker.lng &&
    a.marker.status === b.marker.status &&
    a.marker.name === b.marker.name &&
    a.marker.address === b.marker.address,
);

export interface UnitMapProps {
  readonly markers: readonly UnitMarker[];
}

/** Spec 000 §2 /map: zoom 3, centre 0/0 at first; the basemap works without internet. */
export default function UnitMap({ markers }: UnitMapProps) {
  const { t } = useTranslation();
  const countries = useMemo(() => countriesGeoJson(), []);
  const renderer = useMemo(() => canvas({ padding: 0.5 }), []);
  const dense = markers.length > DOM_MARKER_LIMIT;
  const [view, setView] = useState<View>({ zoom: MAP_VIEW.zoom, lat: MAP_VIEW.center[0], lng: MAP_VIEW.center[1] });
  return (
    <div
      data-testid="unit-map"
      data-zoom={view.zoom}
      data-center-lat={view.lat.toFixed(4)}
      data-center-lng={view.lng.toFixed(4)}
      data-markers={markers.length}
      data-renderer={dense ? 'canvas' : 'dom'}
      aria-label={t('map.label')}
      style={{ height: '100%', minHeight: 420 }}
    >
      <MapContainer
        center={MAP_VIEW.center}
        zoom={MAP_VIEW.zoom}
        minZoom={MAP_VIEW.minZoom}
        maxZoom={MAP_VIEW.maxZoom}
        worldCopyJump
        attributionControl={false}
        style={{ height: '100%', minHeight: 420, background: WATER }}
      >
        <GeoJSON data={countries} style={BASEMAP_STYLE} interactive={false} />
        {dense
          ? markers.map((marker) => <CanvasMarker key={marker.uniqueId} marker={marker} renderer={renderer} />)
          : markers.map((marker) => <UnitMarkerView key={marker.uniqueId} marker={marker} />)}
        <ViewWatcher onView={setView} />
      </MapContainer>
    </div>
  );
}
