/**
 * The inventory's own tabs (spec 001 §3 Inventory, §7 Inventories) in the system admin console's
 * inventory modal and on /inventory_services: an IFB channel associated with the counts moving, a
 * tally channel removed, a property set and saved with the version read, the ingest account's
 * password set and a file that is not XSLT refused before it is sent, the count above the list, and
 * the writes hidden from a user the catalogue does not let make them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory, GeocodingProfile, IfbCounts, IngestAccount, InventoryIfb, InventoryProperties, InventoryTally, Role } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp, type AppRenderResult } from '../../test-utils/render';
import { makeChannel } from '../../test-utils/channels';
import InventoryServicesPage from '../managed-services/InventoryServices.page';
import InventoriesEntity from './InventoriesEntity';

const AT = '2026-01-10T09:00:00.000Z';
const INV = 'inv1';
const geocodingProfile: GeocodingProfile = {
  id: 'geo-1',
  name: 'Dense-City',
  refreshIntervals: { moving: 30, idle: 300 },
  distanceThreshold: 50,
  percentageThreshold: 10,
  geocoders: ['osm'],
  accuracies: [20],
  isDefault: false,
  inventoryCount: 0,
  inUse: false,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};

/** One inventory's tabs as the core keeps them: one version for the row, its properties, tally and IFB (each change bumps it). */
function inventoryCore(): FakeApi {
  let version = 4;
  const row = (): AdminInventory => ({
    id: INV,
    name: 'Global-News',
    region: '',
    parentId: null,
    parentName: null,
    sipServer: null,
    childCount: 0,
    version,
    createdAt: AT,
    updatedAt: AT,
  });
  const channels = [
    makeChannel({ channelId: 'c1', channelName: 'Cam_1', inventoryIds: [INV] }),
    makeChannel({ channelId: 'c2', channelName: 'Cam_2', inventoryIds: [INV] }),
  ];
  const rowOf = (id: string) => {
    const c = channels.find((x) => x.channelId === id)!;
    return {
      channelId: c.channelId,
      channelName: c.channelName,
      serverId: c.serverId,
      serverName: c.serverName,
      status: c.status,
      online: c.online,
      busy: c.busy,
    };
  };
  let tallyIds = ['c1'];
  let fedIds: string[] = [];
  let ifbIds: string[] = [];
  let counts: IfbCounts = { inventoryId: INV, available: 4, used: 1, frozen: 0 };
  let properties = { mapView: true, reboot: false, vsim: false, socialMedia: false, mjpegPreview: false };
  let account: IngestAccount = {
    inventoryId: INV,
    exists: true,
    username: 'ingest.news',
    hasPassword: false,
    hasXslt: false,
    xsltFileName: null,
    configuration: { enabled: true, host: 'ingest.test', port: 2121, path: '/drop' },
    version: 2,
    updatedAt: AT,
  };
  const tally = (): InventoryTally => ({ inventoryId: INV, tallyService: false, channels: tallyIds.map((id) => ({ ...rowOf(id), tally: null })), version });
  const ifb = (): InventoryIfb => ({ inventoryId: INV, channels: ifbIds.map((id) => ({ ...rowOf(id), ifb: false, audioHwStatus: null })), counts, version });
  const props = (): InventoryProperties => ({ inventoryId: INV, ...properties, version });
  return new FakeApi()
    .on('searchAdminInventories', ({ query }) => ({ items: [row()], total: 1, offset: query.offset, limit: query.limit }))
    .on('countAdminInventories', () => ({ count: 1 }))
    .on('getAdminInventory', () => row())
    .on('updateAdminInventory', ({ body }) => {
      if (body.version !== undefined && body.version !== version) return apiError('CONFLICT');
      version += 1;
      return row();
    })
    .on('listManagedServices', ({ params }) => ({ inventoryId: params.id, items: [] }))
    .on('fetchChannels', () => ({
      channels,
      counters: { busy: 0, idle: 2, offline: 0, sdi: 0, smpte: 0, cdn: 0, preview: 2, studio: 0, share: 0, distributor: 0, output: 0, input: 0 },
    }))
    .on('getInventoryTally', () => tally())
    .on('removeInventoryTallyChannel', ({ params }) => {
      tallyIds = tallyIds.filter((id) => id !== params.channelId);
      version += 1;
      return tally();
    })
    .on('getInventoryIfb', () => ifb())
    .on('getInventoryIfbCounts', () => counts)
    .on('addInventoryIfbChannel', ({ params }) => {
      if (ifbIds.includes(params.channelId)) return apiError('ASSOCIATION_EXISTS');
      ifbIds = [...ifbIds, params.channelId];
      // An IFB seat taken by the channel.
      counts = { ...counts, available: counts.available - 1, used: counts.used + 1 };
      version += 1;
      return ifb();
    })
    .on('getAdminInventoryProperties', () => props())
    .on('updateAdminInventoryProperties', ({ body }) => {
      if (body.version !== undefined && body.version !== version) return apiError('CONFLICT');
      const { version: _v, ...flags } = body;
      properties = { ...properties, ...flags };
      version += 1;
      return props();
    })
    .on('listGeocodingProfiles', ({ query }) => ({ items: [geocodingProfile], total: 1, offset: query.offset, limit: query.limit }))
    .on('getAdminInventoryServiceableDevices', () => ({
      inventoryId: INV,
      units: [{ id: 'u1', name: 'LU800-1', kind: 'unit' as const, type: 'LU800', status: 'online', online: true, swVersion: '10.1' }],
      servers: [],
    }))
    .on('getIngestAccount', () => account)
    .on('setIngestAccountPassword', ({ body }) => {
      if (body.version !== undefined && body.version !== account.version) return apiError('CONFLICT');
      account = { ...account, hasPassword: true, version: account.version + 1 };
      return account;
    })
    .on('uploadIngestAccountXslt', ({ body }) => {
      // The XSLT security check: the account's password once it has one.
      if (account.hasPassword && body.password !== 'Ingest-2026') return apiError('INCORRECT_PASSWORD');
      account = { ...account, hasXslt: true, xsltFileName: body.fileName, version: account.version + 1 };
      return account;
    })
    .on('updateIngestAccount', ({ body }) => {
      if (body.version !== undefined && body.version !== account.version) return apiError('CONFLICT');
      const c = account.configuration;
      account = {
        ...account,
        exists: true,
        username: body.username ?? account.username,
        configuration: {
          enabled: body.enabled ?? c.enabled,
          host: body.host === undefined ? c.host : body.host,
          port: body.port === undefined ? c.port : body.port,
          path: body.path ?? c.path,
        },
        version: account.version + 1,
      };
      return account;
    })
    .on('testIngestAccount', () => ({ inventoryId: INV, ok: false, reason: account.configuration.enabled ? 'No password is set' : 'Ingest is disabled' }))
    .on('deleteIngestAccount', () => {
      account = {
        ...account,
        exists: false,
        username: '',
        hasPassword: false,
        configuration: { enabled: false, host: null, port: null, path: '' },
        version: 0,
        updatedAt: null,
      };
      return { inventoryId: INV, deleted: true as const };
    })
    .on('getInventoryIngestServers', () => ({
      inventoryId: INV,
      servers: [{ id: 'ing-1', name: 'Ingest_1', status: 'online', swVersion: '10.1', channelCount: fedIds.length }],
    }))
    .on('getInventoryIngestServerChannels', ({ params }) => ({
      inventoryId: INV,
      serverId: params.serverId,
      channels: channels.filter((c) => fedIds.includes(c.channelId)),
    }))
    .on('addInventoryIngestServerChannel', ({ params }) => {
      // c2 is busy: its input does not change under it.
      if (params.channelId === 'c2') return apiError('CHANNEL_BUSY_CONFLICT');
      fedIds = [...fedIds, params.channelId];
      return { channelId: params.channelId, associated: true, serverId: params.serverId, serverName: 'Ingest_1', inputKind: null };
    })
    .on('setInventoryGeocodingProfile', ({ body }) => {
      version += 1;
      return { inventoryId: INV, geocodingProfileId: body.geocodingProfileId };
    });
}

async function openTab(roles: readonly Role[], tab: string, api = inventoryCore()): Promise<AppRenderResult> {
  const rendered = await renderWithApp(<InventoriesEntity kind="inventories" />, { roles, route: '/system_entities/inventories', api });
  await rendered.user.click(await screen.findByTestId(`inventories-row-${INV}`));
  await rendered.user.click(await screen.findByTestId(`inventory-tab-${tab}`));
  return rendered;
}

describe('/system_entities/inventories: the inventory tabs', () => {
  it('shows the count of the inventories above the list', async () => {
    await renderWithApp(<InventoriesEntity kind="inventories" />, { roles: ['staff'], route: '/system_entities/inventories', api: inventoryCore() });
    expect(await screen.findByTestId('inventories-count')).toHaveTextContent('1 inventory');
  });

  it('associates a channel with the IFB: it is listed and the available / used counts move', async () => {
    const { user, api } = await openTab(['super_user'], 'ifb');
    expect(await screen.findByTestId('inventory-ifb-counts-available')).toHaveTextContent('4');
    expect(screen.getByTestId('inventory-ifb-counts-used')).toHaveTextContent('1');
    expect(screen.getByTestId('inventory-ifb-counts-frozen')).toHaveTextContent('0');
    await user.click(screen.getByTestId('inventory-ifb-candidate'));
    await user.click(await screen.findByRole('option', { name: /Cam_2/ }));
    await user.click(screen.getByTestId('inventory-ifb-add'));
    expect(await screen.findByTestId('inventory-ifb-member-c2')).toHaveTextContent('Cam_2');
    expect(api.calls('addInventoryIfbChannel')[0]?.url).toContain(`/v2/inventories/${INV}/ifb/channels/c2`);
    expect(screen.getByTestId('inventory-ifb-counts-available')).toHaveTextContent('3');
    expect(screen.getByTestId('inventory-ifb-counts-used')).toHaveTextContent('2');
    expect(await screen.findByText('Cam_2 added to the IFB')).toBeInTheDocument();
  });

  it('removes a channel from the tally', async () => {
    const { user, api } = await openTab(['super_user'], 'tally');
    expect(await screen.findByTestId('inventory-tally-member-c1')).toHaveTextContent('Cam_1');
    expect(screen.getByTestId('inventory-tally-no-service')).toBeVisible();
    await user.click(screen.getByTestId('inventory-tally-remove-c1'));
    await waitFor(() => expect(screen.queryByTestId('inventory-tally-member-c1')).not.toBeInTheDocument());
    expect(api.calls('removeInventoryTallyChannel')).toHaveLength(1);
    expect(screen.getByTestId('inventory-tally-empty')).toBeVisible();
    expect(await screen.findByText('Cam_1 removed from the tally')).toBeInTheDocument();
  });

  it('sets a property and saves it with the version read; the general tab then saves with the new version', async () => {
    const { user, api } = await openTab(['super_user'], 'properties');
    const vsim = await screen.findByTestId('inventory-properties-vsim');
    expect(vsim).not.toBeChecked();
    await user.click(vsim);
    await user.click(screen.getByTestId('inventory-properties-save'));
    await waitFor(() => expect(api.calls('updateAdminInventoryProperties')).toHaveLength(1));
    expect(api.calls('updateAdminInventoryProperties')[0]?.body).toEqual({
      mapView: true,
      reboot: false,
      vsim: true,
      socialMedia: false,
      mjpegPreview: false,
      version: 4,
    });
    expect(await screen.findByText('Properties of the inventory saved')).toBeInTheDocument();
    expect(screen.getByTestId('inventory-properties-vsim')).toBeChecked();
    // The properties' save bumped the inventory's one version: the inventory is read again, and its
    // general tab saves with the version after it (not refused as changed by someone else).
    await waitFor(() => expect(api.calls('getAdminInventory').length).toBeGreaterThan(1));
    await user.click(screen.getByTestId('inventory-tab-general'));
    await fill(user, await screen.findByTestId('inventory-region'), 'eu');
    await user.click(screen.getByTestId('inventory-save'));
    await waitFor(() => expect(api.calls('updateAdminInventory')).toHaveLength(1));
    expect(api.calls('updateAdminInventory')[0]?.body).toMatchObject({ region: 'eu', version: 5 });
    expect(await screen.findByText('Inventory Global-News saved')).toBeInTheDocument();
  });

  it("sets the ingest account's password, refuses a file that is not XSLT before sending it, and uploads an XSLT with the account's password (a wrong one refused)", async () => {
    const { user, api } = await openTab(['super_user'], 'ingestAccount');
    expect(await screen.findByTestId('ingest-password-state')).toHaveTextContent('No password is set');
    await fill(user, screen.getByTestId('ingest-password-password'), 'Ingest-2026');
    await fill(user, screen.getByTestId('ingest-password-passwordConfirmation'), 'Ingest-2025');
    await user.click(screen.getByTestId('ingest-password-save'));
    expect(screen.getByTestId('ingest-password-error.passwordConfirmation')).toHaveTextContent(VALIDATION.passwordsMustMatch);
    expect(api.calls('setIngestAccountPassword')).toHaveLength(0);
    await fill(user, screen.getByTestId('ingest-password-passwordConfirmation'), 'Ingest-2026');
    await user.click(screen.getByTestId('ingest-password-save'));
    await waitFor(() => expect(screen.getByTestId('ingest-password-state')).toHaveTextContent('A password is set'));
    expect(api.calls('setIngestAccountPassword')[0]?.body).toEqual({ password: 'Ingest-2026', passwordConfirmation: 'Ingest-2026', version: 2 });
    expect(await screen.findByText('Ingest account password set')).toBeInTheDocument();
    // The password fields start empty again.
    expect(screen.getByTestId('ingest-password-password')).toHaveValue('');

    // Any file may be chosen in the browser's picker ("All files"): the type is checked by name.
    const picker = userEvent.setup({ applyAccept: false, delay: null });
    await picker.upload(screen.getByTestId('ingest-xslt-input'), new File(['<metadata/>'], 'metadata.xml', { type: 'text/xml' }));
    await user.click(screen.getByTestId('ingest-xslt-upload'));
    expect(await screen.findByTestId('ingest-xslt-error.fileName')).toHaveTextContent(VALIDATION.xsltOnly);
    expect(api.calls('uploadIngestAccountXslt')).toHaveLength(0);

    // The account has a password now: the upload asks for it, and a wrong one stores nothing.
    await picker.upload(screen.getByTestId('ingest-xslt-input'), new File(['<xsl:stylesheet/>'], 'metadata.xslt', { type: 'application/xslt+xml' }));
    await fill(user, screen.getByTestId('ingest-xslt-password'), 'Ingest-2025');
    await user.click(screen.getByTestId('ingest-xslt-upload'));
    expect(await screen.findByTestId('ingest-xslt-form-error')).toHaveTextContent('Incorrect password');
    expect(screen.getByTestId('ingest-xslt-state')).toHaveTextContent('No XSLT');
    await fill(user, screen.getByTestId('ingest-xslt-password'), 'Ingest-2026');
    await user.click(screen.getByTestId('ingest-xslt-upload'));
    await waitFor(() => expect(screen.getByTestId('ingest-xslt-state')).toHaveTextContent('metadata.xslt'));
    expect(api.calls('uploadIngestAccountXslt').map((c) => (c.body as { password?: string }).password)).toEqual(['Ingest-2025', 'Ingest-2026']);
  });

  it("saves the ingest account's configuration with its version, tests it (the reason in the spec's words) and deletes it after the confirmation", async () => {
    const { user, api } = await openTab(['super_user'], 'ingestAccount');
    await fill(user, await screen.findByTestId('ingest-account-port'), '70000');
    await user.click(screen.getByTestId('ingest-account-save'));
    expect(screen.getByTestId('ingest-account-error.port')).toHaveTextContent(VALIDATION.maxValue(65535));
    await fill(user, screen.getByTestId('ingest-account-port'), '');
    await fill(user, screen.getByTestId('ingest-account-host'), 'drop.ingest.test');
    await user.click(screen.getByTestId('ingest-account-save'));
    expect(await screen.findByText('Ingest account saved')).toBeInTheDocument();
    expect(api.calls('updateIngestAccount')[0]?.body).toEqual({
      username: 'ingest.news',
      enabled: true,
      host: 'drop.ingest.test',
      port: null,
      path: '/drop',
      version: 2,
    });

    await user.click(screen.getByTestId('ingest-account-test'));
    expect(await screen.findByTestId('ingest-account-test-result')).toHaveTextContent('No password is set');

    await user.click(screen.getByTestId('ingest-account-delete'));
    expect(api.calls('deleteIngestAccount')).toHaveLength(0);
    await user.click(screen.getByTestId('ingest-account-delete-confirm'));
    expect(await screen.findByTestId('ingest-account-none')).toBeVisible();
    expect(screen.getByTestId('ingest-account-username')).toHaveValue('');
    expect(await screen.findByText('Ingest account deleted')).toBeInTheDocument();
  });

  it("shows the core's refusal of a username another inventory's ingest account has, under the field (spec 001 §8 Inventory configuration already exists)", async () => {
    const api = inventoryCore().on('updateIngestAccount', () =>
      apiError('INVENTORY_CONFIGURATION_EXISTS', [{ path: 'body.username', message: 'Inventory configuration already exists' }]),
    );
    const { user } = await openTab(['super_user'], 'ingestAccount', api);
    await fill(user, await screen.findByTestId('ingest-account-username'), 'ingest.sports');
    await user.click(screen.getByTestId('ingest-account-save'));
    expect(await screen.findByTestId('ingest-account-error.username')).toHaveTextContent('Inventory configuration already exists');
  }, 20_000);

  it("associates a channel with an ingest server, and shows the core's refusal of a busy one", async () => {
    const { user, api } = await openTab(['super_user'], 'ingestServers');
    expect(await screen.findByTestId('inventory-ingest-servers-server')).toHaveValue('Ingest_1 (online, 0 channels)');
    expect(await screen.findByTestId('inventory-ingest-channels-empty')).toBeVisible();
    const choose = async (name: RegExp) => {
      await user.click(screen.getByTestId('inventory-ingest-channels-candidate'));
      await user.click(await screen.findByRole('option', { name }));
      await user.click(screen.getByTestId('inventory-ingest-channels-add'));
    };
    await choose(/Cam_2/);
    expect(await screen.findByTestId('inventory-ingest-channels-error')).toHaveTextContent('Busy channel conflict');
    await choose(/Cam_1/);
    expect(await screen.findByTestId('inventory-ingest-channels-member-c1')).toHaveTextContent('Cam_1');
    expect(api.calls('addInventoryIngestServerChannel').at(-1)?.url).toContain(`/v2/inventories/${INV}/ingestServers/ing-1/channels/c1`);
    await waitFor(() => expect(screen.getByTestId('inventory-ingest-servers-server')).toHaveValue('Ingest_1 (online, 1 channel)'));
  });

  it("chooses the inventory's geocoding profile from the profiles of the system settings", async () => {
    const { user, api } = await openTab(['super_user'], 'properties');
    await user.click(await screen.findByTestId('inventory-geocoding-profile'));
    await user.click(await screen.findByRole('option', { name: 'Dense-City' }));
    await user.click(screen.getByTestId('inventory-geocoding-set'));
    expect(await screen.findByTestId('inventory-geocoding-current')).toHaveTextContent('Now: Dense-City');
    expect(api.calls('setInventoryGeocodingProfile')[0]?.body).toEqual({ geocodingProfileId: 'geo-1' });
  });

  it('offers staff, who may read but not manage the tally, IFB and ingest account, none of their writes', async () => {
    const { user } = await openTab(['staff'], 'tally');
    expect(await screen.findByTestId('inventory-tally-member-c1')).toBeVisible();
    expect(screen.queryByTestId('inventory-tally-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('inventory-tally-remove-c1')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('inventory-tab-ifb'));
    expect(await screen.findByTestId('inventory-ifb-counts-available')).toHaveTextContent('4');
    expect(screen.queryByTestId('inventory-ifb-add')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('inventory-tab-ingestAccount'));
    expect(await screen.findByTestId('ingest-account-username')).toBeDisabled();
    for (const id of ['ingest-account-save', 'ingest-account-delete', 'ingest-account-test', 'ingest-password-save', 'ingest-xslt-upload'])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();

    // The serviceable devices are read only for everyone.
    await user.click(screen.getByTestId('inventory-tab-serviceableDevices'));
    expect(await screen.findByTestId('inventory-devices-unit-u1')).toHaveTextContent('LU800-1');
  });
});

describe('/inventory_services: the inventory settings of an inventory admin', () => {
  it('shows the tabs the catalogue lets an inventory admin read, with the properties but not the platform geocoding profile', async () => {
    const { user } = await renderWithApp(<InventoryServicesPage />, { roles: ['luc_admin'], route: '/inventory_services', api: inventoryCore() });
    const settings = await screen.findByTestId('inventory-settings');
    for (const tab of ['tally', 'ifb', 'properties', 'serviceableDevices', 'ingestAccount', 'ingestServers'])
      expect(within(settings).getByTestId(`inventory-settings-tab-${tab}`)).toBeVisible();
    expect(await within(settings).findByTestId('inventory-tally-add')).toBeVisible();
    await user.click(within(settings).getByTestId('inventory-settings-tab-properties'));
    expect(await within(settings).findByTestId('inventory-properties-save')).toBeVisible();
    expect(within(settings).queryByTestId('inventory-geocoding')).not.toBeInTheDocument();
  });
});
