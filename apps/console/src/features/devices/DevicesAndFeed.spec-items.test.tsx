/**
 * The device management screen's devices tab and a transceiver's feed details (spec 001 §1): the
 * units the user sees with their status, the servers their channels run on and the way to their
 * LU-Link tab; the channels a transceiver server feeds with their live status and whom they are
 * allocated to, other servers' channels left out.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { countChannels } from '@fleet/domain';
import type { ChannelLive } from '@fleet/contracts';
import { makeChannel } from '../../test-utils/channels';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { makeServer } from '../../test-utils/servers';
import { DevicesTab } from './DevicesTab';
import { ServerFeed } from './ServerFeed';

function channelList(channels: ChannelLive[]) {
  return { channels, counters: countChannels(channels) };
}

describe('Device management: the devices tab', () => {
  it('shows each unit with its status and its servers; a server opens its detail and the LU-Link opens the unit', async () => {
    const streaming = makeUnit({
      uniqueId: 'LU800-0001',
      name: 'camera_one',
      status: 'streaming',
      selectedChannel: { channelId: 'c1', previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false },
    });
    const idle = makeUnit({ uniqueId: 'LU800-0002', name: 'camera_two', status: 'idle' });
    const api = new FakeApi()
      .on('fetchDevices', [streaming, idle])
      .on(
        'fetchChannels',
        channelList([
          makeChannel({ channelId: 'c1', serverId: 'S1', serverName: 'hub_north' }),
          makeChannel({ channelId: 'c2', serverId: 'S2', serverName: 'hub_south', allocatedToUnitUid: 'LU800-0001' }),
          makeChannel({ channelId: 'c3', serverId: 'S3', serverName: 'hub_west' }),
        ]),
      );
    const onOpenServer = vi.fn();
    const onOpenLink = vi.fn();
    const { user } = await renderWithApp(<DevicesTab onOpenServer={onOpenServer} onOpenLink={onOpenLink} />, { api, realtime: false });

    expect(await screen.findByTestId('device-status-LU800-0001')).toHaveTextContent('Streaming');
    expect(screen.getByTestId('device-status-LU800-0002')).toHaveTextContent('Idle');
    const servers = await screen.findByTestId('device-servers-LU800-0001');
    // The selected channel's server and the server of the channel allocated to the unit, by name.
    expect(
      within(servers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['hub_north', 'hub_south']);
    expect(screen.getByTestId('device-row-LU800-0002')).toHaveTextContent('Unknown');

    await user.click(within(servers).getByRole('button', { name: 'hub_south' }));
    expect(onOpenServer).toHaveBeenCalledWith('S2');
    await user.click(screen.getByTestId('device-link-LU800-0002'));
    expect(onOpenLink).toHaveBeenCalledWith('LU800-0002');
  });

  it('says so when the user sees no unit', async () => {
    const api = new FakeApi().on('fetchDevices', []).on('fetchChannels', channelList([]));
    await renderWithApp(<DevicesTab onOpenServer={vi.fn()} onOpenLink={vi.fn()} />, { api, realtime: false });
    expect(await screen.findByTestId('devices-tab')).toHaveTextContent('No units to show');
  });
});

describe('Transceiver feed details', () => {
  const transceiver = makeServer({ id: 'TRX1', serverType: 'transceiver_server', productType: 'Transceiver' });

  it('lists the channels the transceiver feeds by name, with their status and whom they are allocated to', async () => {
    const api = new FakeApi().on(
      'fetchChannels',
      channelList([
        makeChannel({ channelId: 'f2', channelName: 'feed_b', serverId: 'TRX1', status: 'online', allocatedToUnitAlias: 'camera_one' }),
        makeChannel({ channelId: 'f1', channelName: 'feed_a', serverId: 'TRX1', status: 'idle' }),
        makeChannel({ channelId: 'x1', channelName: 'other_hub', serverId: 'S9' }),
      ]),
    );
    await renderWithApp(<ServerFeed server={transceiver} kind="channels" />, { api, realtime: false });
    const table = await screen.findByTestId('server-feed');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('feed_a'), expect.stringContaining('feed_b')]);
    expect(rows[0]).toHaveAttribute('data-status', 'idle');
    expect(rows[0]).toHaveTextContent('—');
    expect(rows[1]).toHaveAttribute('data-status', 'online');
    expect(rows[1]).toHaveTextContent('camera_one');
    expect(table).not.toHaveTextContent('other_hub');
  });

  it('says so when the transceiver feeds no channel the user sees', async () => {
    const api = new FakeApi().on('fetchChannels', channelList([makeChannel({ channelId: 'x1', serverId: 'S9' })]));
    await renderWithApp(<ServerFeed server={transceiver} kind="channels" />, { api, realtime: false });
    expect(await screen.findByText('This server feeds no channel you can see')).toBeVisible();
  });
});
