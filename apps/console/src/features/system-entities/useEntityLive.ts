/**
 * How the system entities lists and an open entity stay current: an event of a kind makes that
 * kind's cached reads (lists, the open entity, its member lists) read again (the realtime event
 * table, by `staleReads` of entityRereads.ts). The admin lists are server-sorted and paged, so a changed or new row may move
 * to another page: reading the page again is the only faithful update.
 *
 * The core announces inventories, groups, units and users on the topics of their inventories and
 * groups; a global admin follows the topics of their own. A change in an inventory they do not
 * follow reaches them through the admin topic (`systemEntities.changed`, applied by the realtime
 * provider); against a core without that topic, the lists read again every `LIVE_FALLBACK_MS`
 * (`useListRefresh`).
 */
import { useRealtime } from '../../realtime/RealtimeProvider';

/** The lists read again this often when the core does not offer the admin topic (see above). */
export const LIVE_FALLBACK_MS = 30_000;

/** The system entities lists' refetch interval: none while the admin topic keeps them current. */
export function useListRefresh(): number | false {
  return useRealtime().adminLive ? false : LIVE_FALLBACK_MS;
}
