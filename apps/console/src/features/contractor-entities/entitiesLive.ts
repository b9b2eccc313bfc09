/**
 * Which events make the contractor entities lists stale (applied by the realtime event table,
 * live/table.ts). The lists are server-sorted, searched and paged, so an event that
 * concerns a kind makes its list read again (a renamed or new row may move to another page) rather
 * than patched in place.
 *
 * A contractor follows the topics of their groups and inventories, where the core announces their
 * units (`unit.*`, `device.*`), channels, video return channels and servers (their `*.changed` /
 * `*.removed` and status events) and the system devices of every inventory (`systemDevice.changed`:
 * servers and databridge gateways). `systemEntities.changed` reaches platform admins only; it is
 * honoured too, so the view is right for any user the route lets in.
 */
import type { EndpointId, RealtimeEvent, SystemEntityKind } from '@fleet/contracts';
import type { EntitySource } from './entityKinds';

/** The list call each source reads (ContractorEntities). */
export const SOURCE_READS: Readonly<Record<EntitySource, EndpointId>> = {
  units: 'searchAdminUnits',
  servers: 'adminInventoryServers',
  channels: 'searchAdminChannels',
  vrChannels: 'searchAdminVrChannels',
  dbGateways: 'searchAdminDbGateways',
};

const KIND_SOURCE: Readonly<Partial<Record<SystemEntityKind, EntitySource>>> = {
  unit: 'units',
  server: 'servers',
  channel: 'channels',
  vrChannel: 'vrChannels',
  dbGateway: 'dbGateways',
};

/** At most one read of the list per this many ms, however many events come (statuses flap). */
export const LIVE_REFRESH_MS = 1_000;

/** Whether the event may change a row of this source's list (its rows, their status or inventories). */
export function eventTouches(source: EntitySource, event: RealtimeEvent): boolean {
  switch (event.type) {
    case 'unit.updated':
    case 'unit.status':
    case 'device.added':
    case 'device.removed':
      return source === 'units';
    case 'server.changed':
    case 'server.status':
      return source === 'servers';
    case 'channel.changed':
    case 'channel.removed':
    case 'channel.status':
      return source === 'channels';
    case 'vrChannel.changed':
    case 'vrChannel.removed':
    case 'vrChannel.status':
      return source === 'vrChannels';
    case 'systemDevice.changed':
      return source === (event.kind === 'server' ? 'servers' : 'dbGateways');
    case 'systemEntities.changed':
      return event.kinds.some((kind) => KIND_SOURCE[kind] === source);
    default:
      return false;
  }
}

/** The contractor lists an event makes stale (each read at most once per LIVE_REFRESH_MS). */
export function staleContractorReads(event: RealtimeEvent): readonly EndpointId[] {
  return (Object.keys(SOURCE_READS) as EntitySource[]).filter((source) => eventTouches(source, event)).map((source) => SOURCE_READS[source]);
}
