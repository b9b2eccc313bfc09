/**
 * The "unit and license activation" permission (spec 001 §6 "Unit and license activation is a
 * grantable permission") in Chromium against the real stack, in data of the test's own made through
 * the API and removed after (an inventory with a unit and a pool of one licence, two admins of it):
 * without the permission, the second admin's licence switches on /unit_license_activation are read
 * only with the spec's tooltip; the first grants it in the user modal of /users; the second then
 * activates a licence on the unit, which the pool counts; revoked again, the switches are read only.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, ownUser, signIn } from './support';

const LICENCE = 'smpte-output';

async function openLicences(page: Page, inventoryName: string): Promise<void> {
  await page.goto('unit_license_activation?ignoreRouteDefault=1');
  await expect(page.getByTestId('licence-activation-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('licence-activation-inventory')).toHaveValue(inventoryName, { timeout: 30_000 });
  await expect(page.getByTestId('licence-activation-table')).toBeVisible({ timeout: 30_000 });
}

test('granting the permission in the user modal lets the user activate a licence; revoking it takes that away', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(playwright, baseURL, 'super_user');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const inventoryName = `E2E-licences-${stamp}`;
  let inventoryId: string | null = null;
  let unitId: string | null = null;
  const users: { dispose: () => Promise<void> }[] = [];
  const granteeContext = await browser.newContext({ baseURL });
  try {
    const inventory = await api.post('api/v2/admin/inventories', { data: { name: inventoryName, parentId: null } });
    expect(inventory.ok(), await inventory.text()).toBe(true);
    inventoryId = ((await inventory.json()) as { id: string }).id;
    const unit = await api.post('api/v2/admin/units', {
      data: { name: `E2E-lic-unit-${stamp}`, typeGroup: 'fieldUnits', productType: 'LU800', serialNumber: `SN-lic-${stamp}`, inventoryId },
    });
    expect(unit.ok(), await unit.text()).toBe(true);
    unitId = ((await unit.json()) as { uniqueId: string }).uniqueId;
    const pool = await api.put(`api/v2/admin/inventories/${inventoryId}/licencePool`, { data: { serviceName: LICENCE, total: 1 } });
    expect(pool.ok(), await pool.text()).toBe(true);
    const granter = await ownUser(playwright, baseURL, 'luc_admin', { label: 'lic-granter', inventoryIds: [inventoryId] });
    users.push(granter);
    const grantee = await ownUser(playwright, baseURL, 'luc_admin', { label: 'lic-grantee', inventoryIds: [inventoryId] });
    users.push(grantee);
    const switchOf = (p: Page) => p.getByTestId(`licence-${unitId}-${LICENCE}`);

    // Without the permission: read-only switches, the spec's tooltip.
    const granteePage = await granteeContext.newPage();
    await signIn(granteePage, grantee.username, grantee.password);
    await openLicences(granteePage, inventoryName);
    await expect(granteePage.getByTestId(`licence-readonly-${unitId}-${LICENCE}`)).toBeVisible();
    await expect(switchOf(granteePage)).toBeDisabled();
    // The page's notices (partial access, system messages) may come in above the table after the pointer is on the
    // switch, moving it away from under the pointer: the pointer goes to it again until the tooltip shows.
    await expect(async () => {
      await granteePage.getByTestId(`licence-readonly-${unitId}-${LICENCE}`).hover();
      await expect(granteePage.getByRole('tooltip')).toHaveText('Not available for your user type', { timeout: 2000 });
    }).toPass({ timeout: 15_000 });

    // The granter gives the permission in the grantee's user modal.
    await signIn(page, granter.username, granter.password);
    await page.goto(`users?ignoreRouteDefault=1&user=${grantee.id}`);
    await expect(page.getByTestId('user-licence-permission')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('user-licence-permission-grant').click();
    await expect(page.getByTestId('user-licence-permission-state')).toHaveAttribute('data-granted', 'true');

    // It takes effect: the grantee activates the licence, the pool counts it.
    await openLicences(granteePage, inventoryName);
    await expect(granteePage.getByTestId(`licence-readonly-${unitId}-${LICENCE}`)).toHaveCount(0);
    await expect(switchOf(granteePage)).toBeEnabled();
    await switchOf(granteePage).click({ force: true });
    await expect(switchOf(granteePage)).toHaveAttribute('data-active', 'true');
    await expect(granteePage.getByTestId(`licence-pool-${LICENCE}`)).toHaveAttribute('data-used', '1');
    await switchOf(granteePage).click({ force: true });
    await expect(switchOf(granteePage)).toHaveAttribute('data-active', 'false');
    await expect(granteePage.getByTestId(`licence-pool-${LICENCE}`)).toHaveAttribute('data-used', '0');

    // Revoked: read only again.
    await page.getByTestId('user-licence-permission-revoke').click();
    await expect(page.getByTestId('user-licence-permission-state')).toHaveAttribute('data-granted', 'false');
    await openLicences(granteePage, inventoryName);
    await expect(granteePage.getByTestId(`licence-readonly-${unitId}-${LICENCE}`)).toBeVisible();
    await expect(switchOf(granteePage)).toBeDisabled();
  } finally {
    await granteeContext.close();
    for (const user of users) await user.dispose();
    if (unitId !== null) expect((await api.delete(`api/v2/admin/units/${unitId}`)).ok()).toBe(true);
    if (inventoryId !== null) expect((await api.delete(`api/v2/admin/inventories/${inventoryId}`)).ok()).toBe(true);
    await api.dispose();
  }
});
