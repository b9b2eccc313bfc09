/**
 * /system_entities/groups (spec 001 §3 Group; §5 names; §7 group video return channels; §8
 * "association already exists"): the form's own rules before anything is sent (name characters, an
 * inventory required), the core's refusal of a name its inventory has on the field, a create that
 * turns the modal into the group's editor; a rename and a delete; a video return channel of the
 * group's inventory joining and leaving.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory, GroupDetail, GroupListRow, VrChannelDetail } from '@fleet/contracts';
import { apiError, FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { makeGroupDetail, makeGroupRow } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import GroupsEntity from './GroupsEntity';

const AT = '2026-01-10T09:00:00.000Z';
const GLOBAL: AdminInventory = {
  id: 'inv-global',
  name: 'Global-News',
  region: '',
  parentId: null,
  parentName: null,
  sipServer: null,
  childCount: 0,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};

/** The core's groups in memory; a name is unique within its inventory. */
function groupsCore(): FakeApi {
  let rows: GroupListRow[] = [makeGroupRow({ id: 'grp-newsroom', name: 'Newsroom', inventoryId: GLOBAL.id, inventoryName: GLOBAL.name })];
  const details = new Map<string, GroupDetail>();
  return new FakeApi()
    .on('searchAdminGroups', ({ query }) => ({ items: rows, total: rows.length, offset: query.offset, limit: query.limit }))
    .on('searchAdminInventories', ({ query }) => ({ items: [GLOBAL], total: 1, offset: query.offset, limit: query.limit }))
    .on('getAdminGroup', ({ params }) => details.get(params.id) ?? fieldErrors([{ path: 'params.id', message: VALIDATION.invalidField }]))
    .on('createAdminGroup', ({ body }) => {
      if (rows.some((g) => g.inventoryId === body.inventoryId && g.name.toLowerCase() === body.name.toLowerCase())) {
        return fieldErrors([{ path: 'body.name', message: VALIDATION.nameUnique }]);
      }
      const row = makeGroupRow({ id: 'grp-new', name: body.name, inventoryId: GLOBAL.id, inventoryName: GLOBAL.name });
      rows = [...rows, row];
      const detail = makeGroupDetail(row);
      details.set(row.id, detail);
      return detail;
    });
}

describe('/system_entities/groups: the form', () => {
  it('refuses a name with a space and a missing inventory, then a name the inventory has, and creates the group', async () => {
    const api = groupsCore();
    const { user } = await renderWithApp(<GroupsEntity kind="groups" />, { roles: ['super_user'], route: '/system_entities/groups', api });
    expect(await screen.findByTestId('groups-row-grp-newsroom')).toBeVisible();

    await user.click(screen.getByTestId('groups-new'));
    await fill(user, await screen.findByTestId('group-name'), 'bad name');
    await user.click(screen.getByTestId('group-save'));
    expect(screen.getByTestId('group-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    expect(screen.getByTestId('group-error.inventoryId')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('createAdminGroup')).toHaveLength(0);

    const inventory = screen.getByTestId('group-inventory');
    await user.click(inventory);
    await fill(user, inventory, 'Global-News');
    await user.click(await screen.findByRole('option', { name: 'Global-News' }));
    // A name the inventory has: the core's message, inline.
    await fill(user, screen.getByTestId('group-name'), 'Newsroom');
    await user.click(screen.getByTestId('group-save'));
    expect(await screen.findByTestId('group-error.name')).toHaveTextContent(VALIDATION.nameUnique);

    await fill(user, screen.getByTestId('group-name'), 'E2E-groups');
    await user.click(screen.getByTestId('group-save'));
    expect(await screen.findByTestId('group-tab-units')).toBeVisible();
    expect(api.calls('createAdminGroup').at(-1)?.body).toMatchObject({ name: 'E2E-groups', inventoryId: GLOBAL.id });
  });
});

function vrChannel(uniqueId: string, name: string): VrChannelDetail {
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
    inventoryIds: [GLOBAL.id],
    groupIds: [],
    version: 1,
    updatedAt: AT,
  };
}

/** One group of Global-News with its video return channels; the core refuses a second association of the same channel. */
function groupWithVrChannels(): FakeApi {
  let row = makeGroupRow({ id: 'grp-newsroom', name: 'Newsroom', inventoryId: GLOBAL.id, inventoryName: GLOBAL.name });
  let exists = true;
  const shared = new Set<string>();
  const channels = [vrChannel('VRC-1', 'Return_1'), vrChannel('VRC-2', 'Return_2')];
  return new FakeApi()
    .on('searchAdminGroups', ({ query }) => ({ items: exists ? [row] : [], total: exists ? 1 : 0, offset: query.offset, limit: query.limit }))
    .on('searchAdminInventories', ({ query }) => ({ items: [GLOBAL], total: 1, offset: query.offset, limit: query.limit }))
    .on('getAdminGroup', () => makeGroupDetail(row))
    .on('updateAdminGroup', ({ body }) => {
      row = { ...row, name: body.name ?? row.name, version: row.version + 1 };
      return makeGroupDetail(row);
    })
    .on('deleteAdminGroup', ({ params }) => {
      exists = false;
      return { id: params.id, deleted: true as const };
    })
    .on('getAdminGroupVrChannels', ({ query }) => {
      const items = channels.filter((c) => shared.has(c.uniqueId)).map((c) => ({ id: c.uniqueId, name: c.name, status: c.status }));
      return { items, total: items.length, offset: query.offset, limit: query.limit };
    })
    .on('listAdminInventoryVrChannels', ({ query }) => ({ items: channels, total: channels.length, offset: query.offset, limit: query.limit }))
    .on('addAdminGroupVrChannel', ({ params }) => {
      if (shared.has(params.vrChannelId)) return apiError('ASSOCIATION_EXISTS');
      shared.add(params.vrChannelId);
      return row;
    })
    .on('removeAdminGroupVrChannel', ({ params }) => {
      shared.delete(params.vrChannelId);
      return row;
    });
}

describe('/system_entities/groups: an existing group', () => {
  it('shares a video return channel of its inventory with the group and takes it back (getAdminGroupVrChannels, addAdminGroupVrChannel, removeAdminGroupVrChannel)', async () => {
    const api = groupWithVrChannels();
    const { user } = await renderWithApp(<GroupsEntity kind="groups" />, { roles: ['super_user'], route: '/system_entities/groups', api });
    await user.click(await screen.findByTestId('groups-row-grp-newsroom'));
    await user.click(await screen.findByTestId('group-tab-vrChannels'));
    expect(await screen.findByTestId('group-vr-channels-empty')).toBeInTheDocument();

    const candidate = screen.getByTestId('group-vr-channels-candidate');
    await user.click(candidate);
    await user.click(await screen.findByRole('option', { name: 'Return_2 (idle)' }));
    await user.click(screen.getByTestId('group-vr-channels-add'));
    expect(await screen.findByTestId('group-vr-channels-member-VRC-2')).toHaveTextContent('Return_2');
    expect(api.calls('addAdminGroupVrChannel')[0]?.params).toEqual({ id: 'grp-newsroom', vrChannelId: 'VRC-2' });
    expect(api.calls('listAdminInventoryVrChannels').at(-1)?.params).toEqual({ id: GLOBAL.id });

    await user.click(screen.getByTestId('group-vr-channels-remove-VRC-2'));
    expect(await screen.findByTestId('group-vr-channels-empty')).toBeInTheDocument();
    expect(api.calls('removeAdminGroupVrChannel')[0]?.params).toEqual({ id: 'grp-newsroom', vrChannelId: 'VRC-2' });
  });

  it('renames the group with its version (the modal stays), then deletes it after the confirmation', async () => {
    const api = groupWithVrChannels();
    const { user } = await renderWithApp(<GroupsEntity kind="groups" />, { roles: ['super_user'], route: '/system_entities/groups', api });
    await user.click(await screen.findByTestId('groups-row-grp-newsroom'));
    expect(await screen.findByTestId('group-inventory')).toBeDisabled();
    await fill(user, screen.getByTestId('group-name'), 'Newsroom 2');
    await user.click(screen.getByTestId('group-save'));
    expect(screen.getByTestId('group-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    await fill(user, screen.getByTestId('group-name'), 'Newsroom_2');
    await user.click(screen.getByTestId('group-save'));
    expect(await screen.findByText('Group Newsroom_2 saved')).toBeInTheDocument();
    expect(api.calls('updateAdminGroup')[0]?.body).toMatchObject({ name: 'Newsroom_2', version: 1 });
    await waitFor(() => expect(screen.getByTestId('group-modal')).toHaveTextContent('Group Newsroom_2'));

    await user.click(screen.getByTestId('group-delete'));
    await user.click(screen.getByTestId('group-delete-confirm'));
    expect(await screen.findByTestId('groups-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('group-modal')).not.toBeInTheDocument();
  });
});
