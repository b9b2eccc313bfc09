import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChannelList } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { endpointKey } from '../../api/hooks';
import { makeChannel } from '../../test-utils/channels';
import { channelNamesFrom } from './useChannelNames';
import { applyToChannelCaches } from './useChannelsLive';

const a = makeChannel({ channelId: 'MMH-0001-CH1', channelName: 'Desk_1', version: 2 });
const b = makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'Field_2', version: 1 });

describe('channel names for the unit area', () => {
  it('names a listed channel by its name', () => {
    const nameOf = channelNamesFrom([a, b]);
    expect(nameOf('MMH-0001-CH1')).toBe('Desk_1');
    expect(nameOf('MMH-0001-CH2')).toBe('Field_2');
  });

  it('falls back to the id for a channel the list does not have, and while the list is not loaded', () => {
    expect(channelNamesFrom([a])('NO-SUCH-CHANNEL')).toBe('NO-SUCH-CHANNEL');
    expect(channelNamesFrom(undefined)('MMH-0001-CH1')).toBe('MMH-0001-CH1');
    expect(channelNamesFrom([{ channelId: 'X', channelName: '' }])('X')).toBe('X');
  });

  it('follows a rename announced over /ws (the cached list the names come from is patched)', () => {
    const qc = new QueryClient();
    const key = endpointKey('fetchChannels', {});
    qc.setQueryData<ChannelList>(key, { channels: [a, b], counters: countChannels([a, b]) });
    applyToChannelCaches(qc, { type: 'channel.changed', channel: { ...a, channelName: 'Studio_A', version: 3 }, at: 1 });
    expect(channelNamesFrom(qc.getQueryData<ChannelList>(key)?.channels)('MMH-0001-CH1')).toBe('Studio_A');
  });
});
