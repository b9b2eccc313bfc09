/**
 * The notification centre of a session: its entries (centreState.ts), fed by the realtime layer
 * (live.ts registers it as an observer of every event), read by the header's bell and list. One
 * store per query client, that is per signed-in session: it lives as long as the console's frame,
 * so it survives route changes, and is emptied when the session ends (its user's read leaves the
 * cache); a reload starts it empty (what it held was heard by that page; the
 * lists and the active alerts are read afresh, and entries kept across a reload would tell of states
 * long gone).
 *
 * Notices are gathered for NOTICE_WINDOW_MS (a burst over several /ws frames joins, and the unit
 * lists have taken the frames' patches meanwhile), one per subject (the latest), then each is held
 * against the cache: a status change the unit no longer shows (a late or reordered event, a fleet's
 * state arriving as a batch after a clock step) or an alert already cleared is not told.
 */
import type { QueryClient } from '@tanstack/react-query';
import { statusClass } from '@fleet/domain';
import type { UnitStatusClass } from '@fleet/domain';
import type { RealtimeEvent, UnitDetail, UnitStatus, UnitSummary } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { addNotices, EMPTY_CENTRE, keyOf, markAllRead, markRead } from './centreState';
import type { CentreEntry, CentreState } from './centreState';
import { noticeOf } from './notices';
import type { Notice, NoticePreferences } from './notices';

/** How long the first notice of a burst waits for the rest. */
export const NOTICE_WINDOW_MS = 400;

export interface CentreStore {
  readonly getState: () => CentreState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Events heard on /ws (in order). */
  readonly take: (events: readonly RealtimeEvent[]) => void;
  readonly markRead: (id: number) => void;
  readonly markAllRead: (which?: (entry: CentreEntry) => boolean) => void;
  readonly clear: () => void;
  /** Hears the entries each window added (after the checks): the toasts of critical alerts in view. */
  readonly onAdded: (listener: (entries: readonly CentreEntry[]) => void) => () => void;
}

/** The unit's status in the reads the console holds (its detail first, the freshest), or null when none holds it. */
export function cachedStatus(queryClient: QueryClient, unitId: string): { status: UnitStatus; alerts: UnitSummary['alerts'] } | null {
  const detail = queryClient.getQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: unitId } }));
  if (detail) return { status: detail.status, alerts: detail.alerts };
  for (const [, list] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })) {
    const unit = list?.find((item) => item.uniqueId === unitId);
    if (unit) return { status: unit.status, alerts: unit.alerts };
  }
  return null;
}

/** A unit's name in the lists the console holds, or null. */
export function cachedName(queryClient: QueryClient, unitId: string): string | null {
  for (const [, list] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })) {
    const unit = list?.find((item) => item.uniqueId === unitId);
    if (unit) return unit.name;
  }
  return queryClient.getQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: unitId } }))?.name ?? null;
}

const CLASS_AFTER: Record<Extract<Notice, { kind: 'statusChange' }>['change'], UnitStatusClass> = {
  offlineToOnline: 'online',
  onlineToStreaming: 'streaming',
  offlineToStreaming: 'streaming',
  onlineToStoreAndForward: 'storeAndForward',
  offlineToStoreAndForward: 'storeAndForward',
  streamingToOnline: 'online',
  storeAndForwardToOnline: 'online',
  onlineToOffline: 'offline',
  streamingToOffline: 'offline',
  storeAndForwardToOffline: 'offline',
};

/**
 * Whether what a notice claims is still so in the cache: the unit's status is of the class the
 * change leads to. What the cache does not hold is trusted. An alert is not checked here: a read
 * fetched as it was raised may not list it yet; the store drops an alert cleared within its window
 * from the clearing event itself.
 */
export function stillTrue(notice: Notice, current: ReturnType<typeof cachedStatus>): boolean {
  if (current === null) return true;
  if (notice.kind === 'statusChange') return statusClass(current.status) === CLASS_AFTER[notice.change];
  return true;
}

function createStore(queryClient: QueryClient): CentreStore {
  let state: CentreState = EMPTY_CENTRE;
  const listeners = new Set<() => void>();
  const added = new Set<(entries: readonly CentreEntry[]) => void>();
  // The window's notices, the latest per subject: bounded by the subjects, however many events come.
  let pending = new Map<string, { readonly notice: Notice; readonly times: number }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const set = (next: CentreState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const flush = () => {
    timer = null;
    const held = [...pending.values()];
    pending = new Map();
    const times = new Map(held.map(({ notice, times: n }) => [notice, n]));
    const notices = held
      .map(({ notice }) => notice)
      .filter((notice) => {
        const unitId = 'unitId' in notice ? notice.unitId : null;
        return unitId === null || stillTrue(notice, cachedStatus(queryClient, unitId));
      });
    const before = state;
    set(
      addNotices(
        state,
        notices,
        (unitId) => cachedName(queryClient, unitId),
        undefined,
        (notice) => times.get(notice) ?? 1,
      ),
    );
    if (state === before) return;
    const known = new Set(before.entries.map((entry) => entry.id));
    const fresh = state.entries.filter((entry) => !known.has(entry.id));
    for (const listener of added) listener(fresh);
  };
  const store: CentreStore = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    take: (events) => {
      const preferences = queryClient.getQueryData<NoticePreferences>(endpointKey('getUserPreferences'));
      for (const event of events) {
        if (event.type === 'alert.cleared') {
          // An alert raised and cleared within the window is not told (the events say so; a read may lag them).
          const subject = `alert:${event.unitId ?? event.serverId ?? event.channelId ?? ''}:${event.alertType}:`;
          for (const [key, held] of pending) if (key.startsWith(subject) && held.notice.at <= event.at) pending.delete(key);
          continue;
        }
        const notice = noticeOf(event, preferences);
        if (notice === null) continue;
        const key = keyOf(notice);
        const held = pending.get(key);
        if (held !== undefined && held.notice.at > notice.at) continue;
        pending.delete(key);
        pending.set(key, { notice, times: (held?.times ?? 0) + 1 });
      }
      if (pending.size > 0) timer ??= setTimeout(flush, NOTICE_WINDOW_MS);
    },
    markRead: (id) => set(markRead(state, id)),
    markAllRead: (which) => set(markAllRead(state, which)),
    clear: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = new Map();
      set(EMPTY_CENTRE);
    },
    onAdded: (listener) => {
      added.add(listener);
      return () => added.delete(listener);
    },
  };
  // Signing out drops every cached answer (the session's user among them): the centre goes with them.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && event.query.queryKey[0] === 'getCurrentUser') store.clear();
  });
  return store;
}

const stores = new WeakMap<QueryClient, CentreStore>();

/** The centre of the session whose queries `queryClient` holds. */
export function centreOf(queryClient: QueryClient): CentreStore {
  let store = stores.get(queryClient);
  if (store === undefined) stores.set(queryClient, (store = createStore(queryClient)));
  return store;
}
