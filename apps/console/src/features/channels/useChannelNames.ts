/**
 * Channel names for the places that show a channel the unit area knows by id (multiview outputs
 * and feeds, the unit detail's channel, multi-camera and switcher channels): the channel list call
 * (GET channels/fetch, the query /channels uses, cached for good and kept current over /ws by the
 * channel.changed patch), falling back to the id for a channel the list does not have (an external
 * channel, one the user does not see, or while the list loads).
 */
import { useMemo } from 'react';
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

export function useChannelNames(): ChannelNameOf {
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  return useMemo(() => channelNamesFrom(list.data?.channels), [list.data]);
}
