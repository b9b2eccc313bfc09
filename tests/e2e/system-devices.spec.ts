/**
 * /system_entities servers, channels and databridge gateways, and the IFB Servers entry (spec 001
 * §2 the system admin console for super user and staff; §3 Server, Channel, databridge gateways;
 * §5 names, genlock offset, ports) in Chromium against the real stack: super user creates, edits
 * and deletes a multimedia hub and a databridge gateway; a channel joins an inventory and leaves
 * it again; the IFB Servers entry opens the multimedia hubs with their IFB mode. The forms' messages
 * (their own and the core's) are ServersEntity.test.tsx and DbGatewaysEntity.test.tsx, staff seeing
 * the lists StaffDeviceLists.test.tsx, beside apps/console/src/features/system-entities/; the route guard
 * (luc_admin sent to the unit list) is apps/console/src/routing/ManageGuards.test.tsx. Objects made here
 * carry a unique name and are deleted in `finally`; the channel used (ING-0001-CH3) is used by no
 * other spec and only joins Metro-TV for the test.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, signIn } from './support';

const CHANNEL = 'ING-0001-CH3';

test.describe.configure({ timeout: 120_000 });

async function openKind(page: Page, kind: string, testId: string, query = ''): Promise<void> {
  await page.goto(`system_entities/${kind}?ignoreRouteDefault=1${query}`);
  await expect(page.getByTestId('system-entities')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`${testId}-grid`)).toBeVisible({ timeout: 30_000 });
}

async function cleanUp(api: APIRequestContext, path: 'servers' | 'dbGateways', name: string): Promise<void> {
  const found = await api.get(`api/v2/admin/${path}?searchKey=name&searchValue=${encodeURIComponent(name)}${path === 'servers' ? '&type=mmh_server' : ''}`);
  if (!found.ok()) return;
  for (const item of ((await found.json()) as { items: { id: string; name: string }[] }).items) {
    if (item.name.startsWith(name)) await api.delete(`api/v2/admin/${path}/${item.id}`);
  }
}

test('super user creates, edits and deletes a multimedia hub and a databridge gateway', async ({ page, baseURL, playwright }) => {
  const stamp = Date.now();
  const hub = `E2E-system-devices-${stamp}`;
  const gateway = `E2E-system-devices-gw-${stamp}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'mmh_servers', 'servers');
    await page.getByTestId('servers-new').click();
    await page.getByTestId('server-name').fill(hub);
    await page.getByTestId('server-serial').fill(`SERIAL-${stamp}`);
    await page.getByTestId('server-swVersion').fill('10.1');
    await page.getByTestId('server-genlockOffset').fill('-20');
    await page.getByTestId('server-save').click();
    await expect(page.getByTestId('server-modal')).toHaveCount(0);
    await page.getByTestId('servers-search').fill(hub);
    const row = page.locator('[data-testid^="servers-row-"]', { hasText: hub });
    await expect(row).toBeVisible();

    // Edit: the alias is saved.
    await row.click();
    await page.getByTestId('server-alias').fill('Studio-East');
    await page.getByTestId('server-save').click();
    await expect(page.getByTestId('server-modal')).toHaveCount(0);
    await expect(row).toContainText('Studio-East');
    await row.click();
    await page.getByTestId('server-delete').click();
    await page.getByTestId('server-delete-confirm').click();
    await expect(page.getByTestId('servers-empty')).toBeVisible();

    // Databridge gateway: create, edit, delete.
    await openKind(page, 'dbGateways', 'db-gateways');
    await page.getByTestId('db-gateways-new').click();
    await page.getByTestId('db-gateway-name').fill(gateway);
    await page.getByTestId('db-gateway-host').fill('gw.e2e.test');
    await page.getByTestId('db-gateway-port').fill('8443');
    await page.getByTestId('db-gateway-save').click();
    await expect(page.getByTestId('db-gateway-modal')).toHaveCount(0);
    await page.getByTestId('db-gateways-search').fill(gateway);
    const gwRow = page.locator('[data-testid^="db-gateways-row-"]', { hasText: gateway });
    await expect(gwRow).toContainText('8443');
    await gwRow.click();
    await page.getByTestId('db-gateway-port').fill('9443');
    await page.getByTestId('db-gateway-save').click();
    await expect(gwRow).toContainText('9443');
    await gwRow.click();
    await page.getByTestId('db-gateway-delete').click();
    await page.getByTestId('db-gateway-delete-confirm').click();
    await expect(page.getByTestId('db-gateways-empty')).toBeVisible();
  } finally {
    await cleanUp(api, 'servers', hub);
    await cleanUp(api, 'dbGateways', gateway);
    await api.dispose();
  }
});

test('super user associates a channel with an inventory and takes it back; IFB Servers opens the hubs with their IFB mode', async ({
  page,
  baseURL,
  playwright,
}) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'channels', 'channels');
    await page.getByTestId('channels-search-key').click();
    await page.getByRole('option', { name: 'Unique ID' }).click();
    await page.getByTestId('channels-search').fill(CHANNEL);
    await page.getByTestId(`channels-row-${CHANNEL}`).click();
    await page.getByTestId('channel-tab-inventories').click();
    await expect(page.getByTestId('channel-inventories-member-inv-global')).toBeVisible();
    await page.getByTestId('channel-inventories-candidate').click();
    await page.getByTestId('channel-inventories-candidate').fill('Metro');
    await page
      .getByRole('option', { name: /Metro-TV/ })
      .first()
      .click();
    await page.getByTestId('channel-inventories-add').click();
    await expect(page.getByTestId('channel-inventories-member-inv-metro')).toBeVisible();
    await page.getByTestId('channel-inventories-remove-inv-metro').click();
    await expect(page.getByTestId('channel-inventories-member-inv-metro')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The support staff's IFB Servers entry (its group is open already on an admin page).
    if (!(await page.getByTestId('nav-ifbServers').isVisible())) await page.getByTestId('nav-supportStaff').click();
    await page.getByTestId('nav-ifbServers').click();
    await expect(page).toHaveURL(/\/system_entities\/mmh_servers\?ifb=1/);
    await expect(page.getByTestId('servers-ifb-filter')).toBeVisible();
    const first = page.locator('[data-testid^="servers-row-"]').first();
    await expect(first).toContainText(/V1|V2/);
  } finally {
    // Whatever happened above, the channel is in its seeded inventory only.
    await api.delete(`api/v2/admin/inventories/inv-metro/channels/${CHANNEL}`);
    await api.dispose();
  }
});
