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
import { replaces } from '../../kit/cache';

export type VrChannelEvent = Extract<RealtimeEvent, { type: 'vrChannel.changed' | 'vrChannel.removed' | 'vrChannel.status' }>;

export function isVrChannelEvent(event: RealtimeEvent): event is VrChannelEvent {
  return event.type === 'vrChannel.changed' || event.type === 'vrChannel.removed' || event.type === 'vrChannel.status';
}

function vrIdOf(event: VrChannelEvent): string {
  switch (event.type) {
    case 'vrChannel.changed':
      return event.vrChannel.uniqueId;
    case 'vrChannel.removed':
      return event.uniqueId;
    case 'vrChannel.status':
      return event.vrChannelId;
  }
}

function withItems(list: GroupVrChannelList, items: VrChannelDetail[]): GroupVrChannelList {
  return { ...list, items, counters: countVrChannels(items) };
}

export function applyVrChannelEvent(list: GroupVrChannelList, event: VrChannelEvent): GroupVrChannelList {
  const id = vrIdOf(event);
  const index = list.items.findIndex((item) => item.uniqueId === id);
  const current = index < 0 ? undefined : list.items[index];
  switch (event.type) {
    case 'vrChannel.changed': {
      const shared = event.vrChannel.groupIds.includes(list.groupId);
      if (current === undefined) return shared ? withItems(list, [...list.items, event.vrChannel]) : list;
      if (!replaces(event.vrChannel, current)) return list;
      if (!shared) return withItems(list, list.items.filter((item) => item.uniqueId !== id));
      const items = list.items.slice();
      items[index] = event.vrChannel;
      return withItems(list, items);
    }
    case 'vrChannel.removed':
      return current === undefined ? list : withItems(list, list.items.filter((item) => item.uniqueId !== id));
    case 'vrChannel.status': {
      if (current === undefined || current.status === event.status) return list;
      const items = list.items.slice();
      items[index] = { ...current, status: event.status };
      return withItems(list, items);
    }
  }
}

/** Keeps the cached group lists of video return channels current from /ws (kit/useLiveEvents). */
export function applyToVrCaches(queryClient: QueryClient, event: RealtimeEvent): void {
  if (!isVrChannelEvent(event)) return;
  queryClient.setQueriesData<GroupVrChannelList>({ queryKey: endpointPrefix('listGroupVrChannels') }, (list) => (list ? applyVrChannelEvent(list, event) : list));
}
