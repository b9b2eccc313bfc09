/**
 * Spec 001 §4 "A group of channels is idle if any is idle, else collecting if any is collecting,
 * else offline": the group status the group modal shows (as GET v2/groups/{id}/channelDetails
 * answers it) and the counts that explain it.
 */
import { groupChannelStatus } from '@fleet/domain';
import type { ChannelGroupStatus } from '@fleet/domain';
import type { ChannelStatus } from '@fleet/contracts';

/** The group's status and its channels counted: idle, collecting, and `other` (offline, unavailable, online, connecting, ...). */
export function groupChannelSummary(channels: readonly { readonly status: ChannelStatus }[]) {
  const idle = channels.filter((c) => c.status === 'idle').length;
  const collecting = channels.filter((c) => c.status === 'collecting').length;
  return { status: groupChannelStatus(channels.map((c) => c.status)), total: channels.length, idle, collecting, other: channels.length - idle - collecting };
}

const GROUP_STATUSES: readonly ChannelStatus[] = ['idle', 'collecting', 'offline'];

/**
 * The status to show: the core's answer (the contract types it as any channel status), or, should
 * it ever be another, the §4 rule applied to the channels it lists.
 */
export function shownGroupStatus(answer: {
  readonly status: ChannelStatus;
  readonly channels: readonly { readonly status: ChannelStatus }[];
}): ChannelGroupStatus {
  return GROUP_STATUSES.includes(answer.status) ? (answer.status as ChannelGroupStatus) : groupChannelSummary(answer.channels).status;
}

/** The badge colour of a group status. */
export function groupStatusColor(status: ChannelGroupStatus): string {
  return status === 'idle' ? 'green' : status === 'collecting' ? 'red' : 'gray';
}
