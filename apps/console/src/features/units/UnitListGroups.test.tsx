/**
 * The unit list's expanded rows show the groups each unit is in (GET groups/fetch_machinegroups):
 * one read for all the expanded rows, never one per row.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCES } from '@fleet/contracts';
import type { UnitGroupRef } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitListPage from './UnitList.page';

const units = [
  makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' }),
  makeUnit({ uniqueId: 'LU800-0002', name: 'Camera_south' }),
  makeUnit({ uniqueId: 'LU800-0003', name: 'Backpack' }),
];
const news: UnitGroupRef = { id: 'g1', name: 'Newsroom_cams', inventoryId: 'inv1', inventoryName: 'Newsroom' };
const sports: UnitGroupRef = { id: 'g2', name: 'Sports_cams', inventoryId: 'inv1', inventoryName: 'Newsroom' };
const membership: Record<string, UnitGroupRef[]> = { 'LU800-0001': [news, sports], 'LU800-0002': [], 'LU800-0003': [sports] };

function groupsApi(): FakeApi {
  return new FakeApi()
    .on('fetchDevices', units)
    .on('fetchMachineGroups', ({ query }) => query.unitIds.split(',').map((unitId) => ({ unitId, groups: membership[unitId] ?? [] })));
}

describe('Unit list: the groups of the expanded rows', () => {
  it('reads the groups of every expanded row at once and shows them in each row', async () => {
    const api = groupsApi();
    // Rows expanded in an earlier visit (remembered in the preferences), one of them a unit gone since.
    const { settled } = await renderWithApp(<UnitListPage />, {
      api,
      route: '/list',
      preferences: { ...DEFAULT_USER_PREFERENCES, unitListExpanded: { 'LU800-0001': true, 'LU800-0002': true, 'LU800-9999': true } },
    });

    await waitFor(() => expect(screen.getByTestId('unit-groups-LU800-0001')).toHaveAttribute('data-state', 'read'));
    expect(screen.getByTestId('unit-groups-LU800-0001')).toHaveTextContent('Newsroom_cams, Sports_cams');
    expect(screen.getByTestId('unit-groups-LU800-0002')).toHaveTextContent('No group');
    await settled();
    // One read for both rows (read once more at most, by the realtime catch-up), none for the unit gone.
    expect(new Set(api.calls('fetchMachineGroups').map((c) => c.query.get('unitIds')))).toEqual(new Set(['LU800-0001,LU800-0002']));
  });

  it('reads them again with the row expanded next', async () => {
    const api = groupsApi();
    const { user, settled } = await renderWithApp(<UnitListPage />, { api, route: '/list' });
    await screen.findByTestId('unit-row-LU800-0003');
    await settled();
    expect(api.calls('fetchMachineGroups')).toHaveLength(0);

    await user.click(screen.getByTestId('grid-units-expand-LU800-0003'));
    await waitFor(() => expect(screen.getByTestId('unit-groups-LU800-0003')).toHaveTextContent('Sports_cams'));
    await user.click(screen.getByTestId('grid-units-expand-LU800-0001'));
    await waitFor(() => expect(screen.getByTestId('unit-groups-LU800-0001')).toHaveTextContent('Newsroom_cams, Sports_cams'));
    expect(api.calls('fetchMachineGroups').map((c) => c.query.get('unitIds'))).toEqual(['LU800-0003', 'LU800-0001,LU800-0003']);
  });
});
