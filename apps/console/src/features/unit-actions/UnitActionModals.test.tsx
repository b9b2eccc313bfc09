/**
 * The unit actions that read or write beside the unit itself (spec 000 §7): the pairing code
 * (v2/units/{id}/settings/pairingCode), support staff's inventory details (PUT
 * internal/inventory-unit-details) and the unit's settings given to one of its groups (PUT
 * v0/groups/{id}/unitSettings) — who is offered each, what they show, and what is sent. The
 * Actions menu is rendered for the unit as the detail header renders it (UnitActions); the first
 * test opens it in the whole unit detail.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Role, UnitConfiguration, UsageProfile } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitDetailPanel from '../unit-detail/UnitDetailPanel';
import { UnitActions } from './UnitActions';

const UNIT = 'LU800-0001';
const unit = makeDetail({ uniqueId: UNIT, name: 'Camera_north', ownership: 'demo', usageProfileId: null, inventoryIds: ['inv1', 'inv2'], version: 7 });

function unitApi(configuration: Partial<UnitConfiguration> = {}): FakeApi {
  return new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT, ...configuration }), refreshIntervalMs: 60_000 });
}

/** The unit's Actions menu, as the unit detail's header shows it for `unit`. */
function renderActions(api: FakeApi, roles: Role[]) {
  return renderWithApp(<UnitActions unit={unit} />, { roles, route: `/list?unit=${UNIT}`, api });
}

async function openAction(api: FakeApi, roles: Role[], action: string) {
  const rendered = await renderActions(api, roles);
  await rendered.user.click(await screen.findByTestId('unit-actions-menu'));
  await rendered.user.click(await screen.findByTestId(`unit-actions-${action}`));
  return rendered;
}

function profile(overrides: Partial<UsageProfile>): UsageProfile {
  const at = '2026-01-10T09:00:00.000Z';
  return {
    id: 'up1',
    name: 'Monthly_50',
    type: 'data',
    quotaPerMonth: 50,
    resetDay: 1,
    isDefault: false,
    inventoryId: 'inv1',
    unitCount: 0,
    version: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

describe('Unit actions: a read-only user', () => {
  it('gets the services and no write entry in the Actions menu; the services show with no add or remove', async () => {
    const api = unitApi().on('getUnitServices', []);
    const { user } = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_read'],
      route: `/list?unit=${UNIT}`,
      api,
    });
    await user.click(await screen.findByTestId('unit-actions-menu'));
    await user.click(await screen.findByTestId('unit-actions-services'));
    for (const action of ['rename', 'reboot', 'shutdown', 'removePairing']) expect(screen.queryByTestId(`unit-actions-${action}`)).not.toBeInTheDocument();
    const modal = await screen.findByTestId('unit-services');
    expect(await within(modal).findByTestId('unit-services-empty')).toBeVisible();
    expect(screen.queryByTestId('unit-service-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unit-service-add-select')).not.toBeInTheDocument();
  });
});

describe('Unit actions: the pairing code', () => {
  it('shows read-only users too whether pairing by code is on, the code and until when', async () => {
    const api = unitApi().on('getUnitPairingCode', { uniqueId: UNIT, enabled: true, code: 'K7M2-QX9P', expiresAt: '2026-03-01T12:00:00.000Z' });
    await openAction(api, ['luc_read'], 'pairingCode');
    const modal = await screen.findByTestId('unit-pairing-code');
    expect(await within(modal).findByTestId('unit-pairing-code-value')).toHaveTextContent('K7M2-QX9P');
    expect(within(modal).getByTestId('unit-pairing-code-mode')).toHaveTextContent('On');
    expect(within(modal).getByTestId('unit-pairing-code-expires')).not.toHaveTextContent('Does not expire');
    expect(api.calls('getUnitPairingCode')[0]?.url).toBe(`/api/v2/units/${UNIT}/settings/pairingCode`);
  });

  it('says when the unit has no code', async () => {
    const api = unitApi().on('getUnitPairingCode', { uniqueId: UNIT, enabled: false, code: null, expiresAt: null });
    await openAction(api, ['luc_regular'], 'pairingCode');
    expect(await screen.findByTestId('unit-pairing-code-value')).toHaveTextContent('No code');
    expect(screen.getByTestId('unit-pairing-code-mode')).toHaveTextContent('Off');
    expect(screen.getByTestId('unit-pairing-code-expires')).toHaveTextContent('Does not expire');
  });
});

describe('Unit actions: inventory details (support staff)', () => {
  const inventories = [
    { id: 'inv1', name: 'Newsroom', region: 'eu', parentId: null },
    { id: 'inv2', name: 'Sports', region: 'eu', parentId: null },
  ];

  it('is offered to support staff and super users only', async () => {
    const { user } = await renderActions(unitApi(), ['luc_admin']);
    await user.click(await screen.findByTestId('unit-actions-menu'));
    await screen.findByTestId('unit-actions-rename');
    expect(screen.queryByTestId('unit-actions-inventoryDetails')).not.toBeInTheDocument();
  });

  it('sends staff’s ownership for the inventory picked, with the unit’s version, and leaves the usage profile alone', async () => {
    const api = unitApi()
      .on('getAdminUnitInventories', inventories)
      .on('updateInventoryUnitDetails', ({ body }) => ({
        uniqueId: UNIT,
        inventoryId: body.inventoryId,
        ownership: body.ownership,
        usageProfileId: null,
        version: 8,
      }));
    const { user } = await openAction(api, ['staff'], 'inventoryDetails');

    await user.click(await screen.findByTestId('unit-inventory-details-inventoryId'));
    await user.click(await screen.findByRole('option', { name: 'Sports' }));
    await user.click(screen.getByTestId('unit-inventory-details-ownership'));
    await user.click(await screen.findByRole('option', { name: 'Rent' }));
    expect(screen.queryByTestId('unit-inventory-details-usageProfileId')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('unit-inventory-details-save'));

    await waitFor(() => expect(api.calls('updateInventoryUnitDetails')).toHaveLength(1));
    expect(api.calls('updateInventoryUnitDetails')[0]?.body).toEqual({ id: UNIT, inventoryId: 'inv2', ownership: 'rent', version: 7 });
    expect(await screen.findByText('Inventory details of Camera_north in Sports saved')).toBeVisible();
  });

  it('lets a super user put the unit on a usage profile of the inventory', async () => {
    const api = unitApi()
      .on('getAdminUnitInventories', inventories)
      .on('listInventoryUsageProfiles', { items: [profile({}), profile({ id: 'up2', name: 'Hours_20', inventoryId: null })], total: 2, offset: 0, limit: 1000 })
      .on('updateInventoryUnitDetails', ({ body }) => ({
        uniqueId: UNIT,
        inventoryId: body.inventoryId,
        ownership: body.ownership,
        usageProfileId: body.usageProfileId ?? null,
        version: 8,
      }));
    const { user } = await openAction(api, ['super_user'], 'inventoryDetails');

    await user.click(await screen.findByTestId('unit-inventory-details-usageProfileId'));
    await user.click(await screen.findByRole('option', { name: 'Hours_20 (global)' }));
    await user.click(screen.getByTestId('unit-inventory-details-save'));

    await waitFor(() => expect(api.calls('updateInventoryUnitDetails')).toHaveLength(1));
    expect(api.calls('updateInventoryUnitDetails')[0]?.body).toEqual({ id: UNIT, inventoryId: 'inv1', ownership: 'demo', usageProfileId: 'up2', version: 7 });
    expect(api.calls('listInventoryUsageProfiles')[0]?.params).toEqual({ id: 'inv1' });
  });
});

describe('Unit actions: the unit’s settings for a group', () => {
  const groups = [
    { id: 'g1', name: 'Newsroom_cams', inventoryId: 'inv1', inventoryName: 'Newsroom' },
    { id: 'g2', name: 'Sports_cams', inventoryId: 'inv2', inventoryName: 'Sports' },
  ];

  it('gives the group picked the settings picked, with the unit’s values', async () => {
    const api = unitApi({ delay: 2500, transmissionMode: 'storeAndForward', audio: { input: 'sdi', channels: 2, bitrateKbps: 192, gainDb: 0 } })
      .on('getUnitGroups', groups)
      .on('updateGroupUnitSettings', ({ params, body }) => ({ groupId: params.id, settings: body, version: 4 }));
    const { user } = await openAction(api, ['luc_admin'], 'groupUnitSettings');

    const settings = await screen.findByTestId('unit-group-settings-settings');
    await user.click(await screen.findByTestId('unit-group-settings-groupId'));
    await user.click(await screen.findByRole('option', { name: 'Sports_cams (Sports)' }));
    // Every setting the unit has is offered and picked at first: leave out the audio bitrate and the caps.
    const picked = settings.closest('.mantine-MultiSelect-root') ?? document.body;
    for (const label of ['Audio bitrate: 192 kbps', 'Max total capping: none', 'Max cellular capping: none']) {
      const pill = within(picked as HTMLElement)
        .getByText(label)
        .closest('.mantine-Pill-root');
      const remove = pill?.querySelector('button');
      if (remove) await user.click(remove);
    }
    await user.click(screen.getByTestId('unit-group-settings-save'));

    await waitFor(() => expect(api.calls('updateGroupUnitSettings')).toHaveLength(1));
    const [call] = api.calls('updateGroupUnitSettings');
    expect(call?.url).toBe('/api/v0/groups/g2/unitSettings');
    expect(call?.body).toEqual({ delayMs: 2500, transmissionMode: 'storeAndForward', storeAndForwardQuality: 'high_h264' });
    expect(await screen.findByText('Group Sports_cams now gives its units the settings of Camera_north')).toBeVisible();
  });

  it('refuses a cellular cap above the total cap in the spec’s words and sends nothing', async () => {
    const api = unitApi({ bandwidth: { cellular: 8000, total: 5000, priorityLimits: [] } }).on('getUnitGroups', groups);
    const { user } = await openAction(api, ['luc_admin'], 'groupUnitSettings');
    await screen.findByTestId('unit-group-settings-settings');
    await user.click(screen.getByTestId('unit-group-settings-save'));
    expect(await screen.findByTestId('unit-group-settings-error.settings')).toHaveTextContent(VALIDATION.cellularAboveTotal);
    expect(api.calls('updateGroupUnitSettings')).toHaveLength(0);
  });

  it('is not offered to regular users', async () => {
    const { user } = await renderActions(unitApi(), ['luc_regular']);
    await user.click(await screen.findByTestId('unit-actions-menu'));
    await screen.findByTestId('unit-actions-rename');
    expect(screen.queryByTestId('unit-actions-groupUnitSettings')).not.toBeInTheDocument();
  });
});
