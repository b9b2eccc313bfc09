import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChannelDetailsList, ChannelList } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { endpointKey } from '../../api/hooks';
import { makeChannel } from '../../test-utils/channels';
import { applyDestinationsEvent, applyToChannelCaches } from './useChannelsLive';

const a = makeChannel({ channelId: 'a', version: 2 });
const b = makeChannel({ channelId: 'b', version: 1 });
const listKey = endpointKey('fetchChannels', {});
const detailsKey = endpointKey('fetchChannelDetails', { query: { ids: 'a' } });

function client(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData<ChannelList>(listKey, { channels: [a, b], counters: countChannels([a, b]) });
  // Only the live state matters here; the tabs' values are carried along untouched.
  qc.setQueryData(detailsKey, { channels: [{ channel: a, general: { name: 'a' } }] } as unknown as ChannelDetailsList);
  return qc;
}

describe('channel caches follow /ws events', () => {
  it('a status event patches the list row, its counters and the open channel', () => {
    const qc = client();
    applyToChannelCaches(qc, { type: 'channel.status', channelId: 'a', serverId: null, status: 'collecting', previous: 'idle', at: 1 });
    const list = qc.getQueryData<ChannelList>(listKey);
    expect(list?.channels[0]?.status).toBe('collecting');
    expect(list?.counters).toMatchObject({ busy: 1, idle: 1 });
    expect(qc.getQueryData<ChannelDetailsList>(detailsKey)?.channels[0]?.channel.status).toBe('collecting');
  });

  it('a newer channel.changed replaces the row and marks the open channel stale (its tab values are read again)', () => {
    const qc = client();
    applyToChannelCaches(qc, { type: 'channel.changed', channel: { ...a, channelName: 'renamed', version: 3 }, at: 1 });
    expect(qc.getQueryData<ChannelList>(listKey)?.channels[0]?.channelName).toBe('renamed');
    expect(qc.getQueryState(detailsKey)?.isInvalidated).toBe(true);
  });

  it('channel.removed drops the row and the open channel', () => {
    const qc = client();
    applyToChannelCaches(qc, { type: 'channel.removed', channelId: 'a', at: 1 });
    expect(qc.getQueryData<ChannelList>(listKey)?.channels.map((c) => c.channelId)).toEqual(['b']);
    expect(qc.getQueryData<ChannelDetailsList>(detailsKey)?.channels).toEqual([]);
  });

  it("channelDestinations.changed marks only that channel's destinations stale (they are read again)", () => {
    const qc = client();
    const mine = endpointKey('fetchChannelDestinations', { body: { channelId: 'a' } });
    const other = endpointKey('fetchChannelDestinations', { body: { channelId: 'b' } });
    qc.setQueryData(mine, { channelId: 'a', destinations: [] });
    qc.setQueryData(other, { channelId: 'b', destinations: [] });
    applyDestinationsEvent(qc, { type: 'channelDestinations.changed', channelId: 'a', at: 1 });
    expect(qc.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(other)?.isInvalidated).toBe(false);
    expect(qc.getQueryState(listKey)?.isInvalidated).toBe(false);
  });
});
