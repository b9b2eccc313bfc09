import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChannelList } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { endpointKey } from '../../api/hooks';
import { makeChannel } from '../../test-utils/channels';
import { useChannelNames } from './useChannelNames';
import { applyToChannelCaches } from './useChannelsLive';

const a = makeChannel({ channelId: 'MMH-0001-CH1', channelName: 'Desk_1', version: 2 });
const b = makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'Field_2', version: 1 });

describe('useChannelNames', () => {
  it('keeps the same function while the channels only change state (nothing naming a channel renders again), a new one on a rename', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = endpointKey('fetchChannels', {});
    qc.setQueryData<ChannelList>(key, { channels: [a, b], counters: countChannels([a, b]) });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useChannelNames();
      },
      { wrapper },
    );
    const first = result.current;
    expect(first('MMH-0001-CH1')).toBe('Desk_1');

    // The query's observers hear of a change in a later task: the hook renders again with the new list.
    const before = renders;
    act(() => applyToChannelCaches(qc, { type: 'channel.changed', channel: { ...a, status: 'collecting', version: 3 }, at: 1 }));
    await waitFor(() => expect(renders).toBeGreaterThan(before));
    expect(result.current).toBe(first);

    act(() => applyToChannelCaches(qc, { type: 'channel.changed', channel: { ...a, channelName: 'Studio_A', version: 4 }, at: 2 }));
    await waitFor(() => expect(result.current('MMH-0001-CH1')).toBe('Studio_A'));
    expect(result.current).not.toBe(first);
  });
});
