/**
 * The /channels counter bar (spec 001 §3 Counters) over the listed channels. The core answers
 * counters with the list; once realtime events patch rows the bar is counted again from the rows
 * (the counters follow status changes, spec 001 §4, and every other classification change).
 */
import type { ChannelCounters, ChannelLive } from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import { CHANNEL_MARKS, hasMark } from './channelFilters';

export function emptyCounters(): ChannelCounters {
  return { busy: 0, idle: 0, offline: 0, sdi: 0, smpte: 0, cdn: 0, preview: 0, studio: 0, share: 0, distributor: 0, output: 0, input: 0 };
}

/** The counters of a list of channels: status class plus every classification mark. */
export function countChannels(channels: readonly ChannelLive[]): ChannelCounters {
  const counters = emptyCounters();
  for (const channel of channels) {
    counters[channelStatusClass(channel.status)] += 1;
    for (const mark of CHANNEL_MARKS) if (hasMark(channel, mark)) counters[mark] += 1;
  }
  return counters;
}
