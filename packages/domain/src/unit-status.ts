/**
 * Unit status rules: spec 000 §4 "States and transitions" (status derivation, groupings, counter
 * transitions, unit icon) and the spec 000 §2 counter bar.
 */
import type { Applications, UnitApplicationKey, UnitStatus, UnitStatusChangeEvent, UnitTypeGroup } from '@fleet/contracts';

/**
 * The `applications` map of a unit (contracts `Applications`, spec 000 §3): the keys present are
 * the running activities, each with its `ApplicationInfo` state.
 */
export type UnitApplications = Applications;

/**
 * An application counts as running while its key is present in the map, whatever its state.
 * Reading chosen for `disconnecting` / `stopping`: the activity still counts until the device
 * removes it from the map (it still holds the channel and the links while it winds down), so a
 * unit stopping a stream stays `streaming` until the `video` key disappears.
 */
function hasApplication(applications: UnitApplications, key: UnitApplicationKey): boolean {
  return applications[key] !== undefined && applications[key] !== null;
}

/**
 * Derives the unit status from its running applications, in the priority order of spec 000 §4:
 * upgrade → upgrading; fetchlogs → fetchlogs; databridge → transparent_bridge; video with forward →
 * streamingandforwarding, video in speed-test state → speedtest, other video → streaming; forward
 * with store → storeandforward, forward alone → forwarding; store alone → storeandforward;
 * otherwise idle. No applications reported (null/undefined) → offline.
 *
 * Literal reading kept: multiCamera, switcher and switcherAndProxy are not in the priority list, so
 * alone they derive `idle`; their busy-ness shows through {@link isBusy}, {@link isStreaming} and
 * {@link unitIcon}. `online`, `unavailable` and `setup_transparent_bridge` are never derived here:
 * they are set by the core from other signals.
 */
export function deriveUnitStatus(applications: UnitApplications | null | undefined): UnitStatus {
  if (applications === null || applications === undefined) return 'offline';
  const has = (key: UnitApplicationKey): boolean => hasApplication(applications, key);
  if (has('upgrade')) return 'upgrading';
  if (has('fetchlogs')) return 'fetchlogs';
  if (has('databridge')) return 'transparent_bridge';
  const video = applications.video;
  if (video) {
    if (has('forward')) return 'streamingandforwarding';
    if (video.state === 'speedtest') return 'speedtest';
    return 'streaming';
  }
  if (has('forward')) return has('store') ? 'storeandforward' : 'forwarding';
  if (has('store')) return 'storeandforward';
  return 'idle';
}

/** A device report: whether the unit is connected to the core, and its applications map. */
export interface UnitReport {
  readonly online: boolean;
  readonly applications: UnitApplications | null | undefined;
}

/**
 * Spec 000 §4: status from a full device report. `online: false` → offline. Reading chosen for
 * `online: true` without an applications map: the explicit online flag wins over "no applications
 * reported", so the unit is `idle` (connected, nothing running).
 */
export function deriveUnitStatusFromReport(report: UnitReport): UnitStatus {
  if (!report.online) return 'offline';
  return deriveUnitStatus(report.applications ?? {});
}

/** Spec 000 §4 groupings: offline-like statuses. */
export const OFFLINE_LIKE_STATUSES = ['offline', 'unavailable'] as const satisfies readonly UnitStatus[];
/** Spec 000 §4 groupings: online-like statuses. */
export const ONLINE_LIKE_STATUSES = ['online', 'idle', 'forwarding'] as const satisfies readonly UnitStatus[];
/** Spec 000 §4 groupings: any of these applications makes the unit busy. */
export const BUSY_APPLICATIONS = [
  'video',
  'multiCamera',
  'switcher',
  'switcherAndProxy',
  'upgrade',
  'databridge',
  'fetchlogs',
] as const satisfies readonly UnitApplicationKey[];
/** Spec 000 §4 groupings: streaming applications (video counts only when not in speed test). */
export const STREAMING_APPLICATIONS = ['video', 'multiCamera', 'switcher', 'switcherAndProxy'] as const satisfies readonly UnitApplicationKey[];

/** Spec 000 §4: offline-like = offline, unavailable. */
export function isOfflineLike(status: UnitStatus): boolean {
  return (OFFLINE_LIKE_STATUSES as readonly UnitStatus[]).includes(status);
}

/** Spec 000 §4: online-like = online, idle, forwarding. */
export function isOnlineLike(status: UnitStatus): boolean {
  return (ONLINE_LIKE_STATUSES as readonly UnitStatus[]).includes(status);
}

/**
 * Spec 000 §4: busy = any of video, multi camera, switcher, switcher-and-proxy, upgrade, databridge,
 * fetchlogs, or both store and forward. Video in speed test is busy too (the spec lists video
 * without exception here). No applications → not busy.
 */
export function isBusy(applications: UnitApplications | null | undefined): boolean {
  if (!applications) return false;
  if (BUSY_APPLICATIONS.some((key) => hasApplication(applications, key))) return true;
  return hasApplication(applications, 'store') && hasApplication(applications, 'forward');
}

/** Spec 000 §4: streaming = video (not in speed test), multi camera, switcher or switcher-and-proxy. */
export function isStreaming(applications: UnitApplications | null | undefined): boolean {
  if (!applications) return false;
  return STREAMING_APPLICATIONS.some((key) => {
    const app = applications[key];
    if (app === undefined || app === null) return false;
    return key !== 'video' || app.state !== 'speedtest';
  });
}

/** Status-level classes used by the counters and the real-time status change events. */
export const UNIT_STATUS_CLASSES = ['offline', 'online', 'streaming', 'storeAndForward', 'busy'] as const;
export type UnitStatusClass = (typeof UNIT_STATUS_CLASSES)[number];

/**
 * Class of every status. Readings chosen: `forwarding` is online (spec groups it online-like);
 * `streamingandforwarding` is streaming; `speedtest` is busy, not streaming (spec: streaming = video
 * not in speed test); fetchlogs, upgrading and both transparent-bridge statuses are busy.
 */
const STATUS_CLASS: Record<UnitStatus, UnitStatusClass> = {
  offline: 'offline',
  unavailable: 'offline',
  online: 'online',
  idle: 'online',
  forwarding: 'online',
  streaming: 'streaming',
  streamingandforwarding: 'streaming',
  storeandforward: 'storeAndForward',
  speedtest: 'busy',
  fetchlogs: 'busy',
  upgrading: 'busy',
  transparent_bridge: 'busy',
  setup_transparent_bridge: 'busy',
};

/** Spec 000 §4 groupings / counter transitions: the class of a status. */
export function statusClass(status: UnitStatus): UnitStatusClass {
  return STATUS_CLASS[status];
}

/** The three status buckets of the counter bar (spec 000 §2: busy, idle, offline). */
export type UnitCounterBucket = 'busy' | 'idle' | 'offline';

/**
 * Bucket of every class. Spec 000 §4 counts online-to-store-and-forward "as streaming", so
 * store-and-forward sits in the busy bucket with streaming and the other busy statuses.
 */
const CLASS_BUCKET: Record<UnitStatusClass, UnitCounterBucket> = {
  offline: 'offline',
  online: 'idle',
  streaming: 'busy',
  storeAndForward: 'busy',
  busy: 'busy',
};

/**
 * The busy / idle / offline bucket of a status alone (the change events' view: spec 000 §4 counts
 * online-to-store-and-forward as streaming). A status cannot tell store alone from store and
 * forward: the counter bar, the unit icon and the busy filter use {@link unitBucket}, which reads
 * the unit's applications.
 */
export function getCounterBucket(status: UnitStatus): UnitCounterBucket {
  return CLASS_BUCKET[statusClass(status)];
}

/** What {@link unitBucket} reads of a unit (a contracts `UnitSummary` fits as is). */
export interface UnitBucketInput {
  readonly status: UnitStatus;
  readonly applications: UnitApplications | null | undefined;
}

/**
 * Spec 000 §2 counter bar, §4 groupings and unit icon: the one busy / idle / offline grouping of a
 * unit, used by the counter bar, the unit icon, the busy/idle/offline filters and the list alike.
 * - offline-like status (offline, unavailable) → offline;
 * - busy applications ({@link isBusy}: video, multi camera, switchers, upgrade, databridge, fetch
 *   logs, or store AND forward) → busy;
 * - a status only busy applications give (streaming, speed test, upgrading, fetch logs, transparent
 *   bridge), for a report whose applications map is missing → busy;
 * - otherwise idle: online, idle, forwarding, and `storeandforward` from store alone (recording
 *   without forwarding is not busy).
 */
export function unitBucket(unit: UnitBucketInput): UnitCounterBucket {
  if (isOfflineLike(unit.status)) return 'offline';
  if (isBusy(unit.applications)) return 'busy';
  const cls = statusClass(unit.status);
  return cls === 'streaming' || cls === 'busy' ? 'busy' : 'idle';
}

/** The four classes the spec's change events are named after. */
type EventClass = 'offline' | 'online' | 'streaming' | 'storeAndForward';

/**
 * The `busy` class (speed test, fetch logs, upgrade, transparent bridge) folds into `streaming` for
 * events: the spec has no event for it, and it is counted in the same busy bucket.
 */
const EVENT_CLASS: Record<UnitStatusClass, EventClass> = {
  offline: 'offline',
  online: 'online',
  streaming: 'streaming',
  storeAndForward: 'storeAndForward',
  busy: 'streaming',
};

/** Event for every change of event class; `unknown` where the spec names no event. */
const CHANGE_EVENTS: Record<EventClass, Record<EventClass, UnitStatusChangeEvent | null>> = {
  offline: { offline: null, online: 'offlineToOnline', streaming: 'offlineToStreaming', storeAndForward: 'offlineToStoreAndForward' },
  online: { offline: 'onlineToOffline', online: null, streaming: 'onlineToStreaming', storeAndForward: 'onlineToStoreAndForward' },
  streaming: { offline: 'streamingToOffline', online: 'streamingToOnline', streaming: null, storeAndForward: 'unknown' },
  storeAndForward: { offline: 'storeAndForwardToOffline', online: 'storeAndForwardToOnline', streaming: 'unknown', storeAndForward: null },
};

/**
 * Spec 000 §4 counter transitions / spec 001 §4 unit status change events. Returns null when the
 * event class did not change (busy statuses count as streaming, see above), `unknown` for a change
 * the spec names no event for (streaming ↔ store-and-forward). Reading chosen for `prev` undefined
 * (first report of a unit): a unit not heard from yet is offline, so it is compared from `offline`.
 */
export function statusChangeEvent(prev: UnitStatus | undefined, next: UnitStatus): UnitStatusChangeEvent | null {
  const from = EVENT_CLASS[statusClass(prev ?? 'offline')];
  const to = EVENT_CLASS[statusClass(next)];
  return CHANGE_EVENTS[from][to];
}

/** The busy / idle / offline part of the counter bar. */
export interface UnitStatusCounters {
  readonly busy: number;
  readonly idle: number;
  readonly offline: number;
}

/** Which bucket every event moves a unit from and to; null = no counter change. */
export const UNIT_COUNTER_TRANSITIONS: Record<UnitStatusChangeEvent, { readonly from: UnitCounterBucket; readonly to: UnitCounterBucket } | null> = {
  offlineToOnline: { from: 'offline', to: 'idle' },
  onlineToStreaming: { from: 'idle', to: 'busy' },
  offlineToStreaming: { from: 'offline', to: 'busy' },
  streamingToOnline: { from: 'busy', to: 'idle' },
  onlineToOffline: { from: 'idle', to: 'offline' },
  streamingToOffline: { from: 'busy', to: 'offline' },
  storeAndForwardToOnline: { from: 'busy', to: 'idle' },
  storeAndForwardToOffline: { from: 'busy', to: 'offline' },
  offlineToStoreAndForward: { from: 'offline', to: 'busy' },
  onlineToStoreAndForward: { from: 'idle', to: 'busy' },
  unknown: null,
};

/**
 * Spec 000 §4 counter transitions: returns a NEW counters object with the unit moved between
 * buckets (online-to-store-and-forward counts as streaming, i.e. busy). `unknown` and null change
 * nothing. A bucket never goes below 0 (a late or duplicated event must not show a negative count).
 */
export function applyCounterTransition(counters: UnitStatusCounters, event: UnitStatusChangeEvent | null): UnitStatusCounters {
  const next = { busy: counters.busy, idle: counters.idle, offline: counters.offline };
  const move = event === null ? null : UNIT_COUNTER_TRANSITIONS[event];
  if (move) {
    next[move.from] = Math.max(0, next[move.from] - 1);
    next[move.to] += 1;
  }
  return next;
}

/** One row of the unit list as the counter bar needs it. */
export interface UnitCounterRow extends UnitBucketInput {
  readonly typeGroup: UnitTypeGroup;
  /** Active alerts of the unit (only the count matters; a contracts `UnitSummary` fits as is). */
  readonly alerts: readonly unknown[];
  /** The unit reports a camera connected to its video input. */
  readonly cameraConnected?: boolean;
}

/** Spec 000 §2 counter bar: busy, idle, offline, field, camera, lite, smart, ptmp, ptp, active alerts. */
export interface UnitCounterBar extends UnitStatusCounters {
  readonly field: number;
  readonly camera: number;
  readonly lite: number;
  readonly smart: number;
  readonly ptmp: number;
  readonly ptp: number;
  readonly activeAlerts: number;
}

type TypeCounter = 'field' | 'lite' | 'smart' | 'ptmp' | 'ptp';
const TYPE_COUNTER: Partial<Record<UnitTypeGroup, TypeCounter>> = {
  fieldUnits: 'field',
  liteUnits: 'lite',
  smartUnits: 'smart',
  ptmpUnits: 'ptmp',
  ptpUnits: 'ptp',
};

/**
 * Spec 000 §2 counter bar over the rows the list shows. Readings chosen:
 * - busy / idle / offline: the {@link unitBucket} of each row (status and applications);
 * - field, lite, smart, ptmp, ptp: rows of that unit type group (other groups count in no type);
 * - camera: rows whose unit reports `cameraConnected: true` and is not offline-like (an offline
 *   unit cannot vouch for its camera; the cameraDisconnected alert is the other side of this flag);
 * - activeAlerts: number of rows with at least one active alert (every counter counts units, and
 *   clicking a counter filters the list to those units).
 */
export function countUnits(rows: readonly UnitCounterRow[]): UnitCounterBar {
  const bar = { busy: 0, idle: 0, offline: 0, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, ptp: 0, activeAlerts: 0 };
  for (const row of rows) {
    bar[unitBucket(row)] += 1;
    const typeCounter = TYPE_COUNTER[row.typeGroup];
    if (typeCounter) bar[typeCounter] += 1;
    if (row.cameraConnected === true && !isOfflineLike(row.status)) bar.camera += 1;
    if (row.alerts.length > 0) bar.activeAlerts += 1;
  }
  return bar;
}

/** Spec 000 §4: "The unit icon shows offline, upgrading, fetch-logs, busy or online". */
export const UNIT_ICONS = ['offline', 'upgrading', 'fetchlogs', 'busy', 'online'] as const;
export type UnitIcon = (typeof UNIT_ICONS)[number];

/**
 * Spec 000 §4 unit icon. Order: offline-like status → offline; upgrading → upgrading; fetchlogs →
 * fetchlogs; then the unit's {@link unitBucket}: busy → busy (so the icon and the counter bar's
 * Busy agree: store alone is not busy), otherwise online.
 */
export function unitIcon(status: UnitStatus, applications: UnitApplications | null | undefined): UnitIcon {
  if (isOfflineLike(status)) return 'offline';
  if (status === 'upgrading') return 'upgrading';
  if (status === 'fetchlogs') return 'fetchlogs';
  return unitBucket({ status, applications }) === 'busy' ? 'busy' : 'online';
}

/** The statuses in which a unit's time counts as usage (spec 001 §4 usage kind "time": it sends live video). */
const USAGE_TIME: ReadonlySet<UnitStatus> = new Set<UnitStatus>(['streaming', 'streamingandforwarding']);
/** The statuses in which a unit's data counts as usage (spec 001 §4 usage kind "data": live video, or recorded files sent). */
const USAGE_DATA: ReadonlySet<UnitStatus> = new Set<UnitStatus>([...USAGE_TIME, 'forwarding']);

/** What of a unit's activity counts as usage in `status`: the data its links carry, and its time. */
export function usageCounted(status: UnitStatus): { readonly data: boolean; readonly time: boolean } {
  return { data: USAGE_DATA.has(status), time: USAGE_TIME.has(status) };
}
