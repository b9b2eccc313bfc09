/**
 * /system_entities/vrChannels (spec 001 §3 Video return channel; §5 names; §7 video return channels
 * admin calls): a new channel needs its inventory, then is created in it; one opened has a serial
 * refused inline, then saved with its version; it is shared with another inventory (the whole new
 * list under the channel's version) and deleted after the confirmation.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory, VrChannelDetail } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import VrChannelsEntity from './VrChannelsEntity';

const AT = '2026-01-10T09:00:00.000Z';
const inventory = (id: string, name: string): AdminInventory => ({
  id,
  name,
  region: '',
  parentId: null,
  parentName: null,
  sipServer: null,
  childCount: 0,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
});
const INVENTORIES = [inventory('inv-a', 'Alpha'), inventory('inv-b', 'Bravo')];

function vrChannel(uniqueId: string, name: string, over: Partial<VrChannelDetail> = {}): VrChannelDetail {
  return {
    uniqueId,
    name,
    description: '',
    status: 'idle',
    uptime: null,
    serialNumber: null,
    inputStandard: null,
    inputParameters: {},
    p2MPStreamingStatuses: [],
    urlData: {},
    serverId: null,
    serverName: null,
    configuration: { inputType: 'disabled', url: null, passphrase: null, destinationPort: null, latency: null },
    inventoryIds: ['inv-a'],
    groupIds: [],
    version: 1,
    updatedAt: AT,
    ...over,
  };
}

function vrCore(): FakeApi {
  let channels = [vrChannel('VRC-1', 'Return_1')];
  const find = (uid: string) => channels.find((c) => c.uniqueId === uid);
  const put = (next: VrChannelDetail) => {
    channels = channels.map((c) => (c.uniqueId === next.uniqueId ? next : c));
    return next;
  };
  return new FakeApi()
    .on('searchAdminVrChannels', ({ query }) => ({ items: channels, total: channels.length, offset: query.offset, limit: query.limit }))
    .on('searchAdminInventories', ({ query }) => ({ items: INVENTORIES, total: INVENTORIES.length, offset: query.offset, limit: query.limit }))
    .on('getAdminVrChannel', ({ params }) => find(params.uid) ?? apiError('NOT_FOUND'))
    .on('getAdminVrChannelInventories', ({ params }) =>
      INVENTORIES.filter((i) => find(params.id)?.inventoryIds.includes(i.id)).map((i) => ({ id: i.id, name: i.name })),
    )
    .on('createAdminVrChannel', ({ body }) => {
      const made = vrChannel('VRC-2', body.name, { inventoryIds: body.inventoryIds, description: body.description ?? '' });
      channels = [...channels, made];
      return made;
    })
    .on('updateAdminVrChannel', ({ params, body }) => {
      const current = find(params.uid)!;
      if (body.version !== current.version) return apiError('CONFLICT');
      return put({ ...current, ...body, version: current.version + 1 } as VrChannelDetail);
    })
    .on('deleteAdminVrChannel', ({ params }) => {
      channels = channels.filter((c) => c.uniqueId !== params.uid);
      return { uniqueId: params.uid, deleted: true as const };
    });
}

async function renderVr(api = vrCore()) {
  const rendered = await renderWithApp(<VrChannelsEntity kind="vrChannels" />, { roles: ['staff'], route: '/system_entities/vrChannels', api });
  await screen.findByTestId('vr-channels-row-VRC-1');
  return rendered;
}

describe('/system_entities/vrChannels', () => {
  it('asks a new channel for its inventory, then creates it there', async () => {
    const { user, api } = await renderVr();
    await user.click(screen.getByTestId('vr-channels-new'));
    await fill(user, await screen.findByTestId('vr-channel-name'), 'Return_2');
    await user.click(screen.getByTestId('vr-channel-save'));
    expect(screen.getByTestId('vr-channel-error.inventoryId')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('createAdminVrChannel')).toHaveLength(0);

    await user.click(screen.getByTestId('vr-channel-inventory'));
    await user.click(await screen.findByRole('option', { name: 'Bravo' }));
    await user.click(screen.getByTestId('vr-channel-save'));
    await waitFor(() => expect(screen.queryByTestId('vr-channel-modal')).not.toBeInTheDocument());
    expect(api.calls('createAdminVrChannel')[0]?.body).toMatchObject({ name: 'Return_2', inventoryIds: ['inv-b'] });
    expect(await screen.findByTestId('vr-channels-row-VRC-2')).toBeInTheDocument();
  });

  it('saves a serial with the version read (a serial with a space refused first), shares the channel with another inventory and deletes it', async () => {
    const { user, api } = await renderVr();
    await user.click(screen.getByTestId('vr-channels-row-VRC-1'));
    await fill(user, await screen.findByTestId('vr-channel-serialNumber'), 'SN 1');
    await user.click(screen.getByTestId('vr-channel-save'));
    expect(screen.getByTestId('vr-channel-error.serialNumber')).toHaveTextContent(VALIDATION.mustMatchPattern);
    await fill(user, screen.getByTestId('vr-channel-serialNumber'), 'SN-1');
    await user.click(screen.getByTestId('vr-channel-save'));
    await waitFor(() => expect(screen.queryByTestId('vr-channel-modal')).not.toBeInTheDocument());
    expect(api.calls('updateAdminVrChannel')[0]?.body).toMatchObject({ serialNumber: 'SN-1', version: 1 });
    expect(await screen.findByTestId('vr-channels-row-VRC-1')).toHaveTextContent('SN-1');

    await user.click(screen.getByTestId('vr-channels-row-VRC-1'));
    await user.click(await screen.findByTestId('vr-channel-tab-inventories'));
    await screen.findByTestId('vr-channel-inventories-member-inv-a');
    await user.click(screen.getByTestId('vr-channel-inventories-candidate'));
    await user.click(await screen.findByRole('option', { name: 'Bravo' }));
    await user.click(screen.getByTestId('vr-channel-inventories-add'));
    expect(await screen.findByTestId('vr-channel-inventories-member-inv-b')).toBeInTheDocument();
    expect(api.calls('updateAdminVrChannel')[1]?.body).toEqual({ inventoryIds: ['inv-a', 'inv-b'], version: 2 });

    await user.click(screen.getByTestId('vr-channel-tab-general'));
    await user.click(await screen.findByTestId('vr-channel-delete'));
    await user.click(screen.getByTestId('vr-channel-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('vr-channels-row-VRC-1')).not.toBeInTheDocument());
    expect(api.calls('deleteAdminVrChannel')[0]?.params).toEqual({ uid: 'VRC-1' });
  });
});
