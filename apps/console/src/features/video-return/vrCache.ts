/**
 * Realtime events applied to a cached group list of video return channels (GET v0/groups/{groupId}/
 * video-return-channels) in place, never a reload (spec 001 §7 "keeps ... lists current"):
 * - `vrChannel.changed` replaces the row unless it is older than the cached one; a channel now
 *   shared with the list's group is added, one no longer shared with it is dropped (feed sharing);
 * - `vrChannel.removed` drops the row;
 * - `vrChannel.status` patches the status (the shell's generic status patch does the same; this one
 *   also keeps the counters right).
 * Counters are counted again from the rows. Pure: the same object comes back when nothing changed.
 * Events may arrive once per subscribed topic (a channel in two of the user's groups): idempotent.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { GroupVrChannelList, RealtimeEvent, VrChannelDetail } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { countVrChannels } from './vrFilters';
import { removeFromList, replaces, upsertInList } from '../../kit/cache';

export type VrChannelEvent = Extract<RealtimeEvent, { type: 'vrChannel.changed' | 'vrChannel.removed' | 'vrChannel.status' }>;

export function isVrChannelEvent(event: RealtimeEvent): event is VrChannelEvent {
  return event.type === 'vrChannel.changed' || event.type === 'vrChannel.removed' || event.type === 'vrChannel.status';
}

const keyOf = (item: VrChannelDetail) => item.uniqueId;

/** The list with `items` and its counters counted again; the same list when the rows did not change. */
function withItems(list: GroupVrChannelList, items: readonly VrChannelDetail[]): GroupVrChannelList {
  return items === list.items ? list : { ...list, items: [...items], counters: countVrChannels(items) };
}

export function applyVrChannelEvent(list: GroupVrChannelList, event: VrChannelEvent): GroupVrChannelList {
  switch (event.type) {
    case 'vrChannel.changed': {
      const channel = event.vrChannel;
      // Shared with the list's group: added or replaced (kit/cache's version rule); else dropped unless older.
      if (channel.groupIds.includes(list.groupId)) return withItems(list, upsertInList(list.items, channel, { key: keyOf }));
      const current = list.items.find((item) => item.uniqueId === channel.uniqueId);
      return current === undefined || !replaces(channel, current) ? list : withItems(list, removeFromList(list.items, channel.uniqueId, keyOf));
    }
    case 'vrChannel.removed':
      return withItems(list, removeFromList(list.items, event.uniqueId, keyOf));
    case 'vrChannel.status': {
      const current = list.items.find((item) => item.uniqueId === event.vrChannelId);
      if (current === undefined || current.status === event.status) return list;
      return withItems(
        list,
        list.items.map((item) => (item === current ? { ...item, status: event.status } : item)),
      );
    }
  }
}

/** Keeps the cached group lists of video return channels current from /ws (kit/useLiveEvents). */
export function applyToVrCaches(queryClient: QueryClient, event: RealtimeEvent): void {
  if (!isVrChannelEvent(event)) return;
  queryClient.setQueriesData<GroupVrChannelList>({ queryKey: endpointPrefix('listGroupVrChannels') }, (list) =>
    list ? applyVrChannelEvent(list, event) : list,
  );
}
