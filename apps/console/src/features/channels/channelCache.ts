/**
 * Realtime events applied to a cached channel list (ChannelList: rows + counters) in place, never
 * a reload (spec 001 §7 "keeps ... channel ... lists current"):
 * - `channel.changed` replaces the row when its version is not older than the cached one (a late,
 *   older event must not undo a newer one); a channel the list does not hold yet is added (it
 *   joined one of the user's groups or inventories);
 * - `channel.removed` drops the row;
 * - `channel.status` patches the status and its class flags (spec 001 §4) and moves the channel
 *   between the offline / idle / busy counters (applyChannelStatusChange).
 * The counters are counted again from the rows whenever a row was added, replaced or removed. Pure: the same object comes
 * back when nothing changed, so React Query keeps its reference and nothing re-renders. Events
 * may arrive once per subscribed topic (a channel in two of the user's groups): idempotent.
 */
import type { ChannelList, ChannelLive, RealtimeEvent } from '@fleet/contracts';
import { applyChannelStatusChange, channelStatusClass, countChannels } from '@fleet/domain';
import { newest, replaces } from '../../kit/cache';

export type ChannelEvent = Extract<RealtimeEvent, { type: 'channel.changed' | 'channel.removed' | 'channel.status' }>;

export function isChannelEvent(event: RealtimeEvent): event is ChannelEvent {
  return event.type === 'channel.changed' || event.type === 'channel.removed' || event.type === 'channel.status';
}

export function channelIdOfEvent(event: ChannelEvent): string {
  return event.type === 'channel.changed' ? event.channel.channelId : event.channelId;
}

/** One row with a status event applied (the same row when it already shows that status). */
export function withStatus(channel: ChannelLive, status: ChannelLive['status']): ChannelLive {
  if (channel.status === status) return channel;
  const statusClass = channelStatusClass(status);
  return { ...channel, status, offline: statusClass === 'offline', busy: statusClass === 'busy', online: statusClass !== 'offline' };
}

function withRows(list: ChannelList, channels: ChannelLive[]): ChannelList {
  return { channels, counters: countChannels(channels) };
}

/** The list with one event applied; the same object when the event changes nothing in it. */
export function applyChannelEvent(list: ChannelList, event: ChannelEvent): ChannelList {
  const id = channelIdOfEvent(event);
  const index = list.channels.findIndex((channel) => channel.channelId === id);
  const current = index < 0 ? undefined : list.channels[index];
  switch (event.type) {
    case 'channel.changed': {
      if (current === undefined) return withRows(list, [...list.channels, event.channel]);
      if (!replaces(event.channel, current)) return list;
      const next = list.channels.slice();
      next[index] = event.channel;
      return withRows(list, next);
    }
    case 'channel.removed':
      return current === undefined ? list : withRows(list, list.channels.filter((channel) => channel.channelId !== id));
    case 'channel.status': {
      if (current === undefined) return list;
      const patched = withStatus(current, event.status);
      if (patched === current) return list;
      const next = list.channels.slice();
      next[index] = patched;
      // Spec 001 §4 "Status changes adjust the offline, idle and busy counters": moved, not counted
      // again (the kind counters do not depend on the status).
      return { channels: next, counters: { ...list.counters, ...applyChannelStatusChange(list.counters, current.status, event.status) } };
    }
  }
}

/** Several events in order (one /ws frame). */
export function applyChannelEvents(list: ChannelList, events: readonly ChannelEvent[]): ChannelList {
  return events.reduce(applyChannelEvent, list);
}

/** A cached single channel (the modal's read) with an event applied; undefined when it was removed. */
export function applyToChannel(channel: ChannelLive, event: ChannelEvent): ChannelLive | undefined {
  if (channelIdOfEvent(event) !== channel.channelId) return channel;
  if (event.type === 'channel.removed') return undefined;
  if (event.type === 'channel.status') return withStatus(channel, event.status);
  return newest(channel, event.channel);
}
