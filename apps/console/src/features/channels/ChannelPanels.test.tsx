import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelDetails, ChannelLive } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { InventoryOutputsPanel, PtmpChannelsPanel } from './ChannelPanels';
import { makeChannel } from '../../test-utils/channels';
import { makeChannelDetails } from '../../test-utils/channelDetails';

const out1 = makeChannel({ channelId: 'o1', channelName: 'Out_A', type: 'output', isOutput: true, serverId: 's1', serverName: 'hub_1', status: 'collecting' });
const sdi1 = makeChannel({ channelId: 'd1', channelName: 'Sdi_A', hasSdi: true, sdiNo: 2, serverId: 's1', serverName: 'hub_1' });
const list = (channels: ChannelLive[]) => ({ channels, counters: countChannels(channels) });

function detailsOf(channel: ChannelLive): ChannelDetails {
  return makeChannelDetails(channel, { general: { port: null, output: true, preview: false }, outputLicence: { licensed: 4, used: 3 } });
}

function core(): FakeApi {
  return new FakeApi()
    .on('getOutputChannels', list([out1]))
    .on('getSdiChannels', list([sdi1]))
    .on('fetchChannelsPost', list([out1, sdi1]))
    .on('mediaAccessOutputInfo', ({ body }) => ({
      outputs: body.uniqueIds.map((id) => ({
        uniqueId: id,
        channelName: id,
        type: 'output' as const,
        status: 'idle' as const,
        isOutput: id === 'o1',
        sdiNo: id === 'd1' ? 2 : null,
        ndi: false,
        flavor: null,
        cdnName: id === 'o1' ? 'Akamai' : null,
        protocol: id === 'o1' ? 'RTMP' : null,
        forwardRtmp: false,
      })),
    }))
    .on('fetchChannelDetailsPost', ({ body }) => ({ channels: body.ids.map((id) => detailsOf(id === 'o1' ? out1 : sdi1)) }));
}

describe('/channels: inventory outputs panel', () => {
  it('lists the output channels of the chosen inventory with their output information, counters and licence', async () => {
    const onOpen = vi.fn();
    const { user, api } = await renderWithApp(<InventoryOutputsPanel onOpen={onOpen} />, { roles: ['luc_regular'], api: core() });
    await user.click(screen.getByTestId('channel-outputs-inventory'));
    await user.click(await screen.findByRole('option', { name: 'Inventory 1' }));

    expect(await screen.findByTestId('channel-outputs-row-o1')).toHaveTextContent('Out_A');
    await waitFor(() => expect(screen.getByTestId('channel-outputs-info-o1')).toHaveTextContent('Output · Akamai · RTMP'));
    expect(await screen.findByTestId('channel-outputs-licence-s1')).toHaveTextContent('Server hub_1: 3 of 4 licensed output channels in use');
    expect(await screen.findByTestId('channel-outputs-counters')).toHaveTextContent('1 busy, 1 idle');

    expect(api.calls('getOutputChannels')[0]?.query.get('inventoryId')).toBe('inv1');
    expect(api.calls('fetchChannelsPost')[0]?.body).toEqual({ inventory: 'inv1' });
    expect(api.calls('mediaAccessOutputInfo')[0]?.body).toEqual({ uniqueIds: ['o1'] });
    expect(api.calls('fetchChannelDetailsPost')[0]?.body).toEqual({ ids: ['o1'] });

    await user.click(screen.getByTestId('channel-panel-open-o1'));
    expect(onOpen).toHaveBeenCalledWith('o1');
  });

  it('switches to the SDI channels of the inventory', async () => {
    const { user, api } = await renderWithApp(<InventoryOutputsPanel onOpen={() => undefined} />, { roles: ['luc_regular'], api: core() });
    await user.click(screen.getByTestId('channel-outputs-inventory'));
    await user.click(await screen.findByRole('option', { name: 'Inventory 1' }));
    await user.click(screen.getByText('SDI channels'));
    expect(await screen.findByTestId('channel-outputs-row-d1')).toHaveTextContent('Sdi_A');
    await waitFor(() => expect(screen.getByTestId('channel-outputs-info-d1')).toHaveTextContent('Input · SDI 2'));
    expect(api.calls('getSdiChannels')[0]?.query.get('inventoryId')).toBe('inv1');
  });
});

describe('/channels: multipoint channels panel', () => {
  it('lists the point-to-multipoint channels and what each receiver reports', async () => {
    const api = new FakeApi().on('fetchPtmpChannels', {
      channels: [
        {
          uniqueID: 'p1',
          channelName: 'Ptmp_A',
          serverId: 's1',
          ptmpLu100: true,
          machines: [{ uid: 'u1' }, { uid: 'u2' }],
          ptmpStatuses: [{ uid: 'u1', status: 'connected', bitrate: 2000 }],
          ptmpDelay: 500,
        },
      ],
    });
    await renderWithApp(<PtmpChannelsPanel onOpen={() => undefined} />, { roles: ['luc_read'], api });
    expect(await screen.findByTestId('channel-ptmp-row-p1')).toHaveTextContent('Ptmp_A');
    expect(screen.getByTestId('channel-ptmp-row-p1')).toHaveTextContent('LU100');
    expect(screen.getByTestId('channel-ptmp-receivers-p1')).toHaveTextContent('u1: connected, u2: not reported');
    expect(api.calls('fetchPtmpChannels').length).toBeGreaterThan(0);
  });
});
