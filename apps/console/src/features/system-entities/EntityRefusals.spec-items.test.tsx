/**
 * The administration's refusals of the core (spec 001 §8), each in the catalogue's words where the
 * admin acted: a unit joining one inventory too many ("Unit max inventories reached"), an
 * inventory with overlays or an active audio room deleted, a channel fed to an ingest server or
 * shared as a transceiver feed deleted.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { AdminInventory, ErrorCode } from '@fleet/contracts';
import { makeChannel } from '../../test-utils/channels';
import { makeChannelDetails } from '../../test-utils/channelDetails';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { adminUnitRow, makeAdminUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import ChannelsEntity from './ChannelsEntity';
import InventoriesEntity from './InventoriesEntity';
import UnitsEntity from './UnitsEntity';

const AT = '2026-01-10T09:00:00.000Z';

function inventory(id: string, name: string): AdminInventory {
  return { id, name, region: 'eu', parentId: null, parentName: null, sipServer: null, childCount: 0, version: 0, createdAt: AT, updatedAt: AT };
}

describe('Errors: unit max inventories reached', () => {
  it('shows the core refusing one more inventory for the unit in the spec words, the unit’s inventories unchanged', async () => {
    const unit = makeAdminUnit({ uniqueId: 'LU800-0001', name: 'Camera_1', status: 'online' });
    const row = adminUnitRow(unit);
    const inventories = [inventory('inv1', 'Inventory 1'), inventory('inv2', 'Inventory 2')];
    const api = new FakeApi()
      .on('searchAdminUnits', ({ query }) => ({ items: [row], total: 1, offset: query.offset, limit: query.limit }))
      .on('getAdminUnit', unit)
      .on('getAdminUnitInventories', unit.inventories)
      .on('searchAdminInventories', ({ query }) => ({ items: inventories, total: inventories.length, offset: query.offset, limit: query.limit }))
      .on('addAdminUnitInventory', () => apiError('UNIT_MAX_INVENTORIES'));
    const { user } = await renderWithApp(<UnitsEntity kind="units" />, { roles: ['super_user'], route: '/system_entities/units', api });
    await user.click(await screen.findByTestId('units-row-LU800-0001'));
    await user.click(await screen.findByRole('tab', { name: 'Inventories' }));
    expect(await screen.findByTestId('unit-inventories-member-inv1')).toHaveTextContent('Inventory 1');

    await user.click(screen.getByTestId('unit-inventories-candidate'));
    await user.click(await screen.findByRole('option', { name: /Inventory 2/ }));
    await user.click(screen.getByTestId('unit-inventories-add'));

    expect(await screen.findByTestId('unit-inventories-error')).toHaveTextContent(ERROR_CATALOGUE.UNIT_MAX_INVENTORIES.message);
    expect(api.calls('addAdminUnitInventory')[0]?.params).toEqual({ id: 'LU800-0001', inventoryId: 'inv2' });
    expect(screen.queryByTestId('unit-inventories-member-inv2')).not.toBeInTheDocument();
  });
});

describe('Errors: inventory cannot be deleted with overlays or an active audio room', () => {
  it('shows the core refusing the delete in the spec words and keeps the inventory', async () => {
    const rows = [inventory('inv-global', 'Global-News')];
    const api = new FakeApi()
      .on('searchAdminInventories', ({ query }) => ({ items: rows, total: rows.length, offset: query.offset, limit: query.limit }))
      .on('getAdminInventory', rows[0]!)
      .on('deleteAdminInventory', () => apiError('INVENTORY_IN_USE'));
    const { user } = await renderWithApp(<InventoriesEntity kind="inventories" />, { roles: ['super_user'], route: '/system_entities/inventories', api });
    await user.click(await screen.findByTestId('inventories-row-inv-global'));
    await user.click(await screen.findByTestId('inventory-delete'));
    await user.click(screen.getByTestId('inventory-delete-confirm'));

    expect(await screen.findByTestId('inventory-form-error')).toHaveTextContent(ERROR_CATALOGUE.INVENTORY_IN_USE.message);
    expect(api.calls('deleteAdminInventory')[0]?.params).toEqual({ id: 'inv-global' });
    expect(screen.getByTestId('inventories-row-inv-global')).toBeInTheDocument();
  });
});

describe('Errors: a channel an ingest server feeds or shared as a transceiver feed is not deleted', () => {
  it.each<ErrorCode>(['INGEST_CHANNEL_CONFLICT', 'TRANSCEIVER_FEED_IN_USE'])(
    'shows the core refusing the delete with %s in the spec words and keeps the modal',
    async (code) => {
      const channel = makeChannel({ channelId: 'CH-1', channelName: 'Feed_1' });
      const api = new FakeApi()
        .on('searchAdminChannels', ({ query }) => ({ items: [channel], total: 1, offset: query.offset, limit: query.limit }))
        .on('searchAdminServers', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }))
        .on('searchAdminInventories', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }))
        .on('getAdminChannel', makeChannelDetails(channel))
        .on('deleteAdminChannel', () => apiError(code));
      const { user } = await renderWithApp(<ChannelsEntity kind="channels" />, { roles: ['staff'], route: '/system_entities/channels', api });
      await user.click(await screen.findByTestId('channels-row-CH-1'));
      await user.click(await screen.findByTestId('channel-delete'));
      await user.click(screen.getByTestId('channel-delete-confirm'));

      expect(await screen.findByTestId('channel-form-error')).toHaveTextContent(ERROR_CATALOGUE[code].message);
      await waitFor(() => expect(api.calls('deleteAdminChannel')).toHaveLength(1));
      expect(screen.getByTestId('channel-modal')).toBeVisible();
    },
  );
});
