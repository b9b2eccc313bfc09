/**
 * What keeps the system entities lists of servers, channels, video return channels and databridge
 * gateways current from /ws (the realtime event table): an event makes the kind's cached admin reads
 * read again (the lists are server-sorted and paged, so a changed row may move to another page).
 * Servers and gateways are announced as `systemDevice.changed` on every inventory's topics, so every
 * admin console hears them; channels and video return channels on their own topics (the lists also
 * read again every `LIVE_FALLBACK_MS`, for inventories the admin does not follow).
 */
import type { EndpointId, RealtimeEvent } from '@fleet/contracts';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';

/** Which reads an event makes stale (exported for its test): those of its kind (realtime/systemEntities). */
export function staleDeviceReads(event: RealtimeEvent): readonly EndpointId[] {
  switch (event.type) {
    case 'systemDevice.changed':
      return SYSTEM_ENTITY_READS[event.kind];
    case 'server.changed':
      return SYSTEM_ENTITY_READS.server;
    case 'channel.changed':
    case 'channel.removed':
      return SYSTEM_ENTITY_READS.channel;
    case 'vrChannel.changed':
    case 'vrChannel.removed':
      return SYSTEM_ENTITY_READS.vrChannel;
    default:
      return [];
  }
}

/** Which reads an event makes stale (exported for its test): those of its kind (realtime/systemEntities). */
export function staleReads(event: RealtimeEvent): readonly EndpointId[] {
  switch (event.type) {
    case 'inventory.changed':
    case 'inventory.removed':
      return SYSTEM_ENTITY_READS.inventory;
    case 'group.changed':
    case 'group.removed':
      return SYSTEM_ENTITY_READS.group;
    case 'unit.updated':
    case 'device.added':
    case 'device.removed':
      return SYSTEM_ENTITY_READS.unit;
    case 'user.changed':
    case 'user.removed':
      // The users list itself follows them through its own entry of the event table.
      return ['getAdminGroupUsers'];
    default:
      return [];
  }
}
