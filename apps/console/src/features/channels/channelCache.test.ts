import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReportTimes } from '../../kit/cache';
import type { ChannelList } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { applyChannelEvent, applyChannelEvents, applyToChannel } from './channelCache';
import { makeChannel } from '../../test-utils/channels';

// The report times the one version rule keeps live for the whole worker (the unit project shares modules between files).
beforeEach(() => forgetReportTimes());

const a = makeChannel({ channelId: 'a', version: 3 });
const b = makeChannel({ channelId: 'b', status: 'collecting', busy: true, version: 1 });
const list = (): ChannelList => ({ channels: [a, b], counters: countChannels([a, b]) });
const at = 1;

describe('channel list cache patch (realtime, no reload)', () => {
  it('channel.changed replaces the row when its version is not older, and recounts', () => {
    const renamed = { ...a, channelName: 'renamed', status: 'offline' as const, offline: true, online: false, version: 4 };
    const next = applyChannelEvent(list(), { type: 'channel.changed', channel: renamed, at });
    expect(next.channels[0]).toEqual(renamed);
    expect(next.counters).toMatchObject({ idle: 0, offline: 1, busy: 1 });
    // The same version again (another topic's copy) is applied idempotently.
    expect(applyChannelEvent(next, { type: 'channel.changed', channel: renamed, at })).toBe(next);
  });

  it('an older channel.changed arriving late changes nothing', () => {
    const before = list();
    const stale = { ...a, channelName: 'old', version: 2 };
    expect(applyChannelEvent(before, { type: 'channel.changed', channel: stale, at })).toBe(before);
  });

  it('a channel not listed yet is added; channel.removed drops it', () => {
    const c = makeChannel({ channelId: 'c', hasCdn: true });
    const added = applyChannelEvent(list(), { type: 'channel.changed', channel: c, at });
    expect(added.channels.map((x) => x.channelId)).toEqual(['a', 'b', 'c']);
    expect(added.counters.cdn).toBe(1);
    const removed = applyChannelEvent(added, { type: 'channel.removed', channelId: 'b', at });
    expect(removed.channels.map((x) => x.channelId)).toEqual(['a', 'c']);
    expect(removed.counters.busy).toBe(0);
    expect(applyChannelEvent(removed, { type: 'channel.removed', channelId: 'zz', at })).toBe(removed);
  });

  it('channel.status patches the status, its class flags and the counters', () => {
    const next = applyChannelEvents(list(), [
      { type: 'channel.status', channelId: 'b', serverId: null, status: 'unavailable', previous: 'collecting', at },
      { type: 'channel.status', channelId: 'unknown', serverId: null, status: 'idle', previous: null, at },
    ]);
    expect(next.channels[1]).toMatchObject({ status: 'unavailable', offline: true, busy: false, online: false });
    expect(next.counters).toMatchObject({ busy: 0, idle: 1, offline: 1 });
    const same = list();
    expect(applyChannelEvent(same, { type: 'channel.status', channelId: 'a', serverId: null, status: 'idle', previous: 'idle', at })).toBe(same);
  });

  it('status events move channels between the status counters: the same counters as counting the rows again', () => {
    const c = makeChannel({ channelId: 'c', hasCdn: true, isOutput: true, type: 'output', status: 'offline', offline: true, online: false });
    const start: ChannelList = { channels: [a, b, c], counters: countChannels([a, b, c]) };
    const statuses = ['connecting', 'idle', 'PlayStoredFile', 'unavailable', 'online', 'upgrading', 'offline', 'collecting'] as const;
    let current = start;
    statuses.forEach((status, i) => {
      const channelId = ['a', 'b', 'c'][i % 3] ?? 'a';
      current = applyChannelEvent(current, { type: 'channel.status', channelId, serverId: null, status, previous: null, at });
      expect(current.counters).toEqual(countChannels(current.channels));
    });
    expect(current.counters).toMatchObject({ cdn: 1, output: 1, preview: 2 });
  });

  it('a single cached channel follows its own events only', () => {
    expect(applyToChannel(a, { type: 'channel.status', channelId: 'b', serverId: null, status: 'offline', previous: null, at })).toBe(a);
    expect(applyToChannel(a, { type: 'channel.removed', channelId: 'a', at })).toBeUndefined();
    expect(applyToChannel(a, { type: 'channel.status', channelId: 'a', serverId: null, status: 'connecting', previous: null, at })?.busy).toBe(true);
  });
});
