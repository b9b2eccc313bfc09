/**
 * /system_entities/channels (spec 001 §3 Channel; §5 names; §7 Channels admin calls; §8 ingest or
 * busy channel conflicts): a new channel needs its server, then is created on the one chosen; a
 * channel opened is renamed (a name with a space refused inline first) and deleted after the
 * confirmation; the core's refusal of deleting a busy channel shows in its words.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { ChannelDetails, ChannelLive, ServerDetail } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { makeChannel } from '../../test-utils/channels';
import { makeChannelDetails } from '../../test-utils/channelDetails';
import ChannelsEntity from './ChannelsEntity';

const AT = '2026-01-10T09:00:00.000Z';

function detailsOf(channel: ChannelLive): ChannelDetails {
  return makeChannelDetails(channel, { general: { port: null }, outputLicence: { licensed: null, used: 0 }, createdAt: AT });
}

const HUB = { id: 'srv-1', name: 'hub_1', serverType: 'mmh_server' } as const;

/** The core's channels in memory; a busy channel is not deleted. */
function channelsCore(): FakeApi {
  let channels: ChannelLive[] = [
    makeChannel({ channelId: 'CH-1', channelName: 'Studio_1' }),
    makeChannel({ channelId: 'CH-2', channelName: 'Busy_1', busy: true, status: 'collecting' }),
  ];
  return new FakeApi()
    .on('searchAdminChannels', ({ query }) => ({ items: channels, total: channels.length, offset: query.offset, limit: query.limit }))
    .on('searchAdminServers', ({ query }) => ({ items: [server()], total: 1, offset: query.offset, limit: query.limit }))
    .on('searchAdminInventories', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }))
    .on('getAdminChannel', ({ params }) => {
      const found = channels.find((c) => c.channelId === params.id);
      return found === undefined ? apiError('NOT_FOUND') : detailsOf(found);
    })
    .on('createAdminChannel', ({ body }) => {
      const made = makeChannel({ channelId: 'CH-3', channelName: body.name, serverId: body.serverId });
      channels = [...channels, made];
      return detailsOf(made);
    })
    .on('updateAdminChannel', ({ params, body }) => {
      channels = channels.map((c) => (c.channelId === params.id ? { ...c, channelName: body.name ?? c.channelName, version: c.version + 1 } : c));
      return detailsOf(channels.find((c) => c.channelId === params.id)!);
    })
    .on('deleteAdminChannel', ({ params }) => {
      if (channels.find((c) => c.channelId === params.id)?.busy) return apiError('CHANNEL_BUSY_CONFLICT');
      channels = channels.filter((c) => c.channelId !== params.id);
      return { uniqueId: params.id, deleted: true as const };
    });
}

function server(): ServerDetail {
  return {
    id: HUB.id,
    uniqueId: HUB.id,
    name: HUB.name,
    serverType: HUB.serverType,
    productType: 'MMH-1',
    serial: 'SN1',
    alias: '',
    comment: '',
    status: 'online',
    swVersion: '8.5.0',
    targetSwVersion: null,
    inventoryId: null,
    ifbMode: null,
    maxChannels: 4,
    channelCount: 1,
    webrtcPort: null,
    publishingMode: 'automatic',
    cloudRegion: null,
    cloudInstance: null,
    cloudProvider: null,
    genlockOffset: null,
    deviceId: null,
    tallyHwStatus: null,
    audioHwStatus: null,
    state: null,
    applications: {},
    serverUsage: { cpu: null, storage: null },
    upTime: null,
    ipPipeState: null,
    version: 1,
    updatedAt: AT,
  };
}

async function renderChannels(api = channelsCore()) {
  const rendered = await renderWithApp(<ChannelsEntity kind="channels" />, { roles: ['staff'], route: '/system_entities/channels', api });
  await screen.findByTestId('channels-row-CH-1');
  return rendered;
}

describe('/system_entities/channels', () => {
  it('asks a new channel for its server, then creates it on the server chosen', async () => {
    const { user, api } = await renderChannels();
    await user.click(screen.getByTestId('channels-new'));
    await fill(user, await screen.findByTestId('channel-name'), 'Studio_2');
    await user.click(screen.getByTestId('channel-save'));
    expect(screen.getByTestId('channel-error.serverId')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('createAdminChannel')).toHaveLength(0);

    await user.click(screen.getByTestId('channel-server'));
    await user.click(await screen.findByRole('option', { name: 'hub_1 (mmh_server)' }));
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(screen.queryByTestId('channel-modal')).not.toBeInTheDocument());
    expect(api.calls('createAdminChannel')[0]?.body).toEqual({ name: 'Studio_2', serverId: 'srv-1' });
    expect(screen.getByText('Channel Studio_2 created')).toBeInTheDocument();
    expect(await screen.findByTestId('channels-row-CH-3')).toBeInTheDocument();
  });

  it('renames a channel with its version (a name with a space refused first) and deletes it after the confirmation', async () => {
    const { user, api } = await renderChannels();
    await user.click(screen.getByTestId('channels-row-CH-1'));
    expect(await screen.findByTestId('channel-server-name')).toHaveValue('hub_1');
    await fill(user, screen.getByTestId('channel-name'), 'Studio one');
    await user.click(screen.getByTestId('channel-save'));
    expect(screen.getByTestId('channel-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    await fill(user, screen.getByTestId('channel-name'), 'Studio_one');
    await user.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(screen.queryByTestId('channel-modal')).not.toBeInTheDocument());
    expect(api.calls('updateAdminChannel')[0]).toMatchObject({ params: { id: 'CH-1' }, body: { name: 'Studio_one', version: 1 } });
    expect(await screen.findByTestId('channels-row-CH-1')).toHaveTextContent('Studio_one');

    await user.click(screen.getByTestId('channels-row-CH-1'));
    await user.click(await screen.findByTestId('channel-delete'));
    await user.click(screen.getByTestId('channel-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('channels-row-CH-1')).not.toBeInTheDocument());
    expect(screen.getByText('Channel Studio_one deleted')).toBeInTheDocument();
  });

  it('shows the core’s refusal to delete a busy channel in its words and keeps the modal', async () => {
    const { user } = await renderChannels();
    await user.click(screen.getByTestId('channels-row-CH-2'));
    await user.click(await screen.findByTestId('channel-delete'));
    await user.click(screen.getByTestId('channel-delete-confirm'));
    expect(await screen.findByTestId('channel-form-error')).toHaveTextContent('Busy channel conflict');
    expect(screen.getByTestId('channel-modal')).toBeVisible();
  });
});
