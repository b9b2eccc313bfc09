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
import { applyVersioned, removeFromList, upsertInList } from '../../kit/cache';

export type ChannelEvent = Extract<RealtimeEvent, { type: 'channel.changed' | 'channel.removed' | 'channel.status' }>;

export function isChannelEvent(event: RealtimeEvent): event is ChannelEvent {
  return event.type === 'channel.changed' || event.type === 'channel.removed' || event.type === 'channel.status';
}

export function channelIdOfEvent(event: ChannelEvent): string {
  return event.type === 'channel.changed' ? event.channel.channelId : event.channelId;
}

/** One row with a status event applied (the same row when it already shows that status). */
export function withStatus(channel: ChannelLive, status: ChannelLive['status'], at?: number): ChannelLive {
  const statusClass = channelStatusClass(status);
  const patch = { status, offline: statusClass === 'offline', busy: statusClass === 'busy', online: statusClass !== 'offline' };
  return applyVersioned(channel, patch, at === undefined ? {} : { at, key: `channel:${channel.channelId}` });
}

const keyOf = (channel: ChannelLive) => channel.channelId;

/** The list with `channels` and its counters counted again; the same list when the rows did not change. */
function withRows(list: ChannelList, channels: readonly ChannelLive[]): ChannelList {
  return channels === list.channels ? list : { channels: [...channels], counters: countChannels(channels) };
}

/** The list with one event applied; the same object when the event changes nothing in it. */
export function applyChannelEvent(list: ChannelList, event: ChannelEvent): ChannelList {
  switch (event.type) {
    case 'channel.changed': {
      const index = list.channels.findIndex((channel) => channel.channelId === event.channel.channelId);
      const current = list.channels[index];
      if (current === undefined) return withRows(list, upsertInList(list.channels, event.channel, { key: keyOf }));
      const patched = applyToChannel(current, event);
      if (patched === current || patched === undefined) return list;
      return withRows(
        list,
        list.channels.map((channel, i) => (i === index ? patched : channel)),
      );
    }
    case 'channel.removed':
      return withRows(list, removeFromList(list.channels, event.channelId, keyOf));
    case 'channel.status': {
      const current = list.channels.find((channel) => channel.channelId === event.channelId);
      if (current === undefined) return list;
      const patched = withStatus(current, event.status, event.at);
      if (patched === current) return list;
      // Spec 001 §4 "Status changes adjust the offline, idle and busy counters": moved, not counted
      // again (the kind counters do not depend on the status).
      const channels = list.channels.map((channel) => (channel === current ? patched : channel));
      return { channels, counters: { ...list.counters, ...applyChannelStatusChange(list.counters, current.status, event.status) } };
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
  if (event.type === 'channel.status') return withStatus(channel, event.status, event.at);
  return applyVersioned(channel, event.channel, { version: event.channel.version, at: event.at, key: `channel:${channel.channelId}` });
}
