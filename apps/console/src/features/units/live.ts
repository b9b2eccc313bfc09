/**
 * What realtime events change in the console's reads of units (registered in src/live/): the unit
 * lists (fetchDevices, thousands of rows: a frame's events at once), a unit's detail and the map
 * popup's read, its position, tally, alerts and the active alerts list. Every patch through the
 * one version rule of kit/cache (kit/cachePatch).
 */
import type { RealtimeEvent, UnitDetail, UnitLocationInfo, UnitSummary } from '@fleet/contracts';
import type { QueryClient } from '@tanstack/react-query';
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

/** A unit's other single reads (its detail, the map popup's unit) with a unit event applied. */
export function patchUnitReads({ queryClient }: LiveContext, event: UnitEvent): void {
  const id = unitIdOf(event);
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
  if (event.location == null) return;
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
