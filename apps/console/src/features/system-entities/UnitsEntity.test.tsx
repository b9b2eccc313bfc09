/**
 * /system_entities/units (spec 000 §3 Unit, §5 unit names, §7 admin unit calls, §8 upgrade codes):
 * the list, a unit opened, a name refused inline then saved with its version, the delete after its
 * confirmation; the Activity tab (GET applications, GET smartunit for an LU-Smart unit) and the
 * Software and registration tab (PUT targetSwVersion, a refusal under the field in the core's words,
 * clearing it; POST deregistration after a confirmation).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminUnitDetail } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { adminUnitRow, makeAdminUnit } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import UnitsEntity from './UnitsEntity';

function unitCore(start: Partial<AdminUnitDetail> = {}) {
  let unit: AdminUnitDetail | null = {
    ...makeAdminUnit({ uniqueId: 'SMART-1', name: 'Smart_1', typeGroup: 'smartUnits', type: 'LU-Smart', status: 'online', swVersion: '8.5.0' }),
    ...start,
  };
  const change = (patch: Partial<AdminUnitDetail>) => {
    if (unit === null) throw new Error('no unit');
    unit = { ...unit, ...patch, version: unit.version + 1 };
    return unit;
  };
  return new FakeApi()
    .on('searchAdminUnits', ({ query }) => ({
      items: unit === null ? [] : [adminUnitRow(unit)],
      total: unit === null ? 0 : 1,
      offset: query.offset,
      limit: query.limit,
    }))
    .on('getAdminUnit', () => unit ?? apiError('NOT_FOUND'))
    .on('updateAdminUnit', ({ body }) => change({ name: body.name ?? '', comment: body.comment ?? '' }))
    .on('deleteAdminUnit', ({ params }) => {
      unit = null;
      return { uniqueId: params.id, deleted: true as const };
    })
    .on('getAdminUnitApplications', ({ params }) => ({
      uniqueId: params.id,
      status: 'online',
      applications: { video: { state: 'running' }, forward: { state: 'connecting' } },
      busy: true,
      streaming: true,
    }))
    .on('getAdminSmartUnit', ({ params }) => ({
      uniqueId: params.id,
      name: 'Smart_1',
      productType: 'LU-Smart',
      status: 'online',
      swVersion: '8.5.0',
      serialNumber: 'SN1',
      country: 'usa',
      bandwidthLimitKbps: 4000,
      bandwidthLimitBounds: { defaultKbps: 0, minKbps: 1000, maxKbps: 20000 },
      pairingCodeMode: true,
      license: { valid: true, kind: 'days', pro: false, fourK: false, raHours: null, rlHours: null },
      inventories: [{ id: 'inv1', name: 'Inventory 1' }],
      groups: [],
      invitation: null,
      version: 1,
    }))
    .on('setAdminUnitTargetSwVersion', ({ body }) =>
      body.targetSwVersion === '9.0'
        ? apiError('UPGRADE_6802', [{ path: 'body.targetSwVersion', message: 'Target version not allowed' }])
        : change({ targetSwVersion: body.targetSwVersion }),
    )
    .on('deregisterAdminUnit', ({ params }) => {
      change({ inventories: [] });
      return { uniqueId: params.id, deregistered: true as const, removedInventoryIds: ['inv1'], removedGroupIds: ['g1', 'g2'] };
    });
}

async function openUnit(api: FakeApi) {
  const rendered = await renderWithApp(<UnitsEntity kind="units" />, { roles: ['super_user'], route: '/system_entities/units', api });
  await rendered.user.click(await screen.findByTestId('units-row-SMART-1'));
  await screen.findByTestId('unit-name');
  return rendered;
}

describe('/system_entities/units', () => {
  it('opens a unit, refuses a name with a space inline, saves it with its version (the modal stays), and deletes it after the confirmation', async () => {
    const api = unitCore();
    const { user } = await openUnit(api);
    await fill(user, screen.getByTestId('unit-name'), 'Smart one');
    await user.click(screen.getByTestId('unit-save'));
    expect(screen.getByTestId('unit-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    expect(api.calls('updateAdminUnit')).toHaveLength(0);

    await fill(user, screen.getByTestId('unit-name'), 'Smart_2');
    await user.click(screen.getByTestId('unit-save'));
    expect(await screen.findByText('Unit Smart_2 saved')).toBeInTheDocument();
    expect(api.calls('updateAdminUnit')[0]).toMatchObject({ params: { id: 'SMART-1' }, body: expect.objectContaining({ name: 'Smart_2', version: 1 }) });
    expect(screen.getByTestId('unit-modal')).toBeVisible();

    await user.click(screen.getByTestId('unit-delete'));
    await user.click(screen.getByTestId('unit-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('unit-modal')).not.toBeInTheDocument());
    expect(await screen.findByTestId('units-empty')).toBeInTheDocument();
    expect(screen.getByText('Unit Smart_2 deleted')).toBeInTheDocument();
  });

  it('shows what the unit runs (getAdminUnitApplications) and, for an LU-Smart unit, its settings (getAdminSmartUnit)', async () => {
    const api = unitCore();
    const { user } = await openUnit(api);
    await user.click(screen.getByTestId('unit-tab-activity'));
    expect(await screen.findByTestId('unit-activity-app-video')).toHaveTextContent('running');
    expect(screen.getByTestId('unit-activity-app-forward')).toHaveTextContent('connecting');
    expect(screen.getByTestId('unit-activity-state')).toHaveTextContent('Busy');
    const smart = await screen.findByTestId('unit-smart');
    expect(smart).toHaveTextContent('usa');
    expect(smart).toHaveTextContent('4000 kbps');
    expect(api.calls('getAdminUnitApplications')[0]?.params).toEqual({ id: 'SMART-1' });
    expect(api.calls('getAdminSmartUnit')[0]?.params).toEqual({ id: 'SMART-1' });
  });

  it('reads no LU-Smart settings for another kind of unit', async () => {
    const api = unitCore({ typeGroup: 'fieldUnits' });
    const { user, settled } = await openUnit(api);
    await user.click(screen.getByTestId('unit-tab-activity'));
    await screen.findByTestId('unit-activity-app-video');
    await settled();
    expect(screen.queryByTestId('unit-smart')).not.toBeInTheDocument();
    expect(api.calls('getAdminSmartUnit')).toHaveLength(0);
  });

  it('sets the target version (setAdminUnitTargetSwVersion; a refused one under the field in the core’s words), clears it, and deregisters the unit after the confirmation (deregisterAdminUnit)', async () => {
    const api = unitCore();
    const { user } = await openUnit(api);
    await user.click(screen.getByTestId('unit-tab-software'));
    const target = await screen.findByTestId('unit-target-targetSwVersion');
    await fill(user, target, 'next');
    await user.click(screen.getByTestId('unit-target-save'));
    expect(screen.getByTestId('unit-target-error.targetSwVersion')).toHaveTextContent(VALIDATION.mustMatchPattern);
    expect(api.calls('setAdminUnitTargetSwVersion')).toHaveLength(0);

    await fill(user, target, '9.0');
    await user.click(screen.getByTestId('unit-target-save'));
    expect(await screen.findByTestId('unit-target-error.targetSwVersion')).toHaveTextContent('Target version not allowed');

    await fill(user, target, '10.1');
    await user.click(screen.getByTestId('unit-target-save'));
    expect(await screen.findByText('Target version of Smart_1 set to 10.1')).toBeInTheDocument();
    await user.click(await screen.findByTestId('unit-target-clear'));
    expect(await screen.findByText('Target version of Smart_1 cleared')).toBeInTheDocument();
    expect(api.calls('setAdminUnitTargetSwVersion').map((c) => c.body)).toEqual([
      { targetSwVersion: '9.0' },
      { targetSwVersion: '10.1' },
      { targetSwVersion: null },
    ]);

    const deregistration = screen.getByTestId('unit-deregister');
    await user.click(within(deregistration).getByTestId('unit-deregister-start'));
    expect(api.calls('deregisterAdminUnit')).toHaveLength(0);
    await user.click(within(deregistration).getByTestId('unit-deregister-confirm'));
    expect(await screen.findByText('Unit Smart_1 deregistered: out of 1 inventories and 2 groups')).toBeInTheDocument();
    expect(api.calls('deregisterAdminUnit')[0]?.params).toEqual({ id: 'SMART-1' });
  });
});
