import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_TOPIC, SYSTEM_ENTITY_KINDS, TIMINGS } from '@fleet/contracts';
import type { CurrentUser, RealtimeEvent, Topic } from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery } from '../api/hooks';
import { getRuntimeConfig, resolveWsUrl } from '../config/runtimeConfig';
import { rolesOf } from '../session/hooks';
import { useUserConfigPolling } from '../session/useUserConfigPolling';
import { currentInventory, picksAmongAllInventories } from '../shell/scope';
import { useToast } from '../toast/useToast';
import { applyRealtimeEvents, applyToOtherQueries, liveContext } from './applyEvents';
import type { LiveTable } from './liveRegistry';
import { debounce } from './debounce';
import { liveness } from './livenessStore';
import { frameBatch } from './frameBatch';
import { RealtimeClient } from './RealtimeClient';
import { readReplay } from './readReplay';
import type { RealtimeStatus } from './RealtimeClient';
import { invalidateReads, staleSystemEntityReads } from './systemEntities';
import { adminTopicsFor, batchSizeFor, topicsForUser } from './topics';
import { RealtimeTransportContext } from './transport';
import { watchWsLibrary } from './wsLibrary';

/** Loads the live table (what the features registered): asked for when the first event arrives, which waits for it. */
export interface LiveTableLoader {
  (): Promise<LiveTable>;
  /** The table when it was loaded already (a later provider of the page has it at once). */
  readonly loaded?: () => LiveTable | null;
}

type Listener = (event: RealtimeEvent) => void;

/**
 * The loading state the live lists (units, channels) show: null while the realtime client is
 * fine; `websocket` once it reached the maximum number of reconnects (spec 001 §7).
 */
export interface LiveListError {
  readonly kind: 'websocket';
  readonly attempts: number;
}

interface RealtimeContextValue {
  readonly status: RealtimeStatus;
  readonly listError: LiveListError | null;
  /** Listen to every validated event; returns the unsubscribe function. */
  readonly subscribe: (listener: Listener) => () => void;
  /**
   * The core acknowledged ADMIN_TOPIC and the connection is open: the system entities lists are
   * kept current by `systemEntities.changed` and need no timer (a core without it refuses it).
   */
  readonly adminLive: boolean;
  /** The core acknowledged this connection's subscriptions: events of the user's topics reach the console from now on. */
  readonly subscribed: boolean;
  /**
   * Applies an event the console made itself (a mutation's answer, as the core will announce it) to
   * the cached reads through the live table, at once when it is loaded.
   */
  readonly applyLocal: (event: RealtimeEvent) => Promise<void>;
}

const RealtimeContext = createContext<RealtimeContextValue>({
  status: 'idle',
  listError: null,
  subscribe: () => () => undefined,
  adminLive: false,
  subscribed: false,
  applyLocal: async () => undefined,
});

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}

/** The unit an event reports about (its live values are then as of now), or null. */
function heardUnitOf(event: RealtimeEvent): string | null {
  switch (event.type) {
    case 'unit.status':
    case 'unit.telemetry':
    case 'unit.tally':
      return event.unitId;
    case 'unit.updated':
      return event.unit.uniqueId;
    default:
      return null;
  }
}

/** Reads of units tell the liveness store when their values were read (a unit alone, or a whole list). */
function followUnitReads(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual === true) return;
    const [id, input] = event.query.queryKey as [unknown, { params?: { id?: unknown } } | undefined];
    const at = event.query.state.dataUpdatedAt;
    if (id === 'fetchDevices') liveness.listRead(at);
    else if ((id === 'getUnit' || id === 'fetchDeviceById') && typeof input?.params?.id === 'string') liveness.heard(input.params.id, at);
  });
}

/**
 * Queries that do not follow /ws events: the session's user, preferences and notifications, and the
 * mock's control plane (its probe, chaos rules and clock: `['mock', ...]`, polled on their own).
 */
const NOT_LIVE_QUERY_IDS: ReadonlySet<string> = new Set(['getCurrentUser', 'getUserPreferences', 'fetchClientNotifications', 'mock']);

/**
 * Runs one realtime client for the signed-in user: subscribes to the user's groups (or
 * inventories) in batches of the user's size, patches the query cache on events, refreshes the
 * device list (debounced) on device added/removed, refetches when the server says events were
 * lost, reloads the page when the websocket library setting changes, and polls the user
 * configuration (spec 000 §7).
 */
/**
 * A global user's current inventory of the shell (null for others, who pick among their own); only
 * this field is watched, so saving other preferences does not re-render the provider.
 */
function useGlobalShellInventory(user: CurrentUser): string | null {
  const global = picksAmongAllInventories(rolesOf(user));
  const { data } = useEndpointQuery(
    'getUserPreferences',
    {},
    {
      enabled: false,
      select: (prefs) => (global ? (currentInventory(prefs, user.inventories, true)?.id ?? null) : null),
    },
  );
  return data ?? null;
}

export function RealtimeProvider({ user, loadTable, children }: { user: CurrentUser; loadTable: LiveTableLoader; children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  // The client starts connecting as the provider mounts: the first render says so already (an 'idle'
  // first state would render every reader of the context again at once).
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [listError, setListError] = useState<LiveListError | null>(null);
  const listeners = useRef(new Set<Listener>());
  const clientRef = useRef<RealtimeClient | null>(null);
  const shellInventoryId = useGlobalShellInventory(user);
  const [adminAcked, setAdminAcked] = useState(false);
  const [acked, setAcked] = useState(false);
  const topicsKey = [...topicsForUser(user, shellInventoryId), ...adminTopicsFor(rolesOf(user))].join(',');
  const batchSize = batchSizeFor(user);
  const wsLibrary = user.props.wsLibrary;
  const transport = useContext(RealtimeTransportContext);
  // The live table, once loaded (one promise per provider; the loader is the app's, it never changes).
  const table = useRef<LiveTable | null>(loadTable.loaded?.() ?? null);
  const tableLoad = useRef<Promise<LiveTable> | null>(null);
  const loadTableRef = useRef(loadTable);
  const ensureTable = useCallback((): Promise<LiveTable> => {
    tableLoad.current ??= loadTableRef.current().then((loaded) => {
      table.current = loaded;
      return loaded;
    });
    return tableLoad.current;
  }, []);

  useUserConfigPolling();

  // Latest translation/toast functions without restarting the socket when they change.
  const notify = useRef({ t, toast });
  useEffect(() => {
    notify.current = { t, toast };
  }, [t, toast]);

  // One watch per page load: the first setting seen is the baseline.
  const libraryWatch = useRef(watchWsLibrary(() => window.location.reload()));
  useEffect(() => libraryWatch.current.observe(wsLibrary), [wsLibrary]);

  useEffect(() => {
    const refreshDevices = debounce(() => {
      void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchDevices') });
    }, TIMINGS.deviceListRefreshDebounceMs);
    // What is applied while a read of it is on its way is applied again to that read's answer.
    const replay = readReplay(queryClient, (queryKey) => !NOT_LIVE_QUERY_IDS.has(String(queryKey[0])));
    // The unit lists are patched once for the /ws frames that arrived together (the hub sends one
    // frame per topic, each a task of its own): one copy of the 1,000 units and one notification
    // for all of them, not one per frame. The rest is applied at the end of each frame's task.
    let stopped = false;
    const lists = frameBatch<RealtimeEvent>(
      (listEvents) => notifyManager.batch(() => replay.apply((client) => table.current?.applyBatched(client, listEvents))),
      {
        maxWaitMs: 0,
        animationFrame: false,
      },
    );
    const pending: RealtimeEvent[] = [];
    const flush = () => {
      if (stopped) return;
      const live = (table.current ??= loadTableRef.current.loaded?.() ?? null);
      if (live === null) {
        // The first events wait for the live table's code; those arriving meanwhile join them.
        ensureTable().then(flush, () => {
          console.warn(`realtime: the live table did not load; ${pending.splice(0).length} events were not applied`);
        });
        return;
      }
      const events = pending.splice(0);
      const now = Date.now();
      for (const event of events) {
        const unitId = heardUnitOf(event);
        if (unitId !== null) liveness.heard(unitId, now);
      }
      for (const event of events) if (live.isBatched(event)) lists.push(event);
      notifyManager.batch(() => replay.apply((client) => applyToOtherQueries(live, client, events, queryClient)));
      // The observers (the notification centre) hear each event once, after the patches.
      live.observe(liveContext(queryClient), events);
      for (const event of events) {
        if (event.type === 'device.added' || event.type === 'device.removed') refreshDevices.call();
        if (event.type === 'config.changed') libraryWatch.current.observe(event.wsLibrary);
        for (const listener of listeners.current) listener(event);
      }
    };
    const client = new RealtimeClient({
      url: resolveWsUrl(getRuntimeConfig().wsUrl, window.location),
      batchSize,
      socketFactory: transport.socketFactory,
      syncDelayMaxMs: transport.syncDelayMaxMs,
      onStatus: (next) => {
        liveness.connection(next, Date.now());
        setStatus(next);
        // A new connection subscribes again: nothing is acknowledged on it yet.
        if (next !== 'open') setAcked(false);
        if (next === 'open') setListError(null);
      },
      onError: (attempts) => {
        setListError({ kind: 'websocket', attempts });
        notify.current.toast.show({ message: notify.current.t('realtime.lost'), variant: 'error', timeoutMs: 0 });
      },
      onHello: (hello) => libraryWatch.current.observe(hello.wsLibrary),
      onRefetch: (topic) => {
        // The missed events are gone: the lists and the open unit are read again.
        if (topic === ADMIN_TOPIC) {
          invalidateReads(queryClient, staleSystemEntityReads(SYSTEM_ENTITY_KINDS));
          return;
        }
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchDevices') });
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('getUnit') });
        void queryClient.invalidateQueries({ queryKey: ['fetchActiveAlerts'] });
      },
      onSubscribed: (topics) => {
        setAcked(true);
        if (topics.includes(ADMIN_TOPIC)) setAdminAcked(true);
        // Events published before the server registered the subscription never reach us: what
        // was read over REST before its acknowledgement came is read again (spec 001 §7: lists
        // stay current). Not only what was read before the request was sent: a change made while
        // it was on its way (after a list was read) would otherwise be lost until a reload.
        // So is a read still on its way: its answer too may have been taken before the subscription
        // was registered (it is sent again). An event patched in while an answer is read again
        // survives that read (readReplay).
        // (A first read on its way is cancelled, else a new read would join it instead of being sent.)
        const ackedAt = Date.now();
        const stale = new Set(
          queryClient.getQueryCache().findAll({
            predicate: (query) =>
              !NOT_LIVE_QUERY_IDS.has(String(query.queryKey[0])) &&
              (query.state.fetchStatus === 'fetching' || (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= ackedAt)),
          }),
        );
        const ofThem = (query: Query) => stale.has(query);
        void queryClient.cancelQueries({ predicate: ofThem }).then(() => queryClient.invalidateQueries({ predicate: ofThem }));
      },
      onServerError: (code, message) => console.warn(`realtime: server error ${code}: ${message}`),
      onEvent: (event) => {
        // The events of one /ws frame arrive in one task: they are applied together at its end.
        pending.push(event);
        if (pending.length === 1) queueMicrotask(flush);
      },
    });
    clientRef.current = client;
    client.start();
    const stopReads = followUnitReads(queryClient);
    return () => {
      stopped = true;
      stopReads();
      clientRef.current = null;
      client.stop();
      lists.cancel();
      replay.stop();
      refreshDevices.cancel();
    };
  }, [queryClient, batchSize, transport, ensureTable]);

  // A polled user whose groups changed follows the new topics on the same connection.
  useEffect(() => {
    clientRef.current?.setTopics(topicsKey === '' ? [] : (topicsKey.split(',') as Topic[]));
  }, [topicsKey, batchSize, transport]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const adminLive = adminAcked && status === 'open';
  const subscribed = acked && status === 'open';
  const applyLocal = useCallback(
    async (event: RealtimeEvent) => {
      const live = table.current ?? (await ensureTable());
      applyRealtimeEvents(live, queryClient, [event]);
    },
    [ensureTable, queryClient],
  );
  const value = useMemo(
    () => ({ status, listError, subscribe, adminLive, subscribed, applyLocal }),
    [status, listError, subscribe, adminLive, subscribed, applyLocal],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
