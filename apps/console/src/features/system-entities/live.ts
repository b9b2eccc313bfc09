/**
 * What realtime events change in the system entities' admin reads and the inventory tabs
 * (registered in src/live/): those lists are sorted and paged by the core, so they are read again
 * (entityRereads, inventoryTabRules); the reads holding a channel's, server's or video return
 * channel's status are patched by id.
 */
import type { RealtimeEvent } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { patchStatusById, STATUS_READS, statusTarget } from '../../kit/cachePatch';
import type { StatusEvent } from '../../kit/cachePatch';
import { onEach, rereadBy, reread } from '../../realtime/liveRegistry';
import type { LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { invalidateReads, SYSTEM_ENTITY_READS, staleSystemEntityReads } from '../../realtime/systemEntities';
import { staleDeviceReads, staleReads } from './entityRereads';
import { INVENTORY_TAB_READS, staleInventoryTabReads } from './inventoryTabRules';

/** The system entities' admin reads of the event's kind (entityRereads). */
const rereadAdminEntities = rereadBy((event) => [...staleReads(event), ...staleDeviceReads(event)]);

const ADMIN_KINDS = [
  'unit.updated',
  'device.added',
  'device.removed',
  'channel.changed',
  'channel.removed',
  'server.changed',
  'vrChannel.changed',
  'vrChannel.removed',
  'group.changed',
  'group.removed',
  'inventory.changed',
  'inventory.removed',
  'systemDevice.changed',
] as const;

export const adminEntitiesLive: LiveResource = {
  resource: 'adminEntities',
  events: {
    ...onEach(ADMIN_KINDS, {
      rereads: [...SYSTEM_ENTITY_READS.unit, ...SYSTEM_ENTITY_READS.channel, ...SYSTEM_ENTITY_READS.group],
      apply: rereadAdminEntities,
    }),
    'systemEntities.changed': {
      rereads: ['searchAdminUnits', 'searchAdminGroups', 'searchAdminInventories', 'searchUsers', 'searchAdminChannels', 'searchAdminServers'],
      apply: ({ queryClient }, event) => invalidateReads(queryClient, staleSystemEntityReads(event.kinds)),
    },
  },
};

/**
 * The inventory tabs' reads (inventoryTabRules): every tab read of the inventory an
 * `inventory.changed` names; the reads showing a channel, server or unit of any inventory.
 */
function rereadInventoryTabs({ queryClient }: LiveContext, event: RealtimeEvent): void {
  if (event.type === 'inventory.changed') {
    for (const id of INVENTORY_TAB_READS) void queryClient.invalidateQueries({ queryKey: endpointKey(id, { params: { id: event.inventory.id } } as never) });
    return;
  }
  invalidateReads(queryClient, staleInventoryTabReads(event, ''));
}

export const inventoryTabsLive: LiveResource = {
  resource: 'inventoryTabs',
  events: {
    ...onEach(['unit.updated', 'device.added', 'device.removed', 'server.status', 'channel.changed', 'channel.removed', 'server.changed'] as const, {
      rereads: ['getInventoryTally', 'getInventoryIfb', 'getInventoryIngestServerChannels', 'getInventoryIngestServers', 'getAdminInventoryServiceableDevices'],
      apply: rereadInventoryTabs,
    }),
    'inventory.changed': { rereads: INVENTORY_TAB_READS, screens: "the inventory's tabs: that inventory's reads only", apply: rereadInventoryTabs },
  },
};

/** The reads that hold the entity with its status, by id. */
function patchStatus({ queryClient }: LiveContext, event: StatusEvent): void {
  const { id, status } = statusTarget(event);
  for (const read of STATUS_READS[event.type]) {
    queryClient.setQueriesData({ queryKey: endpointPrefix(read) }, (data: unknown) => patchStatusById(data, id, status, event.at, event.type.split('.')[0]));
  }
}

export const entityStatusesLive: LiveResource = {
  resource: 'entityStatuses',
  events: {
    'channel.status': { patches: STATUS_READS['channel.status'], apply: patchStatus },
    'server.status': { patches: STATUS_READS['server.status'], apply: patchStatus },
    'vrChannel.status': { patches: STATUS_READS['vrChannel.status'], apply: patchStatus },
  },
};

/** The users' reads: the lists, an open user, the licences (they count active users), a group's users. */
export const USER_READS = ['searchUsers', 'getUser', 'getUserLicences', 'getAdminGroupUsers'] as const;

export const usersLive: LiveResource = {
  resource: 'users',
  events: onEach(['user.changed', 'user.removed'] as const, { rereads: USER_READS, apply: reread(USER_READS) }),
};
