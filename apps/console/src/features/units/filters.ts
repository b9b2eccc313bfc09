/**
 * Unit list filters of spec 000 §2: status, type, mode, playing state, modified date and alerts
 * (plus a name search). Pure: parsing the stored value (preferences.filters.devices, any JSON),
 * validating the modified-date form, and matching units.
 *
 * Readings:
 * - status: the unit's raw status (any of the 13 values).
 * - bucket: busy, idle or offline as the counter bar counts them (unitBucket of @fleet/domain, from
 *   the status and the running applications: a unit only recording is idle, one storing and
 *   forwarding is busy); what a click on the Busy, Idle or Offline counter applies.
 * - type: the unit type group (fieldUnits, liteUnits, ...), as the counter bar groups units.
 * - mode: the unit's transmission mode (Live, Store & Forward, Multi-HQ, Field Switcher, Station
 *   Switcher, fixed internet — what the operator chooses) and its working mode (video, databridge,
 *   video_smr, databridge_smr, fetchlogs — what the unit is doing). One list of values
 *   `transmission:<mode>` / `working:<mode>`; values of the same kind are alternatives (OR), the two
 *   kinds must both match (AND).
 * - playing state: "playing" = the unit streams live video (status streaming or
 *   streamingandforwarding, or a streaming application running: video not in speed test, multi
 *   camera, switchers — spec 000 §4 "Streaming"); "not playing" = everything else.
 * - modified date: when the unit last changed (see `modifiedAt` of the list), either within the
 *   last N hours or days (N a whole number from 1), or within a date range (from and/or to, whole
 *   days, `to` inclusive). A unit without a known change time is left out while this filter is on.
 * - alerts: with any active alert, with a critical one, with a warning (and no critical), without.
 */
import { UNIT_STATUSES, UNIT_TYPE_GROUPS, TRANSMISSION_MODES, WORKING_MODES } from '@fleet/contracts';
import type { TransmissionMode, UnitStatus, UnitSummary, UnitTypeGroup, WorkingMode } from '@fleet/contracts';
import { unitBucket } from '@fleet/domain';
import type { UnitCounterBar, UnitCounterBucket } from '@fleet/domain';
import { TYPE_COUNTER } from './counters';
import { isUnitStreaming } from '../../kit/unit/unitRules';

export const PLAYING_STATES = ['all', 'playing', 'notPlaying'] as const;
export type PlayingState = (typeof PLAYING_STATES)[number];
export const ALERT_FILTERS = ['all', 'any', 'critical', 'warning', 'none'] as const;
export const BUCKET_FILTERS = ['all', 'busy', 'idle', 'offline'] as const satisfies readonly ('all' | UnitCounterBucket)[];
export type BucketFilter = (typeof BUCKET_FILTERS)[number];
export type AlertFilter = (typeof ALERT_FILTERS)[number];
export const MODIFIED_KINDS = ['all', 'last', 'range'] as const;
export type ModifiedKind = (typeof MODIFIED_KINDS)[number];
export const MODIFIED_UNITS = ['hours', 'days'] as const;
export type ModifiedUnit = (typeof MODIFIED_UNITS)[number];

export type ModeValue = `transmission:${TransmissionMode}` | `working:${WorkingMode}`;
export const MODE_VALUES: readonly ModeValue[] = [
  ...TRANSMISSION_MODES.map((m) => `transmission:${m}` as const),
  ...WORKING_MODES.map((m) => `working:${m}` as const),
];

export interface ModifiedFilter {
  readonly kind: ModifiedKind;
  /** "Last N": the number as typed (validated by {@link validateModified}). */
  readonly amount: string;
  readonly unit: ModifiedUnit;
  /** Range ends as YYYY-MM-DD (local days), '' when open. */
  readonly from: string;
  readonly to: string;
}

export interface UnitListFilters {
  readonly text: string;
  readonly statuses: readonly UnitStatus[];
  readonly bucket: BucketFilter;
  readonly typeGroups: readonly UnitTypeGroup[];
  readonly modes: readonly ModeValue[];
  readonly playing: PlayingState;
  readonly modified: ModifiedFilter;
  readonly alerts: AlertFilter;
}

export const DEFAULT_MODIFIED: ModifiedFilter = { kind: 'all', amount: '24', unit: 'hours', from: '', to: '' };
export const DEFAULT_FILTERS: UnitListFilters = {
  text: '',
  statuses: [],
  bucket: 'all',
  typeGroups: [],
  modes: [],
  playing: 'all',
  modified: DEFAULT_MODIFIED,
  alerts: 'all',
};

// ── Parsing what preferences hold (any JSON: never trust it) ────────────────────────────────────

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function someOf<T extends string>(allowed: readonly T[], value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  const set = new Set<string>(allowed);
  return [...new Set(value.filter((v): v is T => typeof v === 'string' && set.has(v)))];
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function day(value: unknown): string {
  return typeof value === 'string' && DAY_PATTERN.test(value) ? value : '';
}

/** Filters from a stored value; anything unknown or malformed falls back to the default. */
export function parseFilters(stored: unknown): UnitListFilters {
  const raw = record(stored);
  const modified = record(raw.modified);
  return {
    text: typeof raw.text === 'string' ? raw.text.slice(0, 255) : '',
    statuses: someOf(UNIT_STATUSES, raw.statuses),
    bucket: oneOf(BUCKET_FILTERS, raw.bucket, 'all'),
    typeGroups: someOf(UNIT_TYPE_GROUPS, raw.typeGroups),
    modes: someOf(MODE_VALUES, raw.modes),
    playing: oneOf(PLAYING_STATES, raw.playing, 'all'),
    alerts: oneOf(ALERT_FILTERS, raw.alerts, 'all'),
    modified: {
      kind: oneOf(MODIFIED_KINDS, modified.kind, 'all'),
      amount: typeof modified.amount === 'string' ? modified.amount.slice(0, 16) : DEFAULT_MODIFIED.amount,
      unit: oneOf(MODIFIED_UNITS, modified.unit, 'hours'),
      from: day(modified.from),
      to: day(modified.to),
    },
  };
}

/** The stored form (plain JSON) of filters. */
export function serializeFilters(filters: UnitListFilters): { [key: string]: string | string[] | { [key: string]: string } } {
  return {
    text: filters.text,
    statuses: [...filters.statuses],
    bucket: filters.bucket,
    typeGroups: [...filters.typeGroups],
    modes: [...filters.modes],
    playing: filters.playing,
    alerts: filters.alerts,
    modified: { ...filters.modified },
  };
}

/** How many filters differ from the default (the badge on the filter toggle). */
export function activeFilterCount(filters: UnitListFilters): number {
  return (
    (filters.text.trim() !== '' ? 1 : 0) +
    (filters.statuses.length > 0 ? 1 : 0) +
    (filters.bucket !== 'all' ? 1 : 0) +
    (filters.typeGroups.length > 0 ? 1 : 0) +
    (filters.modes.length > 0 ? 1 : 0) +
    (filters.playing !== 'all' ? 1 : 0) +
    (filters.modified.kind !== 'all' ? 1 : 0) +
    (filters.alerts !== 'all' ? 1 : 0)
  );
}

// ── Modified-date form ──────────────────────────────────────────────────────────────────────────

/** Validation errors of the modified-date form, as message ids (the list translates them). */
export type ModifiedError =
  | { readonly field: 'amount'; readonly kind: 'required' | 'integer' | 'min' | 'max'; readonly limit?: number }
  | { readonly field: 'to'; readonly kind: 'rangeOrder' };

/** At most one year of hours or ten years of days. */
export const MODIFIED_MAX: Record<ModifiedUnit, number> = { hours: 8760, days: 3650 };

/**
 * Errors of the modified-date form; none for "all". Messages follow spec 000 §5 generic texts:
 * "This field is required", "Must be an integer", "Must be N or more", "Must be N or less"; a
 * range whose end comes before its start is refused.
 */
export function validateModified(modified: ModifiedFilter): ModifiedError[] {
  if (modified.kind === 'last') {
    const text = modified.amount.trim();
    if (text === '') return [{ field: 'amount', kind: 'required' }];
    if (!/^-?\d+$/.test(text)) return [{ field: 'amount', kind: 'integer' }];
    const n = Number(text);
    if (n < 1) return [{ field: 'amount', kind: 'min', limit: 1 }];
    if (n > MODIFIED_MAX[modified.unit]) return [{ field: 'amount', kind: 'max', limit: MODIFIED_MAX[modified.unit] }];
    return [];
  }
  if (modified.kind === 'range' && modified.from !== '' && modified.to !== '' && modified.to < modified.from) {
    return [{ field: 'to', kind: 'rangeOrder' }];
  }
  return [];
}

const HOUR_MS = 3_600_000;

/** Local midnight of a YYYY-MM-DD day, in ms. */
function dayStart(dayText: string): number {
  const [y, m, d] = dayText.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
}

/** The [from, to) window in ms of a VALID modified filter, or null when it does not filter. */
export function modifiedWindow(modified: ModifiedFilter, now: number): { from: number; to: number } | null {
  if (validateModified(modified).length > 0) return null;
  if (modified.kind === 'last') {
    const span = Number(modified.amount.trim()) * (modified.unit === 'hours' ? HOUR_MS : 24 * HOUR_MS);
    return { from: now - span, to: Number.POSITIVE_INFINITY };
  }
  if (modified.kind === 'range' && (modified.from !== '' || modified.to !== '')) {
    const from = modified.from === '' ? Number.NEGATIVE_INFINITY : dayStart(modified.from);
    // `to` is inclusive: up to the start of the next day.
    const to = modified.to === '' ? Number.POSITIVE_INFINITY : dayStart(modified.to) + 24 * HOUR_MS;
    return { from, to };
  }
  return null;
}

// ── Matching ────────────────────────────────────────────────────────────────────────────────────

export interface FilterContext {
  /** When the unit last changed (ms since epoch), null when unknown. */
  readonly modifiedAt: (unit: UnitSummary) => number | null;
  readonly now: number;
}

function alertsMatch(unit: UnitSummary, filter: AlertFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'any':
      return unit.alerts.length > 0;
    case 'none':
      return unit.alerts.length === 0;
    case 'critical':
      return unit.alerts.some((a) => a.level === 'critical');
    case 'warning':
      return unit.alerts.some((a) => a.level === 'warning') && !unit.alerts.some((a) => a.level === 'critical');
  }
}

/** A predicate for the filters, with sets and the date window computed once. */
export function unitMatcher(filters: UnitListFilters, context: FilterContext): (unit: UnitSummary) => boolean {
  const text = filters.text.trim().toLowerCase();
  const statuses = filters.statuses.length > 0 ? new Set<string>(filters.statuses) : null;
  const groups = filters.typeGroups.length > 0 ? new Set<string>(filters.typeGroups) : null;
  const transmission = new Set<string>();
  const working = new Set<string>();
  for (const mode of filters.modes) {
    const [kind, value] = mode.split(':') as [string, string];
    (kind === 'transmission' ? transmission : working).add(value);
  }
  const window = modifiedWindow(filters.modified, context.now);
  const { playing, alerts, bucket } = filters;
  return (unit) => {
    if (statuses && !statuses.has(unit.status)) return false;
    if (bucket !== 'all' && unitBucket(unit) !== bucket) return false;
    if (groups && !groups.has(unit.typeGroup)) return false;
    if (transmission.size > 0 && !transmission.has(unit.transmissionMode)) return false;
    if (working.size > 0 && !working.has(unit.workingMode)) return false;
    if (playing !== 'all' && isUnitStreaming(unit) !== (playing === 'playing')) return false;
    if (!alertsMatch(unit, alerts)) return false;
    if (text !== '' && !unit.name.toLowerCase().includes(text) && !unit.uniqueId.toLowerCase().includes(text)) return false;
    if (window) {
      const at = context.modifiedAt(unit);
      if (at === null || at < window.from || at >= window.to) return false;
    }
    return true;
  };
}

/** The units that pass the filters, in their input order (the same array when nothing filters). */
export function filterUnits(units: readonly UnitSummary[], filters: UnitListFilters, context: FilterContext): readonly UnitSummary[] {
  if (activeFilterCount(filters) === 0) return units;
  return units.filter(unitMatcher(filters, context));
}

// ── Counters as filters ─────────────────────────────────────────────────────────────────────────

export type CounterName = keyof UnitCounterBar;

/**
 * The filters a counter click applies (on top of the current ones): busy/idle/offline the units the
 * counter counts (the same unitBucket), a type counter its type group, active alerts "any alert".
 * The camera counter has no filter of spec 000 §2 (null).
 */
export function filtersForCounter(filters: UnitListFilters, counter: CounterName): UnitListFilters | null {
  if (counter === 'busy' || counter === 'idle' || counter === 'offline') return { ...filters, bucket: counter };
  const group = UNIT_TYPE_GROUPS.find((typeGroup) => TYPE_COUNTER[typeGroup] === counter);
  if (group) return { ...filters, typeGroups: [group] };
  if (counter === 'activeAlerts') return { ...filters, alerts: 'any' };
  return null;
}
