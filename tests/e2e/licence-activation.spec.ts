/**
 * /unit_license_activation (spec 001 §2; §6 "Unit and license activation is a grantable
 * permission"; §8 "license limit reached") in Chromium against the real stack: a user with the
 * permission activates a licence from the inventory's pool and sees "License limit reached"
 * inline once the pool is exhausted; another console sees the activation without a reload. A user
 * without the permission getting read-only switches with "Not available for your user type"
 * (UnitLicenseActivation.test.tsx) and a role without access sent to the unit list
 * (routing/ManageGuards.test.tsx) are asserted by component tests. The pool and the licences are
 * put back at the end.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import type { LicenceActivationView } from '@fleet/contracts';
import { apiAs, secondConsole, signIn } from './support';

const LICENCE = 'smpte-output';

async function openLicences(page: Page): Promise<void> {
  await page.goto('unit_license_activation?ignoreRouteDefault=1');
  await expect(page.getByTestId('licence-activation-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('licence-activation-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
  await expect(page.getByTestId('licence-activation-table')).toBeVisible({ timeout: 30_000 });
}

test('activates a licence from the pool, shows License limit reached inline, and another console follows live', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const view = (await (await api.get('api/v2/inventories/inv-global/licenceActivation')).json()) as LicenceActivationView;
  const pool = view.pool.find((p) => p.serviceName === LICENCE)!;
  // Seeded units only: a unit another spec makes in this inventory and removes meanwhile (named E2E-…) is not ours.
  const [first, second] = view.units.filter((u) => !u.active.includes(LICENCE) && !u.name.startsWith('E2E-'));
  expect(second, 'two units of Global-News without the licence').toBeDefined();
  // Room for exactly one more licence.
  expect((await api.put('api/v2/admin/inventories/inv-global/licencePool', { data: { serviceName: LICENCE, total: pool.used + 1 } })).ok()).toBe(true);
  const other = await secondConsole(browser, baseURL, 'luc_admin');
  try {
    await signIn(page, 'luc_admin');
    await openLicences(page);
    await openLicences(other.page);
    await expect(page.getByTestId(`licence-pool-${LICENCE}`)).toHaveAttribute('data-used', String(pool.used));
    await page.getByTestId(`licence-${first!.unitId}-${LICENCE}`).click({ force: true });
    await expect(page.getByTestId(`licence-${first!.unitId}-${LICENCE}`)).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId(`licence-pool-${LICENCE}`)).toHaveAttribute('data-used', String(pool.used + 1));
    // The other console sees it without a reload.
    await expect(other.page.getByTestId(`licence-${first!.unitId}-${LICENCE}`)).toHaveAttribute('data-active', 'true', { timeout: 15_000 });
    // The pool is exhausted: the spec's message inline, the switch stays off.
    await page.getByTestId(`licence-${second!.unitId}-${LICENCE}`).click({ force: true });
    await expect(page.getByTestId('licence-activation-error')).toHaveText('License limit reached');
    await expect(page.getByTestId(`licence-${second!.unitId}-${LICENCE}`)).toHaveAttribute('data-active', 'false');
    // Deactivating gives the licence back.
    await page.getByTestId(`licence-${first!.unitId}-${LICENCE}`).click({ force: true });
    await expect(page.getByTestId(`licence-${first!.unitId}-${LICENCE}`)).toHaveAttribute('data-active', 'false');
    await expect(page.getByTestId(`licence-pool-${LICENCE}`)).toHaveAttribute('data-used', String(pool.used));
  } finally {
    await other.close();
    await api.post('api/v2/inventories/inv-global/licenceActivation', { data: { unitId: first!.unitId, serviceName: LICENCE, active: false } });
    await api.put('api/v2/admin/inventories/inv-global/licencePool', { data: { serviceName: LICENCE, total: pool.total } });
    await api.dispose();
  }
});
