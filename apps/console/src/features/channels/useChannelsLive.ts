/**
 * Keeps the cached channel lists (GET channels/fetch) and the open channel's details
 * (fetch_details) current from /ws: channel.changed / channel.removed / channel.status are patched
 * in place (channelCache.ts), never refetched. A channel's streaming destinations are not part of
 * its live state: channelDestinations.changed makes an open destinations tab of that channel read
 * them again.
 */
import { isNewerVersion } from '../../kit/cache';
import type { QueryClient } from '@tanstack/react-query';
import type { ChannelDetailsList, ChannelList, RealtimeEvent } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { applyChannelEvent, applyToChannel, isChannelEvent } from './channelCache';
import type { ChannelEvent } from './channelCache';

/** The details list with the event applied to the live state it carries (the tabs' values stay). */
function patchDetails(data: ChannelDetailsList, event: ChannelEvent): ChannelDetailsList {
  let changed = false;
  const channels = data.channels.flatMap((details) => {
    const live = applyToChannel(details.channel, event);
    if (live === details.channel) return [details];
    changed = true;
    return live === undefined ? [] : [{ ...details, channel: live }];
  });
  return changed ? { channels } : data;
}

export function applyToChannelCaches(queryClient: QueryClient, event: ChannelEvent): void {
  queryClient.setQueriesData<ChannelList>({ queryKey: endpointPrefix('fetchChannels') }, (list) => (list ? applyChannelEvent(list, event) : list));
  for (const [key, data] of queryClient.getQueriesData<ChannelDetailsList>({ queryKey: endpointPrefix('fetchChannelDetails') })) {
    if (!data) continue;
    // A newer configuration made elsewhere: the tabs' current values are read again (the event
    // carries only the live state).
    const newer =
      event.type === 'channel.changed' &&
      data.channels.some((d) => d.channel.channelId === event.channel.channelId && isNewerVersion(event.channel, d.channel));
    const next = patchDetails(data, event);
    if (next !== data) queryClient.setQueryData(key, next);
    if (newer) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** That channel's destinations, if a tab shows them, are read again (the event names only the channel). */
export function applyDestinationsEvent(queryClient: QueryClient, event: Extract<RealtimeEvent, { type: 'channelDestinations.changed' }>): void {
  void queryClient.invalidateQueries({ queryKey: endpointKey('fetchChannelDestinations', { body: { channelId: event.channelId } }), exact: true });
}

/** Keeps the channel caches current from /ws (the event table's channel entries). */
export function applyToChannelsLive(queryClient: QueryClient, event: RealtimeEvent): void {
  if (isChannelEvent(event)) applyToChannelCaches(queryClient, event);
  else if (event.type === 'channelDestinations.changed') applyDestinationsEvent(queryClient, event);
}
