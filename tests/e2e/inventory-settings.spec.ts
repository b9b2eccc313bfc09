/**
 * An inventory's own settings on /inventory_services (spec 001 §7 Inventories: tally and IFB channel
 * association, IFB available, used and frozen counts, properties; §3 Inventory properties) in
 * Chromium against the real stack, each test in data of its own made through the API and removed
 * after:
 * - an admin associates a channel of the inventory with its IFB: the channel takes a seat (available
 *   one less, used one more), and gives it back when taken off;
 * - an admin sets a property of an inventory and reads it back after a reload.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, ownUser, signIn, reloadInPlace } from './support';

/** A seeded inventory whose IFB licence has seats (the seed gives each inventory some; none can be bought through the API). */
const IFB_INVENTORY = 'inv-global-sports';

const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function openInventorySettings(page: Page, tab: string): Promise<void> {
  await page.goto('inventory_services?ignoreRouteDefault=1');
  await expect(page.getByTestId('inventory-services-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('inventory-settings')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`inventory-settings-tab-${tab}`).click();
}

interface Counts {
  available: number;
  used: number;
  frozen: number;
}

async function countsOf(api: APIRequestContext, inventoryId: string): Promise<Counts> {
  const res = await api.get(`api/v2/inventories/${inventoryId}/ifb/counts`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Counts;
}

async function expectCounts(page: Page, counts: Counts): Promise<void> {
  for (const key of ['available', 'used', 'frozen'] as const) await expect(page.getByTestId(`inventory-ifb-counts-${key}`)).toHaveText(String(counts[key]));
}

test('an admin associates a channel with the inventory’s IFB: a seat goes from available to used, and back when the channel leaves', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(playwright, baseURL, 'super_user');
  const stamp = stampOf();
  const channelName = `E2E-ifb-ch-${stamp}`;
  let hubId: string | null = null;
  let channelId: string | null = null;
  let admin: { username: string; password: string; dispose: () => Promise<void> } | null = null;
  try {
    const hub = await api.post('api/v2/admin/servers', {
      data: { serverType: 'mmh_server', name: `E2E-ifb-hub-${stamp}`, serial: `SN-ifb-${stamp}`, swVersion: '10.1', inventoryId: IFB_INVENTORY },
    });
    expect(hub.status(), await hub.text()).toBe(201);
    hubId = ((await hub.json()) as { id: string }).id;
    const channel = await api.post('api/v2/admin/channels', { data: { name: channelName, serverId: hubId, inventoryIds: [IFB_INVENTORY] } });
    expect(channel.ok(), await channel.text()).toBe(true);
    channelId = ((await channel.json()) as { channel: { channelId: string } }).channel.channelId;
    admin = await ownUser(playwright, baseURL, 'luc_admin', { label: 'ifb', inventoryIds: [IFB_INVENTORY] });
    const before = await countsOf(api, IFB_INVENTORY);
    expect(before.available, 'a free IFB seat in the seeded inventory').toBeGreaterThan(0);

    await signIn(page, admin.username, admin.password);
    await openInventorySettings(page, 'ifb');
    await expectCounts(page, before);
    await expect(page.getByTestId(`inventory-ifb-member-${channelId}`)).toHaveCount(0);

    const candidate = page.getByTestId('inventory-ifb-candidate');
    await candidate.click();
    await candidate.fill(channelName);
    await page.getByRole('option', { name: new RegExp(`^${channelName}`) }).click();
    await page.getByTestId('inventory-ifb-add').click();
    await expect(page.getByTestId(`inventory-ifb-member-${channelId}`)).toContainText(channelName);
    await expectCounts(page, { ...before, available: before.available - 1, used: before.used + 1 });
    expect(await countsOf(api, IFB_INVENTORY)).toEqual({ ...before, available: before.available - 1, used: before.used + 1 });
    // Read again from the core, not only the answer kept: the same after a reload.
    await reloadInPlace(page);
    await expect(page.getByTestId('inventory-settings')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('inventory-settings-tab-ifb').click();
    await expect(page.getByTestId(`inventory-ifb-member-${channelId}`)).toBeVisible();
    await expectCounts(page, { ...before, available: before.available - 1, used: before.used + 1 });

    await page.getByTestId(`inventory-ifb-remove-${channelId}`).click();
    await expect(page.getByTestId(`inventory-ifb-member-${channelId}`)).toHaveCount(0);
    await expectCounts(page, before);
  } finally {
    if (channelId !== null) {
      await api.delete(`api/v2/inventories/${IFB_INVENTORY}/ifb/channels/${channelId}`);
      expect((await api.delete(`api/v2/admin/channels/${channelId}`)).ok()).toBe(true);
    }
    if (hubId !== null) expect((await api.delete(`api/v2/admin/servers/${hubId}`)).ok()).toBe(true);
    await admin?.dispose();
    await api.dispose();
  }
});

test('an admin sets a property of the inventory; it is read back after a reload', async ({ page, baseURL, playwright }) => {
  test.setTimeout(120_000);
  const api = await apiAs(playwright, baseURL, 'super_user');
  const stamp = stampOf();
  let inventoryId: string | null = null;
  let admin: { username: string; password: string; dispose: () => Promise<void> } | null = null;
  try {
    const made = await api.post('api/v2/admin/inventories', { data: { name: `E2E-props-${stamp}`, parentId: null } });
    expect(made.ok(), await made.text()).toBe(true);
    inventoryId = ((await made.json()) as { id: string }).id;
    admin = await ownUser(playwright, baseURL, 'luc_admin', { label: 'props', inventoryIds: [inventoryId] });
    const url = `api/v2/admin/inventories/${inventoryId}/properties`;
    expect(((await (await api.get(url)).json()) as { mapView: boolean }).mapView).toBe(false);

    await signIn(page, admin.username, admin.password);
    await openInventorySettings(page, 'properties');
    const mapView = page.getByTestId('inventory-properties-mapView');
    await expect(mapView).not.toBeChecked();
    await expect(page.getByTestId('inventory-properties-vsim')).not.toBeChecked();
    await mapView.check({ force: true });
    await page.getByTestId('inventory-properties-save').click();
    await expect(page.getByText('Properties of the inventory saved')).toBeVisible();

    await reloadInPlace(page);
    await expect(page.getByTestId('inventory-settings')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('inventory-settings-tab-properties').click();
    await expect(page.getByTestId('inventory-properties-mapView')).toBeChecked();
    await expect(page.getByTestId('inventory-properties-vsim')).not.toBeChecked();
    expect(await (await api.get(url)).json()).toMatchObject({ mapView: true, vsim: false, reboot: false, socialMedia: false, mjpegPreview: false });
  } finally {
    await admin?.dispose();
    if (inventoryId !== null) expect((await api.delete(`api/v2/admin/inventories/${inventoryId}`)).ok()).toBe(true);
    await api.dispose();
  }
});
