/**
 * The Xtend mode tab (spec 000 §2; §3 hasExtender; §4 working modes, "operational mode changes take
 * a few seconds"): whether an extender is attached and its relay runs, the working mode as the unit
 * reports it, and a change to a mode the unit's licences allow, applied.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

describe('Unit detail, Xtend mode tab', () => {
  it('shows the extender and its relay, the working mode the unit reports, and applies another one the unit is licensed for', async () => {
    const unit = makeDetail({
      uniqueId: UNIT,
      status: 'online',
      hasExtender: true,
      workingMode: 'video',
      applications: { xtenderRelay: { state: 'running' } },
      capabilities: { databridge: true },
      services: [{ serviceName: 'databridge', serviceStatus: 'ENABLED' }],
    });
    const configuration = makeUnitConfiguration({ unitUniqueId: UNIT });
    const api = new FakeApi()
      .on('getUnit', unit)
      .on('getUnitEnhanced', { ...unit, configuration, refreshIntervalMs: 60_000 })
      .on('getUnitCapabilities', { capabilities: { databridge: true } })
      .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false })
      .on('updateUnitOperationalMode', ({ body }) => ({ ...configuration, version: 2, workingMode: body.workingMode }));
    const { user } = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_regular'],
      route: `/list?unit=${UNIT}&tab=xtend`,
      api,
    });

    expect(await screen.findByTestId('unit-detail-xtend-extender')).toHaveAttribute('data-has-extender', 'true');
    expect(screen.getByTestId('unit-detail-xtend-relay')).toHaveAttribute('data-state', 'running');
    expect(screen.getByTestId('unit-detail-xtend-mode')).toHaveAttribute('data-mode', 'video');
    expect(screen.getByTestId('unit-detail-xtend-apply')).toBeDisabled();

    await user.click(screen.getByTestId('unit-detail-xtend-mode-select'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /Databridge$/ })).not.toHaveAttribute('data-combobox-disabled');
    await user.click(within(listbox).getByRole('option', { name: /Databridge$/ }));
    await user.click(screen.getByTestId('unit-detail-xtend-apply'));
    await waitFor(() => expect(api.calls('updateUnitOperationalMode').map((c) => c.body)).toEqual([{ workingMode: 'databridge' }]));
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent('Databridge'));
  });
});
