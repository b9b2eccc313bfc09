/**
 * What realtime events change in the console's reads of units (registered in src/live/): the unit
 * lists (fetchDevices, thousands of rows: a frame's events at once), a unit's detail and the map
 * popup's read, its position, tally, alerts and the active alerts list. Every patch through the
 * one version rule of kit/cache (kit/cachePatch).
 */
import type { RealtimeEvent, UnitDetail, UnitLocationInfo, UnitSummary } from '@fleet/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import {
  alertUnitId,
  applyAlertToSummary,
  applyToDetail,
  applyToSummary,
  isUnitListEvent,
  patchActiveAlerts,
  patchUnitListBatch,
  unitIdOf,
} from '../../kit/cachePatch';
import type { AlertEvent, UnitEvent, UnitListEvent } from '../../kit/cachePatch';
import type { EventOf, LiveContext, LiveResource } from '../../realtime/liveRegistry';

/** The kinds the unit lists take a frame at a time. */
export const UNIT_LIST_KINDS = ['unit.status', 'unit.telemetry', 'unit.updated', 'unit.channels', 'alert.raised', 'alert.cleared'] as const;

/** The reads of one unit events patch besides the lists. */
const UNIT_SINGLE_READS: ReadonlySet<unknown> = new Set(['getUnit', 'fetchDeviceById', 'getDeviceLocation']);

/** The unit a single read of a unit is of (its key's `params.id`), or null for any other query. */
function unitOfRead(query: Query): string | null {
  const [endpoint, input] = query.queryKey as readonly [unknown, { params?: { id?: unknown } } | undefined];
  if (!UNIT_SINGLE_READS.has(endpoint)) return null;
  const id = input?.params?.id;
  return typeof id === 'string' ? id : null;
}

const unitReadIndexes = new WeakMap<QueryClient, Map<string, number>>();

/**
 * How many single reads (detail, map popup, position) each unit has in a query client's cache,
 * kept from the cache's own added and removed events. A fleet's telemetry (10,000 units: about
 * 2,000 events a second) is mostly about units nobody has opened: for those an event costs one
 * lookup here instead of three cache lookups, each hashing a key and building its options.
 */
function unitReadCounts(queryClient: QueryClient): ReadonlyMap<string, number> {
  let counts = unitReadIndexes.get(queryClient);
  if (counts !== undefined) return counts;
  const index = new Map<string, number>();
  const add = (query: Query, by: 1 | -1) => {
    const id = unitOfRead(query);
    if (id === null) return;
    const n = (index.get(id) ?? 0) + by;
    if (n > 0) index.set(id, n);
    else index.delete(id);
  };
  const cache = queryClient.getQueryCache();
  for (const query of cache.getAll()) add(query, 1);
  // Held by the cache as long as the client is: both go together.
  cache.subscribe((event) => {
    if (event.type === 'added') add(event.query, 1);
    else if (event.type === 'removed') add(event.query, -1);
  });
  counts = index;
  unitReadIndexes.set(queryClient, counts);
  return counts;
}

/** Whether a unit has a single read in the cache (its detail, the map popup's unit, its position). */
export function hasUnitReads(queryClient: QueryClient, unitId: string): boolean {
  return unitReadCounts(queryClient).has(unitId);
}

/** A unit's other single reads (its detail, the map popup's unit) with a unit event applied. */
export function patchUnitReads({ queryClient }: LiveContext, event: UnitEvent): void {
  const id = unitIdOf(event);
  if (!hasUnitReads(queryClient, id)) return;
  queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id } }), (unit) => (unit ? applyToDetail(unit, event) : unit));
  queryClient.setQueryData<UnitSummary>(endpointKey('fetchDeviceById', { params: { id } }), (unit) => (unit ? applyToSummary(unit, event) : unit));
}

export function patchAlert(ctx: LiveContext, event: AlertEvent): void {
  const unitId = alertUnitId(event);
  if (unitId !== null) {
    ctx.queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: unitId } }), (unit) => (unit ? applyAlertToSummary(unit, event) : unit));
  }
  ctx.queryClient.setQueriesData({ queryKey: endpointPrefix('fetchActiveAlerts') }, (list: Parameters<typeof patchActiveAlerts>[0]) =>
    patchActiveAlerts(list, event, ctx.unitName),
  );
}

/** The position the detail header shows: a report without one keeps the last known (the core then answers the stored address). */
export function patchLocation({ queryClient }: LiveContext, event: EventOf<'unit.telemetry'>): void {
  if (event.location == null || !hasUnitReads(queryClient, event.unitId)) return;
  const key = endpointKey('getDeviceLocation', { params: { id: event.unitId } });
  if (queryClient.getQueryData(key) === undefined) return;
  queryClient.setQueryData<UnitLocationInfo>(key, { uniqueId: event.unitId, location: event.location, live: true });
}

/** The unit list events applied to the cached unit lists: one copy of each list for all of them. */
export function applyToUnitLists(queryClient: QueryClient, events: readonly RealtimeEvent[]): void {
  const listEvents = events.filter((e): e is UnitListEvent => isUnitListEvent(e));
  if (listEvents.length === 0) return;
  queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => patchUnitListBatch(list, listEvents));
}

const UNIT_READS = ['fetchDevices', 'getUnit', 'fetchDeviceById'] as const;

export const unitsLive: LiveResource = {
  resource: 'units',
  events: {
    'unit.status': { patches: UNIT_READS, screens: 'counter bar, transitions', apply: patchUnitReads },
    'unit.telemetry': {
      patches: [...UNIT_READS, 'getDeviceLocation'],
      apply: (ctx, event) => {
        patchUnitReads(ctx, event);
        patchLocation(ctx, event);
      },
    },
    'unit.updated': { patches: UNIT_READS, apply: patchUnitReads },
    'unit.channels': {
      patches: UNIT_READS,
      screens: 'the channel a unit streams to on the list, the detail, Multiview and the map popup',
      apply: patchUnitReads,
    },
    'unit.tally': {
      patches: ['getUnit'],
      apply: ({ queryClient }, event) =>
        queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: event.unitId } }), (unit) => (unit ? applyToDetail(unit, event) : unit)),
    },
    'device.added': { rereads: ['fetchDevices'], screens: 'the unit list is read again, debounced (provider)' },
    'device.removed': { rereads: ['fetchDevices'], screens: 'the unit list is read again, debounced (provider)' },
    'alert.raised': { patches: ['fetchDevices', 'getUnit', 'fetchActiveAlerts'], apply: patchAlert },
    'alert.cleared': { patches: ['fetchDevices', 'getUnit', 'fetchActiveAlerts'], apply: patchAlert },
    'unit.transition': { screens: 'transition flags (lib/transitions)' },
  },
  batched: { kinds: UNIT_LIST_KINDS, apply: applyToUnitLists },
};
