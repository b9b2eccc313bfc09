/**
 * Channel names for the places that show a channel the unit area knows by id (multiview outputs
 * and feeds, the unit detail's channel, multi-camera and switcher channels): the channel list call
 * (GET channels/fetch, the query /channels uses, cached for good and kept current over /ws by the
 * channel.changed patch), falling back to the id for a channel the list does not have (an external
 * channel, one the user does not see, or while the list loads).
 */
import { useMemo, useState } from 'react';
import type { ChannelLive } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import type { ChannelNameOf } from '../../kit/unit/UnitChannel';

export type { ChannelNameOf };

/** Names by id from a channel list; an id the list does not have names itself. */
export function channelNamesFrom(channels: readonly Pick<ChannelLive, 'channelId' | 'channelName'>[] | undefined): ChannelNameOf {
  const names = new Map((channels ?? []).map((c) => [c.channelId, c.channelName]));
  return (channelId) => {
    const name = names.get(channelId);
    return name === undefined || name === '' ? channelId : name;
  };
}

/** Whether two channel lists name the same channels the same (their live state aside). */
function sameNames(a: readonly Pick<ChannelLive, 'channelId' | 'channelName'>[], b: readonly Pick<ChannelLive, 'channelId' | 'channelName'>[]): boolean {
  if (a.length !== b.length) return false;
  const names = new Map(a.map((c) => [c.channelId, c.channelName]));
  return b.every((c) => names.get(c.channelId) === c.channelName);
}

/**
 * The names of the channel list, as one function that keeps its identity while no channel is
 * added, removed or renamed: the list is patched with every channel's live state, and a new
 * function would render again everything that names a channel (every row of the unit list).
 */
export function useChannelNames(): ChannelNameOf {
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  const channels = list.data?.channels;
  // The last names, kept aside (not as state): replaced only when a name changed.
  const [last] = useState<{ channels: readonly Pick<ChannelLive, 'channelId' | 'channelName'>[] | undefined; nameOf: ChannelNameOf }>(() => ({
    channels,
    nameOf: channelNamesFrom(channels),
  }));
  return useMemo(() => {
    const renamed = last.channels !== channels && (last.channels === undefined || channels === undefined || !sameNames(last.channels, channels));
    Object.assign(last, { channels, nameOf: renamed ? channelNamesFrom(channels) : last.nameOf });
    return last.nameOf;
  }, [last, channels]);
}
