/**
 * Realtime events applied to cached REST answers in place (never a full reload): the unit list
 * (fetchDevices) and the unit detail (getUnit). Pure: each function returns the same object when
 * nothing changed, so React Query keeps its reference and nothing re-renders.
 */
import { TIMINGS } from '@fleet/contracts';
import { applyVersioned } from './cache';
import type { ActiveAlert, ClientNotification, EndpointId, RealtimeEvent, UnitDetail, UnitSummary } from '@fleet/contracts';

export type UnitEvent = Extract<RealtimeEvent, { type: 'unit.status' | 'unit.telemetry' | 'unit.updated' | 'unit.channels' }>;

export function isUnitEvent(event: RealtimeEvent): event is UnitEvent {
  return event.type === 'unit.status' || event.type === 'unit.telemetry' || event.type === 'unit.updated' || event.type === 'unit.channels';
}

export function unitIdOf(event: UnitEvent): string {
  return event.type === 'unit.updated' ? event.unit.uniqueId : event.unitId;
}

/** The key a unit's report times are kept under (kit/cache). */
export const unitKey = (id: string): string => `unit:${id}`;

/**
 * One summary with the event applied by the one version rule (kit/cache): the fields the event
 * carries replace, unless an event reported later already set them; the others stay. A whole
 * summary (`unit.updated`) carries every field of it, new ones included.
 */
export function applyToSummary<T extends UnitSummary>(unit: T, event: UnitEvent): T {
  const key = unitKey(unitIdOf(event));
  switch (event.type) {
    case 'unit.status': {
      const patch: Partial<UnitSummary> = { status: event.status, applications: event.applications };
      if (event.totalBitrate !== undefined) patch.totalBitrate = event.totalBitrate;
      return applyVersioned(unit, patch as Partial<T>, { at: event.at, key });
    }
    case 'unit.telemetry':
      return applyVersioned(
        unit,
        { battery: event.battery, location: event.location, totalBitrate: event.totalBitrate, cameraConnected: event.cameraConnected } as Partial<T>,
        { at: event.at, key },
      );
    case 'unit.channels':
      return applyVersioned(unit, { channelsInUse: event.channelsInUse } as Partial<T>, { at: event.at, key });
    case 'unit.updated':
      return applyVersioned(unit, event.unit as Partial<T>, { version: event.unit.version, at: event.at, key });
  }
}

/** The detail with the event applied: the summary fields, plus modems and the bitrate graph. */
export function applyToDetail(unit: UnitDetail, event: UnitEvent | UnitTallyEvent): UnitDetail {
  if (event.type === 'unit.tally') return applyVersioned(unit, { tally: event.tally }, { at: event.at, key: unitKey(event.unitId) });
  const next = applyToSummary(unit, event);
  if (event.type !== 'unit.telemetry') return next;
  const last = unit.bitrateSamples.at(-1);
  // A report older than the graph's last point is not drawn again (nor are its modems).
  if (last !== undefined && event.sample.t <= last.t) return next;
  const samples = [...unit.bitrateSamples, event.sample];
  const overflow = samples.length - TIMINGS.bitrateGraphMaxPoints;
  return applyVersioned(
    next,
    { modems: event.modems, bitrateSamples: overflow > 0 ? samples.slice(overflow) : samples },
    { at: event.at, key: unitKey(event.unitId) },
  );
}

export type UnitTallyEvent = Extract<RealtimeEvent, { type: 'unit.tally' }>;

/**
 * Position of every unit id in a cached unit list, built once per list and handed on to the copy a
 * patch makes (a patch replaces one unit in place, so positions stay): each event then finds its
 * unit in O(1) instead of scanning 10,000 units. What is left per event is the array copy React
 * Query needs (a memcpy-speed slice).
 */
const unitIndexes = new WeakMap<readonly UnitSummary[], ReadonlyMap<string, number>>();

export function unitIndexOf(list: readonly UnitSummary[], id: string): number {
  let index = unitIndexes.get(list);
  if (index === undefined) {
    const built = new Map<string, number>();
    list.forEach((unit, i) => built.set(unit.uniqueId, i));
    index = built;
    unitIndexes.set(list, index);
  }
  const at = index.get(id);
  // A list changed by someone else in place would leave the index stale: check the hit.
  if (at !== undefined && list[at]?.uniqueId === id) return at;
  const found = list.findIndex((unit) => unit.uniqueId === id);
  if (found >= 0) unitIndexes.delete(list);
  return found;
}

/** A copy of the list with one unit replaced at `index`, keeping the id index. */
function replaceAt(list: readonly UnitSummary[], index: number, unit: UnitSummary): UnitSummary[] {
  const next = list.slice();
  next[index] = unit;
  const ids = unitIndexes.get(list);
  if (ids !== undefined) unitIndexes.set(next, ids);
  return next;
}

/** The list with one unit's summary fields taken from a fresher detail (transition polling). */
export function mergeDetailIntoList(list: readonly UnitSummary[] | undefined, detail: UnitDetail): UnitSummary[] | undefined {
  if (!list) return undefined;
  const index = unitIndexOf(list, detail.uniqueId);
  const current = index < 0 ? undefined : list[index];
  if (current === undefined) return list as UnitSummary[];
  const { status, applications, battery, location, totalBitrate, alerts, cameraConnected, channelsInUse, version } = detail;
  const next = applyVersioned(current, { status, applications, battery, location, totalBitrate, alerts, cameraConnected, channelsInUse, version }, { version });
  return next === current ? (list as UnitSummary[]) : replaceAt(list, index, next);
}

// ── The other lists the console keeps live (alerts, notifications, channels, servers, files) ──

export type AlertEvent = Extract<RealtimeEvent, { type: 'alert.raised' | 'alert.cleared' }>;

/** A unit's alerts with the event applied: one alert per type, the newest wins. */
export function applyAlertToSummary<T extends UnitSummary>(unit: T, event: AlertEvent): T {
  if (event.type === 'alert.raised') {
    const { type, level, message, raisedAt } = event.alert;
    return { ...unit, alerts: [...unit.alerts.filter((a) => a.type !== type), { type, level, message, raisedAt }] };
  }
  if (!unit.alerts.some((a) => a.type === event.alertType)) return unit;
  return { ...unit, alerts: unit.alerts.filter((a) => a.type !== event.alertType) };
}

export function alertUnitId(event: AlertEvent): string | null {
  return event.type === 'alert.raised' ? event.alert.unitId : event.unitId;
}

/** Events that change a unit of the unit list. */
export type UnitListEvent = UnitEvent | AlertEvent;

export function isUnitListEvent(event: RealtimeEvent): event is UnitListEvent {
  return isUnitEvent(event) || event.type === 'alert.raised' || event.type === 'alert.cleared';
}

/**
 * The list with every event applied in order, copied at most once (the events of one /ws frame
 * arrive together: at 10,000 units a copy per event made megabytes of garbage per second). The
 * same array when no event changed a unit of it.
 */
export function patchUnitListBatch(list: readonly UnitSummary[] | undefined, events: readonly UnitListEvent[]): UnitSummary[] | undefined {
  if (!list) return undefined;
  let next: UnitSummary[] | null = null;
  for (const event of events) {
    const id = isUnitEvent(event) ? unitIdOf(event) : alertUnitId(event);
    // Positions do not change when units are replaced: the original list's index serves the copy.
    const index = id === null ? -1 : unitIndexOf(list, id);
    const current = index < 0 ? undefined : (next ?? list)[index];
    if (current === undefined) continue;
    const patched = isUnitEvent(event) ? applyToSummary(current, event) : applyAlertToSummary(current, event);
    if (patched === current) continue;
    if (next === null) {
      next = list.slice();
      const ids = unitIndexes.get(list);
      if (ids !== undefined) unitIndexes.set(next, ids);
    }
    next[index] = patched;
  }
  return next ?? (list as UnitSummary[]);
}

/** The active alerts list: a raised unit alert is added (or replaced), a cleared one removed. */
export function patchActiveAlerts<T extends ActiveAlert>(
  list: readonly T[] | undefined,
  event: AlertEvent,
  unitName: (unitId: string) => string,
): T[] | undefined {
  if (!list) return undefined;
  if (event.type === 'alert.cleared') {
    return list.some((a) => a.id === event.alertId) ? list.filter((a) => a.id !== event.alertId) : (list as T[]);
  }
  const { alert } = event;
  if (alert.unitId === null) return list as T[];
  const item: ActiveAlert = {
    id: alert.id,
    unitId: alert.unitId,
    unitName: unitName(alert.unitId),
    type: alert.type,
    level: alert.level,
    message: alert.message,
    value: null,
    acknowledged: false,
    raisedAt: alert.raisedAt,
  };
  // Newest first, like the list the core answers.
  return [item as T, ...list.filter((a) => a.id !== alert.id)];
}

/** The banner's notifications with a pushed one added at the top (or replaced in place). */
export function patchNotifications(list: readonly ClientNotification[] | undefined, notification: ClientNotification): ClientNotification[] | undefined {
  if (!list) return undefined;
  const index = list.findIndex((n) => n.id === notification.id);
  if (index < 0) return [notification, ...list];
  const next = list.slice();
  next[index] = notification;
  return next;
}

/** Entities whose live status the core pushes, and how a cached list names their id. */
export type StatusEvent = Extract<RealtimeEvent, { type: 'channel.status' | 'server.status' | 'vrChannel.status' }>;

export function statusTarget(event: StatusEvent): { id: string; status: string } {
  switch (event.type) {
    case 'channel.status':
      return { id: event.channelId, status: event.status };
    case 'server.status':
      return { id: event.serverId, status: event.status };
    case 'vrChannel.status':
      return { id: event.vrChannelId, status: event.status };
  }
}

/**
 * The cached reads that hold the event's entity with its status (lists, pages, one entity), by
 * endpoint id. The channel, server and video return pages' own caches are patched by their entries
 * of the event table.
 */
export const STATUS_READS: Record<StatusEvent['type'], readonly EndpointId[]> = {
  'channel.status': [
    'getChannelStatus',
    'fetchPtmpChannels',
    'getSdiChannels',
    'getOutputChannels',
    'getAdminChannel',
    'getAdminChannelPtmp',
    'getAdminGroupChannels',
    'getGroupMultiChannels',
    'getInventoryIngestServerChannels',
  ],
  'server.status': ['getServerStatus', 'getInventoryIngestServers'],
  'vrChannel.status': ['listAdminInventoryVrChannels', 'getAdminVrChannel', 'getAdminGroupVrChannels'],
};

interface WithStatus {
  status?: unknown;
  id?: unknown;
  uniqueId?: unknown;
}

/**
 * Cached data (a list, a `{ items }` page, or one entity) with the status of the entity `id`
 * replaced. The same reference when nothing matched, so nothing re-renders.
 */
export function patchStatusById(data: unknown, id: string, status: string, at?: number, kind = 'entity'): unknown {
  const stamp = at === undefined ? {} : { at, key: `${kind}:${id}` };
  const hit = (x: unknown): x is WithStatus =>
    typeof x === 'object' && x !== null && 'status' in x && ((x as WithStatus).id === id || (x as WithStatus).uniqueId === id);
  const patchList = (list: readonly unknown[]): unknown[] => {
    const index = list.findIndex(hit);
    if (index < 0) return list as unknown[];
    const item = list[index] as WithStatus;
    const patched = applyVersioned(item, { status }, stamp);
    if (patched === item) return list as unknown[];
    const next = list.slice();
    next[index] = patched;
    return next;
  };
  if (Array.isArray(data)) return patchList(data);
  if (hit(data)) return applyVersioned(data, { status }, stamp);
  if (typeof data === 'object' && data !== null && 'items' in data && Array.isArray((data as { items: unknown }).items)) {
    const items = (data as { items: unknown[] }).items;
    const next = patchList(items);
    return next === items ? data : { ...data, items: next };
  }
  return data;
}

export type FileEvent = Extract<RealtimeEvent, { type: 'file.transferStarted' | 'file.transferCompleted' }>;

/**
 * A unit's cached file listing (`{ files: [...] }`) with the transferring flag of the event's file
 * set (started) or cleared (completed). The same reference when the file is not listed.
 */
export function patchFileTransfer(data: unknown, event: FileEvent): unknown {
  if (typeof data !== 'object' || data === null || !('files' in data)) return data;
  const files = (data as { files: unknown }).files;
  if (!Array.isArray(files)) return data;
  const transferring = event.type === 'file.transferStarted';
  const index = files.findIndex((f: unknown) => typeof f === 'object' && f !== null && (f as { fileId?: unknown }).fileId === event.fileId);
  if (index < 0) return data;
  const file = files[index] as Record<string, unknown>;
  if (file.isTransferring === transferring) return data;
  const next = files.slice();
  next[index] = { ...file, isTransferring: transferring };
  return { ...data, files: next };
}
