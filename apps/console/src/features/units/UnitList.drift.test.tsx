import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, drifted } from '../../test-utils/fakeApi';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitListPage from './UnitList.page';

/** A unit of devices/fetch with every field but its id and name null. */
function nulled(uniqueId: string, name: string): Record<string, unknown> {
  const unit: Record<string, unknown> = { ...makeUnit({ uniqueId, name }) };
  for (const key of Object.keys(unit)) if (key !== 'uniqueId' && key !== 'name') unit[key] = null;
  return unit;
}

describe('/list with an answer that drifted from the contract', () => {
  it('shows units whose fields are null, with "—" and raw values, and counts them', async () => {
    vi.stubEnv('DEV', false);
    const future = { ...makeUnit({ uniqueId: 'LU800-0002', name: 'Camera_future' }), status: 'futureStatus7', typeGroup: 'hoverUnits' };
    const api = new FakeApi().on(
      'fetchDevices',
      drifted([nulled('LU800-0001', 'Camera_null'), future, makeUnit({ uniqueId: 'LU800-0003', name: 'Backpack' })]),
    );
    await renderWithApp(<UnitListPage />, { api, route: '/list' });
    const row = await screen.findByTestId('unit-row-LU800-0001');
    expect(within(row).getByTestId('unit-name-LU800-0001')).toHaveTextContent('Camera_null');
    expect(screen.getByTestId('unit-row-LU800-0003')).toBeVisible();
    expect(screen.queryAllByTestId('region-error')).toEqual([]);
    expect(screen.getByTestId('unit-row-LU800-0002')).toHaveTextContent('futureStatus7');
    expect(screen.getByTestId('unit-row-LU800-0002')).not.toHaveTextContent('units.typeGroups');
    expect(screen.getByTestId('unit-row-LU800-0002')).toHaveTextContent('hoverUnits');
    // The units of an unknown or no status count under Other, not as idle.
    expect(screen.getByTestId('counter-other')).toHaveTextContent('2');
    expect(screen.getByTestId('counter-idle')).toHaveTextContent('1');
  });
});
