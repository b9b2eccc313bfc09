/**
 * The units on the map as Leaflet layers: at each view, the clusters and units of the cluster
 * index (clusters.ts) inside it. Units are kept by id and only touched when their unit changed (a
 * status recolours one, a position moves one); clusters are kept while their units by status
 * stay the same. One popup serves every unit marker, bound to the marker clicked; a cluster clicked zooms
 * in until it breaks apart. A unit to follow (chosen in the list beside the map) is flown to at
 * the zoom where it stands alone, and its popup opened.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { canvas, circleMarker, divIcon, featureGroup, latLngBounds, marker as leafletMarker, point, popup as leafletPopup } from 'leaflet';
import type { Canvas, CircleMarker, FeatureGroup, LeafletEvent, LeafletKeyboardEvent, Map as LeafletMap, Marker, Popup } from 'leaflet';
import { useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { clusterIndex, expansionZoom, itemsInView, ringGradient, unclusteredZoom, unitBounds, unitsOfCluster } from './clusters';
import type { ClusterIndex, MapItem } from './clusters';
import { MAP_STATUS_CLASSES, MARKER_COLOURS, MARKER_HEX, markerColour, markerElement, setMarkerElement } from './mapData';
import type { UnitMarker } from './mapData';
import { MapPopup } from './MapPopup';

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

/** Brings a placed marker up to date with its unit's new marker. */
function update(placed: Placed, next: UnitMarker): void {
  const before = placed.marker;
  placed.marker = next;
  if (before.lat !== next.lat || before.lng !== next.lng) placed.layer.setLatLng([next.lat, next.lng]);
  if (placed.dot == null) {
    if (before.status !== next.status) (placed.layer as CircleMarker).setStyle({ fillColor: fillOf(next) });
    return;
  }
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

/** A cluster's diameter in pixels: larger for more units. */
export const clusterSize = (count: number) => (count < 10 ? 36 : count < 100 ? 42 : 50);

/** What a cluster says to a screen reader and on hover: its count and its units by status. */
function clusterLabel(t: TFunction, item: Extract<MapItem, { kind: 'cluster' }>): string {
  const detail = MAP_STATUS_CLASSES.filter((cls) => item.counts[cls] > 0)
    .map((cls) => `${item.counts[cls]} ${t(`map.legend.${cls}`)}`)
    .join(', ');
  return t('map.cluster', { count: item.count, detail });
}

/** A cluster's marker: its count in a ring coloured by status (data attributes for tools and tests). */
function clusterMarker(item: Extract<MapItem, { kind: 'cluster' }>, label: string): Marker {
  const size = clusterSize(item.count);
  const element = document.createElement('span');
  element.className = 'fleet-unit-cluster';
  element.setAttribute('data-testid', 'map-cluster');
  element.setAttribute('data-count', String(item.count));
  element.setAttribute('data-lat', String(item.lat));
  element.setAttribute('data-lng', String(item.lng));
  for (const cls of MAP_STATUS_CLASSES) element.setAttribute(`data-${cls.toLowerCase()}`, String(item.counts[cls]));
  element.style.background = ringGradient(item.counts, (cls) => `var(--mantine-color-${MARKER_COLOURS[cls]}-6)`);
  const count = document.createElement('span');
  count.textContent = String(item.count);
  element.append(count);
  const icon = divIcon({ html: element, className: 'fleet-unit-cluster-icon', iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
  return leafletMarker([item.lat, item.lng], { icon, title: label, alt: label, riseOnHover: true, zIndexOffset: 1000 });
}

/** What makes a cluster the same one from draw to draw: supercluster's id (stable while the units keep their order) and its counts. */
const clusterKey = (item: Extract<MapItem, { kind: 'cluster' }>) => `${item.id}:${MAP_STATUS_CLASSES.map((cls) => item.counts[cls]).join(',')}`;

/** A cluster drawn before, moved to its centre now (its units moved). */
function moveCluster(layer: Marker, item: Extract<MapItem, { kind: 'cluster' }>): void {
  const at = layer.getLatLng();
  if (at.lat === item.lat && at.lng === item.lng) return;
  layer.setLatLng([item.lat, item.lng]);
  const element = layer.getElement()?.querySelector('[data-testid="map-cluster"]');
  element?.setAttribute('data-lat', String(item.lat));
  element?.setAttribute('data-lng', String(item.lng));
}

/** The markers' group, the one popup, the units placed (by id and by layer) and the clusters drawn. */
interface Layers {
  readonly group: FeatureGroup;
  readonly popup: Popup;
  readonly placed: Map<string, Placed>;
  readonly ids: Map<unknown, string>;
  readonly clusters: Map<unknown, Extract<MapItem, { kind: 'cluster' }>>;
}

/** A unit to show: chosen in the list (`seq` counts the choices, so choosing it again flies again). */
export interface Follow {
  readonly id: string;
  readonly seq: number;
}

/** Our choice: a unit chosen in the list is shown at this zoom at least (its region around it). */
const FOLLOW_MIN_ZOOM = 6;

/**
 * The view's bounds with a margin of half a screen, so markers near the edge are drawn before they
 * come in; the whole world while the map has no size yet (laid out later, or not at all).
 */
function viewBounds(map: LeafletMap) {
  const size = map.getSize();
  if (size.x === 0 || size.y === 0) return { south: -90, west: -180, north: 90, east: 180 };
  const b = map.getBounds().pad(0.5);
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}

export interface MarkerLayerProps {
  readonly markers: readonly UnitMarker[];
  readonly dense: boolean;
  /** The last zoom with clusters (beyond it every unit is its own marker). */
  readonly clusterMaxZoom: number;
  readonly follow: Follow | null;
  /** A unit's popup opened (clicked, or followed). */
  readonly onOpen: (id: string) => void;
  /** What is drawn changed (for the container's data attributes). */
  readonly onDrawn: (drawn: { units: number; clusters: number }) => void;
}

export function MarkerLayer({ markers, dense, clusterMaxZoom, follow, onOpen, onDrawn }: MarkerLayerProps) {
  const map = useMap();
  const { t } = useTranslation();
  const renderer = useMemo(() => canvas({ padding: 0.5 }), []);
  const content = useMemo(() => document.createElement('div'), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const layers = useMemo<Layers>(
    () => ({ group: featureGroup(), popup: leafletPopup().setContent(content), placed: new Map(), ids: new Map(), clusters: new Map() }),
    [content],
  );
  const index = useMemo<ClusterIndex>(() => clusterIndex(markers, clusterMaxZoom), [markers, clusterMaxZoom]);
  const latest = useRef({ index, dense, t, onOpen, onDrawn });
  // Before the effects below draw with them.
  useLayoutEffect(() => {
    latest.current = { index, dense, t, onOpen, onDrawn };
  });
  const generation = useRef(0);
  /** A followed unit whose popup opens once the map has flown to it. */
  const pending = useRef<string | null>(null);
  const bound = useRef<Marker | CircleMarker | null>(null);

  /** Opens the popup on a placed unit's marker. */
  const openOn = useRef((layer: Marker | CircleMarker, id: string) => {
    if (layer !== bound.current) {
      bound.current?.unbindPopup();
      bound.current = layer;
      layer.bindPopup(layers.popup);
    }
    layer.openPopup();
    setOpenId(id);
    latest.current.onOpen(id);
  });

  /** The language the clusters' labels were drawn in (a sample label). */
  const drawnIn = useRef('');
  /** Whether a draw is under way, and whether another was asked for meanwhile. */
  const drawing = useRef({ now: false, again: false });
  /**
   * Draws what the current view holds, once more if the view moved while it drew (moving a marker
   * can move the map: its open popup pans it into view, and that move's own draw waits).
   */
  const draw = useRef(() => {
    const state = drawing.current;
    if (state.now) {
      state.again = true;
      return;
    }
    state.now = true;
    try {
      do {
        state.again = false;
        drawOnce.current();
      } while (state.again);
    } finally {
      state.now = false;
    }
  });

  /** One draw: units kept by id, clusters anew. */
  const drawOnce = useRef(() => {
    const { index: current, dense: asCanvas } = latest.current;
    const state = layers;
    const kind = asCanvas ? 'canvas' : 'dom';
    // A fleet crossing the canvas limit changes the kind of every marker: all are made again.
    if (state.placed.size > 0 && (state.placed.values().next().value?.dot == null ? 'canvas' : 'dom') !== kind) {
      for (const placed of state.placed.values()) state.group.removeLayer(placed.layer);
      state.placed.clear();
      state.ids.clear();
    }
    generation.current += 1;
    const seen = generation.current;
    const added: Placed[] = [];
    // A cluster with the same units by status as one drawn before keeps its element (and the
    // keyboard focus on it), moved to its new centre; the others are drawn anew.
    const before = new Map<string, Marker>();
    // A new language: every cluster's label anew.
    const language = latest.current.t('map.cluster', { count: 0, detail: '' });
    const sameLanguage = drawnIn.current === language;
    drawnIn.current = language;
    for (const [layer, item] of state.clusters) {
      if (sameLanguage) before.set(clusterKey(item), layer as Marker);
      else state.group.removeLayer(layer as Marker);
    }
    state.clusters.clear();
    let clusters = 0;
    for (const item of itemsInView(current, viewBounds(map), map.getZoom())) {
      if (item.kind === 'cluster') {
        const key = clusterKey(item);
        let layer = before.get(key);
        if (layer === undefined) {
          layer = clusterMarker(item, clusterLabel(latest.current.t, item));
          state.group.addLayer(layer);
        } else {
          before.delete(key);
          moveCluster(layer, item);
        }
        state.clusters.set(layer, item);
        clusters += 1;
        continue;
      }
      const { marker } = item;
      const placed = state.placed.get(marker.uniqueId);
      if (placed === undefined) {
        const fresh = asCanvas ? canvasMarker(marker, renderer) : domMarker(marker);
        fresh.seen = seen;
        state.placed.set(marker.uniqueId, fresh);
        state.ids.set(fresh.layer, marker.uniqueId);
        added.push(fresh);
        continue;
      }
      placed.seen = seen;
      if (placed.marker !== marker) update(placed, marker);
    }
    for (const [id, placed] of state.placed) {
      if (placed.seen === seen) continue;
      state.group.removeLayer(placed.layer);
      state.placed.delete(id);
      state.ids.delete(placed.layer);
    }
    for (const layer of before.values()) state.group.removeLayer(layer);
    for (const placed of added) state.group.addLayer(placed.layer);
    latest.current.onDrawn({ units: state.placed.size, clusters });
    const wanted = pending.current;
    if (wanted !== null) {
      const placed = state.placed.get(wanted);
      if (placed !== undefined) {
        pending.current = null;
        openOn.current(placed.layer, wanted);
      }
    }
  });

  useEffect(() => {
    const { group, popup, ids, clusters } = layers;
    const zoomInto = (item: Extract<MapItem, { kind: 'cluster' }>) => {
      const { index: current } = latest.current;
      const units = unitsOfCluster(current, item.id);
      const box = unitBounds(units);
      const breaks = Math.min(expansionZoom(current, item.id), map.getMaxZoom());
      if (box === null) return;
      const bounds = latLngBounds([box.south, box.west], [box.north, box.east]);
      const fits = map.getBoundsZoom(bounds, false, point(60, 60));
      map.flyTo(bounds.getCenter(), Math.max(breaks, Math.min(fits, map.getMaxZoom())), { duration: 0.6 });
    };
    const open = (event: LeafletEvent & { layer?: unknown }) => {
      const layer = (event.layer ?? event.sourceTarget) as Marker | CircleMarker;
      const cluster = clusters.get(layer);
      if (cluster !== undefined) {
        zoomInto(cluster);
        return;
      }
      const id = ids.get(layer);
      // A marker the popup is bound to opens and closes it itself (Leaflet).
      if (id === undefined || layer === bound.current) return;
      openOn.current(layer, id);
    };
    const onKey = (event: LeafletKeyboardEvent) => {
      if (event.originalEvent.key === 'Enter' || event.originalEvent.keyCode === 13) open(event);
    };
    const onAdd = () => setOpenId(bound.current === null ? null : (ids.get(bound.current) ?? null));
    const onRemove = () => setOpenId(null);
    const onMoveEnd = () => draw.current();
    group.on('click', open);
    group.on('keypress', onKey);
    popup.on('add', onAdd);
    popup.on('remove', onRemove);
    map.on('moveend', onMoveEnd);
    group.addTo(map);
    return () => {
      group.off('click', open);
      group.off('keypress', onKey);
      popup.off('add', onAdd);
      popup.off('remove', onRemove);
      map.off('moveend', onMoveEnd);
      bound.current?.unbindPopup();
      popup.remove();
      group.remove();
    };
  }, [map, layers]);

  // A live update (a status, a position, a unit come or gone) or a new kind of marker: drawn again.
  useEffect(() => {
    draw.current();
  }, [index, dense, t]);

  // A unit chosen in the list: flown to, at the zoom where it stands alone, and its popup opened.
  useEffect(() => {
    if (follow === null) return;
    const marker = latest.current.index.byId.get(follow.id);
    if (marker === undefined) return;
    const zoom = Math.min(map.getMaxZoom(), unclusteredZoom(latest.current.index, marker, Math.max(map.getZoom(), FOLLOW_MIN_ZOOM), clusterMaxZoom));
    pending.current = follow.id;
    const centre = map.getCenter();
    if (map.getZoom() === zoom && Math.abs(centre.lat - marker.lat) < 1e-6 && Math.abs(centre.lng - marker.lng) < 1e-6) draw.current();
    else map.flyTo([marker.lat, marker.lng], zoom, { duration: 0.8 });
    // Only a new choice flies; the markers' live updates do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [follow, map]);

  const open = openId === null ? undefined : markers.find((m) => m.uniqueId === openId);
  // The popup's size follows its content once React has put it in.
  useLayoutEffect(() => {
    if (layers.popup.isOpen()) layers.popup.update();
  }, [layers, openId]);
  return open === undefined ? null : createPortal(<MapPopup marker={open} />, content);
}
