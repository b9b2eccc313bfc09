import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelLive } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { makeChannel } from '../../test-utils/channels';
import { GroupChannelStatus } from './GroupChannelStatus';

describe('the group modal: channel status (spec 001 §4)', () => {
  it('shows the group status the core answers, the counts and each channel', async () => {
    const channels: ChannelLive[] = [
      makeChannel({ channelId: 'c1', channelName: 'Cam_1', status: 'collecting' }),
      makeChannel({ channelId: 'c2', channelName: 'Cam_2', status: 'offline' }),
    ];
    const api = new FakeApi().on('getGroupChannelDetails', ({ params }) => ({
      groupId: params.id,
      status: 'collecting',
      channels,
      counters: countChannels(channels),
    }));
    await renderWithApp(<GroupChannelStatus groupId="g1" />, { roles: ['luc_read'], api });
    expect(await screen.findByTestId('group-channel-status-value')).toHaveTextContent('Collecting');
    expect(screen.getByTestId('group-channel-status-counts')).toHaveTextContent('2 channels: 0 idle, 1 collecting, 1 other');
    expect(screen.getByTestId('group-channel-c2')).toHaveTextContent('Cam_2: Offline');
    expect(api.calls('getGroupChannelDetails')[0]?.params).toEqual({ id: 'g1' });
  });

  it('says when the group has no channels', async () => {
    const api = new FakeApi().on('getGroupChannelDetails', { groupId: 'g1', status: 'offline', channels: [], counters: countChannels([]) });
    await renderWithApp(<GroupChannelStatus groupId="g1" />, { roles: ['luc_read'], language: 'zh', api });
    expect(await screen.findByTestId('group-channel-status-value')).toHaveTextContent('离线');
    expect(screen.getByTestId('group-channel-status-counts')).toHaveTextContent('该组没有频道。');
  });

  it('follows its channels live: idle while one is idle, collecting once every one collects, and the counts with it', async () => {
    const channels: ChannelLive[] = [
      makeChannel({ channelId: 'c1', channelName: 'Cam_1', status: 'collecting' }),
      makeChannel({ channelId: 'c2', channelName: 'Cam_2', status: 'idle' }),
    ];
    const api = new FakeApi().on('getGroupChannelDetails', { groupId: 'g1', status: 'idle', channels, counters: countChannels(channels) });
    const { socket, settled } = await renderWithApp(<GroupChannelStatus groupId="g1" />, { roles: ['luc_read'], api });
    expect(await screen.findByTestId('group-channel-status-value')).toHaveTextContent('Idle');
    await settled();
    await socket.emit({ type: 'channel.status', channelId: 'c2', serverId: null, status: 'collecting', previous: 'idle', at: 10 });
    await waitFor(() => expect(screen.getByTestId('group-channel-status-value')).toHaveTextContent('Collecting'));
    expect(screen.getByTestId('group-channel-status-counts')).toHaveTextContent('2 channels: 0 idle, 2 collecting, 0 other');
    expect(screen.getByTestId('group-channel-c2')).toHaveTextContent('Cam_2: Collecting');
    // A report older than the one shown changes nothing.
    await socket.emit({ type: 'channel.status', channelId: 'c2', serverId: null, status: 'idle', previous: 'collecting', at: 5 });
    await socket.emit({ type: 'channel.status', channelId: 'c1', serverId: null, status: 'offline', previous: 'collecting', at: 20 });
    await waitFor(() => expect(screen.getByTestId('group-channel-c1')).toHaveTextContent('Cam_1: Offline'));
    expect(screen.getByTestId('group-channel-status-value')).toHaveTextContent('Collecting');
  });
});
