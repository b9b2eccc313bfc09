/**
 * The unit map (spec 000 §2 "/map (unit map; default zoom 3, centre 0/0)", §9 "Map default zoom
 * 3"): markers from the units' positions (devices/fetch_coords, kept live by patchCoords:
 * unit.telemetry carries the position, unit.status the status), coloured by status. Pure.
 */
import { MAP_DEFAULTS } from '@fleet/contracts';
import type { RealtimeEvent, UnitCoords, UnitStatus, UnitSummary } from '@fleet/contracts';
import { statusClass, UNIT_STATUS_CLASSES } from '@fleet/domain';
import { applyVersioned } from '../../kit/cache';
import { unitKey } from '../../kit/cachePatch';
import type { UnitStatusClass } from '@fleet/domain';
import { MAP_ZOOM } from './zoomLimits';

/** Spec 000 §2 / §9: zoom 3, centre 0/0 (contracts MAP_DEFAULTS). */
export const MAP_VIEW = {
  zoom: MAP_DEFAULTS.zoom,
  center: [MAP_DEFAULTS.center.lat, MAP_DEFAULTS.center.lng] as [number, number],
  /** Our bounds (zoomLimits.ts): what the offline basemap shows legibly. */
  minZoom: MAP_ZOOM.min,
  maxZoom: MAP_ZOOM.max,
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

// A location an answer left out (or gave without a latitude or longitude) places nothing: the unit is one "without a location".
const placed = (unit: MarkerUnit): boolean => unit.location != null && validCoordinate(unit.location.lat, unit.location.lng);
// The order of String.prototype.localeCompare (the default locale) at a fraction of its cost.
const collator = new Intl.Collator();
const byName = (a: { name: string; uniqueId: string }, b: { name: string; uniqueId: string }) =>
  collator.compare(a.name, b.name) || collator.compare(a.uniqueId, b.uniqueId);

/** The marker made from each unit object (a live patch replaces only the units it changed). */
const markerOfUnit = new WeakMap<MarkerUnit, UnitMarker>();

function markerOf(unit: MarkerUnit & { location: NonNullable<MarkerUnit['location']> }): UnitMarker {
  let marker = markerOfUnit.get(unit);
  if (marker === undefined) {
    marker = { uniqueId: unit.uniqueId, name: unit.name, status: unit.status, lat: unit.location.lat, lng: unit.location.lng, address: unit.location.address };
    markerOfUnit.set(unit, marker);
  }
  return marker;
}

/**
 * The markers of the units with a usable position, by name. Given the markers made before
 * (`previous`), a unit object seen before keeps its marker object, and when the same units are
 * placed under the same names the previous order is kept without sorting again: a live update
 * (a status, a position) then costs one pass over the units.
 */
export function markersOf(units: readonly MarkerUnit[], previous?: readonly UnitMarker[]): UnitMarker[] {
  const fresh: UnitMarker[] = [];
  for (const unit of units)
    if (unit.location != null && placed(unit)) fresh.push(markerOf(unit as MarkerUnit & { location: NonNullable<MarkerUnit['location']> }));
  if (previous !== undefined && previous.length === fresh.length) {
    const byId = new Map<string, UnitMarker>();
    for (const marker of fresh) byId.set(marker.uniqueId, marker);
    let same = byId.size === fresh.length;
    const ordered: UnitMarker[] = [];
    for (let i = 0; same && i < previous.length; i += 1) {
      const before = previous[i]!;
      const now = byId.get(before.uniqueId);
      if (now === undefined || now.name !== before.name) same = false;
      else ordered.push(now);
    }
    if (same) return ordered;
  }
  return fresh.sort(byName);
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
  return patchCoordsBatch(list, [event]);
}

/**
 * Position of every unit id in a markers answer, built once and handed on to the copies a patch
 * makes while it only replaces units (positions stay): each event finds its unit in O(1).
 */
const coordsIndexes = new WeakMap<readonly UnitCoords[], ReadonlyMap<string, number>>();

function coordsIndexOf(list: readonly UnitCoords[]): ReadonlyMap<string, number> {
  let index = coordsIndexes.get(list);
  if (index === undefined) {
    const built = new Map<string, number>();
    list.forEach((unit, i) => built.set(unit.uniqueId, i));
    index = built;
    coordsIndexes.set(list, index);
  }
  return index;
}

/**
 * {@link patchCoords} for events in order, in one pass: one copy of the answer for all of them
 * (not one per event) and each unit found by its id. `null` as soon as one event needs a new read;
 * the same array when nothing changed.
 */
export function patchCoordsBatch(list: readonly UnitCoords[], events: readonly RealtimeEvent[]): readonly UnitCoords[] | null {
  let draft: UnitCoords[] | null = null;
  let index: ReadonlyMap<string, number> | null = null;
  const current = (): readonly UnitCoords[] => draft ?? list;
  const find = (id: string): number => {
    index ??= coordsIndexOf(current());
    const at = index.get(id);
    // A list changed by someone else in place would leave the index stale: check the hit.
    if (at !== undefined && current()[at]?.uniqueId === id) return at;
    return current().findIndex((u) => u.uniqueId === id);
  };
  const replace = (at: number, next: UnitCoords) => {
    if (draft === null) {
      draft = list.slice();
      if (index !== null) coordsIndexes.set(draft, index);
    }
    draft[at] = next;
  };
  // Every change goes through the one version rule: a field reported earlier than the one shown is dropped.
  const patch = (at: number, unit: UnitCoords, fields: Partial<UnitCoords>, reportedAt: number) => {
    const next = applyVersioned(unit, fields, { at: reportedAt, key: unitKey(unit.uniqueId) });
    if (next !== unit) replace(at, next);
  };
  const remove = (id: string) => {
    draft = current().filter((u) => u.uniqueId !== id);
    index = null;
  };
  for (const event of events) {
    switch (event.type) {
      case 'unit.status': {
        const at = find(event.unitId);
        const unit = current()[at];
        if (unit !== undefined) patch(at, unit, { status: event.status }, event.at);
        break;
      }
      case 'unit.telemetry': {
        if (event.location == null) break;
        const at = find(event.unitId);
        const unit = current()[at];
        if (unit === undefined) return null;
        patch(at, unit, { location: event.location }, event.at);
        break;
      }
      case 'unit.updated': {
        const { uniqueId, name, status, location } = event.unit;
        const at = find(uniqueId);
        const unit = current()[at];
        if (unit === undefined) {
          if (location === null) break;
          return null;
        }
        if (location === null) {
          remove(uniqueId);
          break;
        }
        patch(at, unit, { name, status, location }, event.at);
        break;
      }
      case 'device.removed':
        if (current().some((u) => u.uniqueId === event.unitId)) remove(event.unitId);
        break;
      case 'device.added':
        return null;
      default:
        break;
    }
  }
  return current();
}

/** What the map counts and colours a unit by: its status class, or `other` for a status this console does not know. */
export type MapStatusClass = UnitStatusClass | 'other';

/** The map's classes in the legend's order: the spec's, then Other. */
export const MAP_STATUS_CLASSES: readonly MapStatusClass[] = [...UNIT_STATUS_CLASSES, 'other'];

/** The class of a status (`other` for a status a newer core added). */
export function mapStatusClass(status: UnitStatus): MapStatusClass {
  // The domain's table holds the known statuses only; another one has no class there.
  return (statusClass(status) as UnitStatusClass | undefined) ?? 'other';
}

/** Marker colour per status class (Mantine palette names); a status the console does not know is neutral. */
export const MARKER_COLOURS: Record<MapStatusClass, string> = {
  offline: 'gray',
  online: 'green',
  streaming: 'red',
  storeAndForward: 'orange',
  busy: 'violet',
  other: 'dark',
};

/** The same colours as hex (Mantine's shade 6) for the canvas markers, which cannot read CSS variables. */
export const MARKER_HEX: Readonly<Record<string, string>> = {
  gray: '#868e96',
  green: '#40c057',
  red: '#fa5252',
  orange: '#fd7e14',
  violet: '#7950f2',
  dark: '#5c5f66',
};

/**
 * Our choice: up to this many units each marker is a DOM element (with its data attributes);
 * a larger fleet is drawn on one canvas so the map stays smooth.
 */
export const DOM_MARKER_LIMIT = 1000;

export function markerColour(status: UnitStatus): string {
  return MARKER_COLOURS[mapStatusClass(status)];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const MARKER_STYLE = 'display:block;width:16px;height:16px;border-radius:50%;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6);background:';

/**
 * The marker's element (a Leaflet divIcon): a dot in the status colour. Its data attributes carry
 * the id, status and position for tools and tests (the map has no other DOM for a marker).
 */
export function markerHtml(marker: UnitMarker): string {
  const colour = markerColour(marker.status);
  return (
    `<span class="fleet-unit-marker" data-testid="map-marker-${escapeHtml(marker.uniqueId)}" data-status="${escapeHtml(marker.status)}"` +
    ` data-colour="${colour}" data-lat="${marker.lat}" data-lng="${marker.lng}"` +
    ` style="${MARKER_STYLE}var(--mantine-color-${colour}-6)"></span>`
  );
}

/**
 * The same element as {@link markerHtml}, built without parsing HTML (a thousand markers at once:
 * parsing each one's HTML was most of the map's first render).
 */
export function markerElement(marker: UnitMarker, doc: Document = document): HTMLSpanElement {
  const span = doc.createElement('span');
  span.className = 'fleet-unit-marker';
  setMarkerElement(span, marker);
  return span;
}

/** Brings a marker element (markerElement) up to date with `marker`. */
export function setMarkerElement(span: HTMLElement, marker: UnitMarker): void {
  const colour = markerColour(marker.status);
  span.setAttribute('data-testid', `map-marker-${marker.uniqueId}`);
  span.setAttribute('data-status', marker.status);
  span.setAttribute('data-colour', colour);
  span.setAttribute('data-lat', String(marker.lat));
  span.setAttribute('data-lng', String(marker.lng));
  span.setAttribute('style', `${MARKER_STYLE}var(--mantine-color-${colour}-6)`);
}
