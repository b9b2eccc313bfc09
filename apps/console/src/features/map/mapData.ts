/**
 * The unit map (spec 000 §2 "/map (unit map; default zoom 3, centre 0/0)", §9 "Map default zoom
 * 3"): markers from the units' location (devices/fetch, kept live by the realtime cache patch:
 * unit.telemetry carries the location, unit.status the status), coloured by status. Pure.
 */
import { MAP_DEFAULTS } from '@fleet/contracts';
import type { UnitStatus, UnitSummary } from '@fleet/contracts';
import { statusClass } from '@fleet/domain';
import type { UnitStatusClass } from '@fleet/domain';

/** Spec 000 §2 / §9: zoom 3, centre 0/0 (contracts MAP_DEFAULTS). */
export const MAP_VIEW = {
  zoom: MAP_DEFAULTS.zoom,
  center: [MAP_DEFAULTS.center.lat, MAP_DEFAULTS.center.lng] as [number, number],
  /** Our bounds: the offline basemap (1:110m) carries no detail beyond this. */
  minZoom: 1,
  maxZoom: 10,
} as const;

export type MarkerUnit = Pick<UnitSummary, 'uniqueId' | 'name' | 'status' | 'battery' | 'location'>;

export interface UnitMarker {
  readonly uniqueId: string;
  readonly name: string;
  readonly status: UnitStatus;
  readonly battery: UnitSummary['battery'];
  readonly lat: number;
  readonly lng: number;
  readonly address: string | null;
}

function validCoordinate(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** Units split into markers (a usable position) and the units the map cannot place. */
export function splitByLocation<T extends MarkerUnit>(units: readonly T[]): { markers: UnitMarker[]; unplaced: T[] } {
  const markers: UnitMarker[] = [];
  const unplaced: T[] = [];
  for (const unit of units) {
    const location = unit.location;
    if (location && validCoordinate(location.lat, location.lng)) {
      markers.push({ uniqueId: unit.uniqueId, name: unit.name, status: unit.status, battery: unit.battery, lat: location.lat, lng: location.lng, address: location.address });
    } else {
      unplaced.push(unit);
    }
  }
  const byName = (a: { name: string; uniqueId: string }, b: { name: string; uniqueId: string }) => a.name.localeCompare(b.name) || a.uniqueId.localeCompare(b.uniqueId);
  return { markers: markers.sort(byName), unplaced: unplaced.sort(byName) };
}

/** Marker colour per status class (Mantine palette names). */
export const MARKER_COLOURS: Record<UnitStatusClass, string> = {
  offline: 'gray',
  online: 'green',
  streaming: 'red',
  storeAndForward: 'orange',
  busy: 'violet',
};

/** The same colours as hex (Mantine's shade 6) for the canvas markers, which cannot read CSS variables. */
export const MARKER_HEX: Readonly<Record<string, string>> = { gray: '#868e96', green: '#40c057', red: '#fa5252', orange: '#fd7e14', violet: '#7950f2' };

/**
 * Our choice: up to this many units each marker is a DOM element (with its data attributes);
 * a larger fleet is drawn on one canvas so the map stays smooth.
 */
export const DOM_MARKER_LIMIT = 1000;

export function markerColour(status: UnitStatus): string {
  return MARKER_COLOURS[statusClass(status)];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * The marker's element (a Leaflet divIcon): a dot in the status colour. Its data attributes carry
 * the id, status and position for tools and tests (the map has no other DOM for a marker).
 */
export function markerHtml(marker: UnitMarker): string {
  const colour = markerColour(marker.status);
  return (
    `<span class="fleet-unit-marker" data-testid="map-marker-${escapeHtml(marker.uniqueId)}" data-status="${escapeHtml(marker.status)}"` +
    ` data-colour="${colour}" data-lat="${marker.lat}" data-lng="${marker.lng}"` +
    ` style="display:block;width:16px;height:16px;border-radius:50%;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6);background:var(--mantine-color-${colour}-6)"></span>`
  );
}
