/**
 * The Leaflet map itself, loaded only by /map (Map.page lazy-loads this module, and with it
 * Leaflet and its CSS): the offline countries basemap as a GeoJSON layer (no tile server) and one
 * marker per placed unit.
 *
 * The markers are Leaflet layers kept by MarkerLayer, not one React component each: on a live
 * update only the markers whose unit changed are touched (a status recolours one, a position moves
 * one), and one popup serves every marker, bound to the marker clicked.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { canvas, circleMarker, divIcon, featureGroup, marker as leafletMarker, popup as leafletPopup } from 'leaflet';
import type { Canvas, CircleMarker, FeatureGroup, LeafletEvent, LeafletKeyboardEvent, Marker, Popup } from 'leaflet';
import { GeoJSON, MapContainer, useMap, useMapEvents } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { countriesGeoJson } from './basemap';
import { DOM_MARKER_LIMIT, MAP_VIEW, MARKER_HEX, markerColour, markerElement, setMarkerElement } from './mapData';
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

/** A marker on the map: the unit it shows and its layer (and, as a DOM marker, its dot). */
interface Placed {
  marker: UnitMarker;
  readonly layer: Marker | CircleMarker;
  readonly dot: HTMLElement | null;
  seen: number;
}

const fillOf = (marker: UnitMarker) => MARKER_HEX[markerColour(marker.status)] ?? '#868e96';

/** A DOM marker: a divIcon around the dot element (its data attributes follow the unit). */
function domMarker(marker: UnitMarker): Placed {
  const dot = markerElement(marker);
  const icon = divIcon({ html: dot, className: 'fleet-unit-marker-icon', iconSize: [16, 16], iconAnchor: [8, 8], popupAnchor: [0, -8] });
  const layer = leafletMarker([marker.lat, marker.lng], { icon, title: marker.name, alt: marker.name });
  return { marker, layer, dot, seen: 0 };
}

/** A large fleet: one canvas dot per unit (no DOM element per marker). */
function canvasMarker(marker: UnitMarker, renderer: Canvas): Placed {
  const layer = circleMarker([marker.lat, marker.lng], { renderer, radius: 6, color: '#ffffff', weight: 1.5, fillColor: fillOf(marker), fillOpacity: 1 });
  return { marker, layer, dot: null, seen: 0 };
}

/** The markers' group, the one popup, and the markers placed, by unit id and by layer. */
interface Layers {
  readonly group: FeatureGroup;
  readonly popup: Popup;
  readonly placed: Map<string, Placed>;
  readonly ids: Map<unknown, string>;
}

/** Brings a placed marker up to date with its unit's new marker. */
function update(placed: Placed, next: UnitMarker): void {
  const before = placed.marker;
  placed.marker = next;
  if (before.lat !== next.lat || before.lng !== next.lng) placed.layer.setLatLng([next.lat, next.lng]);
  if (placed.dot === null) {
    if (before.status !== next.status) (placed.layer as CircleMarker).setStyle({ fillColor: fillOf(next) });
    return;
  }
  // The dot is changed in place: a move changes its position attributes only, a status its colour
  // too; the title follows the name.
  if (before.status !== next.status) setMarkerElement(placed.dot, next);
  else {
    placed.dot.setAttribute('data-lat', String(next.lat));
    placed.dot.setAttribute('data-lng', String(next.lng));
  }
  if (before.name !== next.name) {
    const layer = placed.layer as Marker;
    layer.options.title = next.name;
    layer.options.alt = next.name;
    const element = layer.getElement();
    if (element !== undefined) element.title = next.name;
  }
}

/**
 * The markers as Leaflet layers in one group: created once, then on each change of `markers` only
 * the ones whose marker object changed are updated (markersOf keeps the others' objects), new ones
 * added and gone ones removed. A marker's popup (MapPopup, rendered here through a portal) is one
 * Leaflet popup bound to the marker last clicked; it follows that marker as it moves.
 */
function MarkerLayer({ markers, dense }: { markers: readonly UnitMarker[]; dense: boolean }) {
  const map = useMap();
  const renderer = useMemo(() => canvas({ padding: 0.5 }), []);
  const content = useMemo(() => document.createElement('div'), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const layers = useMemo<Layers>(() => ({ group: featureGroup(), popup: leafletPopup().setContent(content), placed: new Map(), ids: new Map() }), [content]);
  const generation = useRef(0);

  useEffect(() => {
    const { group, popup, ids } = layers;
    let bound: Marker | CircleMarker | null = null;
    // The popup is bound to a marker when it is first opened on it (a click, or Enter on a focused
    // marker); after that Leaflet opens and closes it there itself.
    const open = (event: LeafletEvent & { layer?: unknown }) => {
      const layer = (event.layer ?? event.sourceTarget) as Marker | CircleMarker;
      const id = ids.get(layer);
      if (id === undefined || layer === bound) return;
      bound?.unbindPopup();
      bound = layer;
      layer.bindPopup(popup).openPopup();
      setOpenId(id);
    };
    const onKey = (event: LeafletKeyboardEvent) => {
      if (event.originalEvent.key === 'Enter' || event.originalEvent.keyCode === 13) open(event);
    };
    const onAdd = () => setOpenId(bound === null ? null : (ids.get(bound) ?? null));
    const onRemove = () => setOpenId(null);
    group.on('click', open);
    group.on('keypress', onKey);
    popup.on('add', onAdd);
    popup.on('remove', onRemove);
    group.addTo(map);
    return () => {
      group.off('click', open);
      group.off('keypress', onKey);
      popup.off('add', onAdd);
      popup.off('remove', onRemove);
      bound?.unbindPopup();
      popup.remove();
      group.remove();
    };
  }, [map, layers]);

  useEffect(() => {
    const state = layers;
    // A fleet crossing the limit changes the kind of every marker: all are made again.
    const kind = dense ? 'canvas' : 'dom';
    if (state.placed.size > 0 && (state.placed.values().next().value?.dot === null ? 'canvas' : 'dom') !== kind) {
      state.group.clearLayers();
      state.placed.clear();
      state.ids.clear();
    }
    generation.current += 1;
    const seen = generation.current;
    const added: Placed[] = [];
    for (const marker of markers) {
      const placed = state.placed.get(marker.uniqueId);
      if (placed === undefined) {
        const fresh = dense ? canvasMarker(marker, renderer) : domMarker(marker);
        fresh.seen = seen;
        state.placed.set(marker.uniqueId, fresh);
        state.ids.set(fresh.layer, marker.uniqueId);
        added.push(fresh);
        continue;
      }
      placed.seen = seen;
      if (placed.marker !== marker) update(placed, marker);
    }
    if (state.placed.size > markers.length) {
      for (const [id, placed] of state.placed) {
        if (placed.seen === seen) continue;
        state.group.removeLayer(placed.layer);
        state.placed.delete(id);
        state.ids.delete(placed.layer);
      }
    }
    for (const placed of added) state.group.addLayer(placed.layer);
  }, [layers, markers, dense, renderer]);

  const open = openId === null ? undefined : markers.find((m) => m.uniqueId === openId);
  // The popup's size follows its content once React has put it in.
  useLayoutEffect(() => {
    if (layers.popup.isOpen()) layers.popup.update();
  }, [layers, openId]);
  return open === undefined ? null : createPortal(<MapPopup marker={open} />, content);
}

export interface UnitMapProps {
  readonly markers: readonly UnitMarker[];
}

/** Spec 000 §2 /map: zoom 3, centre 0/0 at first; the basemap works without internet. */
export default function UnitMap({ markers }: UnitMapProps) {
  const { t } = useTranslation();
  const countries = useMemo(() => countriesGeoJson(), []);
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
        <MarkerLayer markers={markers} dense={dense} />
        <ViewWatcher onView={setView} />
      </MapContainer>
    </div>
  );
}
