/**
 * The unit map (spec 000 §2 "/map (unit map; default zoom 3, centre 0/0)", §9 "Map default zoom
 * 3"): markers from the units' positions (devices/fetch_coords, kept live by patchCoords:
 * unit.telemetry carries the position, unit.status the status), coloured by status. Pure.
 */
import { MAP_DEFAULTS } from '@fleet/contracts';
import type { RealtimeEvent, UnitCoords, UnitStatus, UnitSummary } from '@fleet/contracts';
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

export type MarkerUnit = Pick<UnitSummary, 'uniqueId' | 'name' | 'status' | 'location'>;

/** A marker: where a unit is and how it is coloured (its battery and the rest are read when its popup opens). */
export interface UnitMarker {
  readonly uniqueId: string;
  readonly name: string;
  readonly status: UnitStatus;
  readonly lat: number;
  readonly lng: number;
  readonly address: string | null;
}

function validCoordinate(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

const placed = (unit: MarkerUnit): boolean => unit.location !== null && validCoordinate(unit.location.lat, unit.location.lng);
const byName = (a: { name: string; uniqueId: string }, b: { name: string; uniqueId: string }) =>
  a.name.localeCompare(b.name) || a.uniqueId.localeCompare(b.uniqueId);

/** The markers of the units with a usable position, by name. */
export function markersOf(units: readonly MarkerUnit[]): UnitMarker[] {
  return units
    .flatMap((unit) =>
      unit.location !== null && placed(unit)
        ? [{ uniqueId: unit.uniqueId, name: unit.name, status: unit.status, lat: unit.location.lat, lng: unit.location.lng, address: unit.location.address }]
        : [],
    )
    .sort(byName);
}

/** The units the map cannot place (no position, or one outside the globe), by name. */
export function unplacedOf<T extends MarkerUnit>(units: readonly T[]): T[] {
  return units.filter((unit) => !placed(unit)).sort(byName);
}

/**
 * The map's markers (devices/fetch_coords) with a realtime event applied: a status recolours its
 * marker, a reported position moves it, an update renames or moves it, a removed device goes.
 * `null` when the event brings a unit the answer does not hold (a new device, a unit that just got
 * a position): the markers are then read again. The same array when nothing changed.
 */
export function patchCoords(list: readonly UnitCoords[], event: RealtimeEvent): readonly UnitCoords[] | null {
  const replace = (index: number, next: UnitCoords) => list.map((item, i) => (i === index ? next : item));
  switch (event.type) {
    case 'unit.status': {
      const index = list.findIndex((u) => u.uniqueId === event.unitId);
      const unit = list[index];
      return unit === undefined || unit.status === event.status ? list : replace(index, { ...unit, status: event.status });
    }
    case 'unit.telemetry': {
      if (event.location === null) return list;
      const index = list.findIndex((u) => u.uniqueId === event.unitId);
      const unit = list[index];
      if (unit === undefined) return null;
      const same = unit.location.lat === event.location.lat && unit.location.lng === event.location.lng && unit.location.address === event.location.address;
      return same ? list : replace(index, { ...unit, location: event.location });
    }
    case 'unit.updated': {
      const { uniqueId, name, status, location } = event.unit;
      const index = list.findIndex((u) => u.uniqueId === uniqueId);
      const unit = list[index];
      if (unit === undefined) return location === null ? list : null;
      if (location === null) return list.filter((u) => u.uniqueId !== uniqueId);
      const next = { ...unit, name, status, location };
      return JSON.stringify(next) === JSON.stringify(unit) ? list : replace(index, next);
    }
    case 'device.removed':
      return list.some((u) => u.uniqueId === event.unitId) ? list.filter((u) => u.uniqueId !== event.unitId) : list;
    case 'device.added':
      return null;
    default:
      return list;
  }
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
