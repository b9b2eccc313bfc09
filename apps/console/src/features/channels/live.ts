/** What realtime events change in the channels' reads (registered in src/live/): the live lists and a group's channel details, by the one version rule. */
import { groupChannelStatus } from '@fleet/domain';
import type { GroupChannelDetails } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import type { LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { applyChannelEvent } from './channelCache';
import type { ChannelEvent } from './channelCache';
import { applyToChannelsLive } from './useChannelsLive';

/**
 * A group's channel details with a channel event applied, and the group's status by spec 001 §4
 * (idle if any is idle, else collecting if any is collecting, else offline) from its channels.
 */
export function patchGroupChannelDetails(data: GroupChannelDetails | undefined, event: ChannelEvent): GroupChannelDetails | undefined {
  if (data === undefined) return data;
  // A channel joins a group's details by a read of the group (its memberships are not in the event).
  if (event.type === 'channel.changed' && !data.channels.some((c) => c.channelId === event.channel.channelId)) return data;
  const list = applyChannelEvent(data, event);
  if (list === data) return data;
  return { ...data, ...list, status: groupChannelStatus(list.channels.map((c) => c.status)) };
}

function patchChannel(ctx: LiveContext, event: ChannelEvent): void {
  applyToChannelsLive(ctx.queryClient, event);
  ctx.queryClient.setQueriesData<GroupChannelDetails>({ queryKey: endpointPrefix('getGroupChannelDetails') }, (data) => patchGroupChannelDetails(data, event));
}

const CHANNEL_READS = ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails'] as const;

export const channelsLive: LiveResource = {
  resource: 'channels',
  events: {
    'channel.status': { patches: CHANNEL_READS, apply: patchChannel },
    'channel.changed': { patches: CHANNEL_READS, apply: patchChannel },
    'channel.removed': { patches: CHANNEL_READS, apply: patchChannel },
    'channelDestinations.changed': { rereads: ['fetchChannelDestinations'], apply: (ctx, event) => applyToChannelsLive(ctx.queryClient, event) },
  },
};
