/**
 * The notification centre's entries: what the fleet did, newest first, read or unread. Pure state
 * transitions (centreStore.ts holds the state of a session; NotificationCentre.tsx shows it).
 *
 * - One entry per subject and topic (`keyOf`): a unit's status, a file's transfer, a unit's alert of
 *   one type, a new device, a hub or a channel going offline. A notice of a subject already listed
 *   replaces that entry (which moves to the top, unread, its count one higher): a unit flapping
 *   twenty times is one entry saying so, not twenty.
 * - A notice older than the entry it would replace is dropped (events arriving late or out of
 *   order never overwrite what came after them).
 * - At most CENTRE_CAPACITY entries: the oldest leave first.
 */
import type { AlertLevel, UnitStatusChangeEvent } from '@fleet/contracts';
import type { Notice } from './notices';

/**
 * How many entries the centre keeps. With one entry per unit and topic, 500 holds the latest of every
 * unit's status in a fleet of several hundred with their alerts and files beside them; it is what a
 * person can still go through with the filters, and its memory is small (≈ 100 KB). Older entries
 * describe a state the lists show better.
 */
export const CENTRE_CAPACITY = 500;

export type EntryKind =
  | 'online'
  | 'offline'
  | 'streamingStarted'
  | 'streamingStopped'
  | 'fileTransfer'
  | 'deviceAdded'
  | 'alert'
  | 'hubOffline'
  | 'channelOffline';
export const ENTRY_KINDS: readonly EntryKind[] = [
  'online',
  'offline',
  'streamingStarted',
  'streamingStopped',
  'fileTransfer',
  'deviceAdded',
  'alert',
  'hubOffline',
  'channelOffline',
];

export type Severity = 'info' | 'warning' | 'critical';
export const SEVERITIES: readonly Severity[] = ['critical', 'warning', 'info'];

export interface CentreEntry {
  readonly id: number;
  /** Its subject and topic: a notice with the same key replaces it. */
  readonly key: string;
  readonly kind: EntryKind;
  readonly severity: Severity;
  readonly notice: Notice;
  /** The unit's name as the console knew it when the notice came (shown when the lists no longer hold it). */
  readonly nameAtArrival: string | null;
  /** When the latest notice happened. */
  readonly at: number;
  /** How many notices it stands for. */
  readonly count: number;
  readonly read: boolean;
}

export interface CentreState {
  /** Newest first. */
  readonly entries: readonly CentreEntry[];
  readonly nextId: number;
}

export const EMPTY_CENTRE: CentreState = { entries: [], nextId: 1 };

export function kindOfChange(change: Exclude<UnitStatusChangeEvent, 'unknown'>): EntryKind {
  switch (change) {
    case 'offlineToOnline':
      return 'online';
    case 'onlineToStreaming':
    case 'offlineToStreaming':
    case 'onlineToStoreAndForward':
    case 'offlineToStoreAndForward':
      return 'streamingStarted';
    case 'streamingToOnline':
    case 'storeAndForwardToOnline':
      return 'streamingStopped';
    case 'onlineToOffline':
    case 'streamingToOffline':
    case 'storeAndForwardToOffline':
      return 'offline';
  }
}

export function kindOf(notice: Notice): EntryKind {
  switch (notice.kind) {
    case 'statusChange':
      return kindOfChange(notice.change);
    case 'fileTransfer':
      return 'fileTransfer';
    case 'deviceAdded':
      return 'deviceAdded';
    case 'alert':
      return 'alert';
    case 'serverOffline':
      return 'hubOffline';
    case 'channelOffline':
      return 'channelOffline';
  }
}

const ALERT_SEVERITY: Record<AlertLevel, Severity> = { critical: 'critical', warning: 'warning' };

export function severityOf(notice: Notice): Severity {
  switch (notice.kind) {
    case 'alert':
      return ALERT_SEVERITY[notice.level];
    case 'statusChange':
      return kindOfChange(notice.change) === 'offline' ? 'warning' : 'info';
    case 'fileTransfer':
      return notice.phase === 'failed' ? 'warning' : 'info';
    case 'serverOffline':
    case 'channelOffline':
      return 'warning';
    case 'deviceAdded':
      return 'info';
  }
}

/** The subject and topic of a notice. */
export function keyOf(notice: Notice): string {
  switch (notice.kind) {
    case 'statusChange':
      return `status:${notice.unitId}`;
    case 'fileTransfer':
      return `file:${notice.unitId}:${notice.fileName}`;
    case 'deviceAdded':
      return `added:${notice.unitId}`;
    case 'alert':
      return `alert:${notice.unitId ?? notice.serverId ?? notice.channelId ?? ''}:${notice.alertType}:${notice.level}`;
    case 'serverOffline':
      return `hub:${notice.serverId}`;
    case 'channelOffline':
      return `channel:${notice.channelId}`;
  }
}

/** The unit a notice is about, or null (a hub, a channel, an alert of either). */
export function unitOf(notice: Notice): string | null {
  return 'unitId' in notice ? notice.unitId : null;
}

/** The notices added, each replacing the entry of its key unless older than it; at most `capacity` kept. */
export function addNotices(
  state: CentreState,
  notices: readonly Notice[],
  nameOf: (unitId: string) => string | null = () => null,
  capacity: number = CENTRE_CAPACITY,
  /** How many notices each stands for (several of a subject joined before they came here). */
  timesOf: (notice: Notice) => number = () => 1,
): CentreState {
  if (notices.length === 0) return state;
  const byKey = new Map(state.entries.map((entry) => [entry.key, entry]));
  let nextId = state.nextId;
  let changed = false;
  for (const notice of [...notices].sort((a, b) => a.at - b.at)) {
    const key = keyOf(notice);
    const previous = byKey.get(key);
    if (previous !== undefined && notice.at < previous.at) continue;
    const unitId = unitOf(notice);
    // Delete first, so the entry moves to the end of the map's order (the newest).
    byKey.delete(key);
    byKey.set(key, {
      id: nextId++,
      key,
      kind: kindOf(notice),
      severity: severityOf(notice),
      notice,
      nameAtArrival: (unitId === null ? null : nameOf(unitId)) ?? previous?.nameAtArrival ?? null,
      at: notice.at,
      count: (previous?.count ?? 0) + timesOf(notice),
      read: false,
    });
    changed = true;
  }
  if (!changed) return state;
  const entries = [...byKey.values()].sort((a, b) => b.at - a.at || b.id - a.id).slice(0, capacity);
  return { entries, nextId };
}

export function markRead(state: CentreState, id: number): CentreState {
  if (!state.entries.some((entry) => entry.id === id && !entry.read)) return state;
  return { ...state, entries: state.entries.map((entry) => (entry.id === id ? { ...entry, read: true } : entry)) };
}

/** Marks read the entries `which` selects (those the person sees under the filters). */
export function markAllRead(state: CentreState, which: (entry: CentreEntry) => boolean = () => true): CentreState {
  if (!state.entries.some((entry) => !entry.read && which(entry))) return state;
  return { ...state, entries: state.entries.map((entry) => (!entry.read && which(entry) ? { ...entry, read: true } : entry)) };
}

export function unreadCount(state: CentreState): number {
  let count = 0;
  for (const entry of state.entries) if (!entry.read) count += 1;
  return count;
}

export interface CentreFilter {
  readonly unitId: string | null;
  readonly kind: EntryKind | null;
  readonly severity: Severity | null;
  readonly unreadOnly: boolean;
}

export const NO_FILTER: CentreFilter = { unitId: null, kind: null, severity: null, unreadOnly: false };

export function matches(entry: CentreEntry, filter: CentreFilter): boolean {
  if (filter.unreadOnly && entry.read) return false;
  if (filter.kind != null && entry.kind !== filter.kind) return false;
  if (filter.severity != null && entry.severity !== filter.severity) return false;
  if (filter.unitId != null && unitOf(entry.notice) !== filter.unitId) return false;
  return true;
}
