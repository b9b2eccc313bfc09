/**
 * What keeps the system entities lists and an open entity current from /ws (the resources'
 * `staleOn`): an event of a kind makes that kind's cached reads (lists, the open entity, its member
 * lists) read again. The admin lists are server-sorted and paged, so a changed or new row may move
 * to another page: reading the page again is the only faithful update.
 *
 * The core announces inventories, groups, units and users on the topics of their inventories and
 * groups; a global admin follows the topics of their own. A change in an inventory they do not
 * follow reaches them through the admin topic (`systemEntities.changed`, applied by the realtime
 * provider); against a core without that topic, the lists read again every `LIVE_FALLBACK_MS`
 * (`useListRefresh`).
 */
import type { EndpointId, RealtimeEvent } from '@fleet/contracts';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';

/** The lists read again this often when the core does not offer the admin topic (see above). */
export const LIVE_FALLBACK_MS = 30_000;

/** The system entities lists' refetch interval: none while the admin topic keeps them current. */
export function useListRefresh(): number | false {
  return useRealtime().adminLive ? false : LIVE_FALLBACK_MS;
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
      // The users list itself follows them through features/users/useUsersLive (patched in place).
      return ['getAdminGroupUsers'];
    default:
      return [];
  }
}
