/**
 * /system_settings organization (spec 001 §2; §3 Organisation) in Chromium against the real stack:
 * a super user creates and deletes an organisation and a second console (staff) follows both
 * without a reload. What was made is deleted again; the seed's rows are left as they were. The
 * forms' rules and the core's refusals on their fields (a taken name, max users below the active
 * users, a repeated modem model, a redirect URI), the client application's secret shown once and
 * the support-staff menu are the component tests beside apps/console/src/features/system-settings/
 * (OrganisationsSetting, ClientApplicationsSetting, ModemVendorsSetting); the route guard
 * (luc_admin sent to the unit list) is apps/console/src/routing/ManageGuards.test.tsx.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, clickToOpen, secondConsole, signIn, trackNavigations } from './support';

async function openKind(page: Page, kind: string): Promise<void> {
  await page.goto(`system_settings/${kind}?ignoreRouteDefault=1`);
  await expect(page.getByTestId(`settings-${kind}`)).toBeVisible({ timeout: 30_000 });
}

const rowNamed = (page: Page, kind: string, name: string) => page.locator(`[data-testid^="settings-${kind}-row-"]`, { hasText: name });

/** Deletes what a test made, by name, through the API (when the test stopped before its own delete). */
async function cleanUp(api: APIRequestContext, list: string, name: string): Promise<void> {
  const page = (await (await api.get(`api/v2/admin/${list}?searchValue=${encodeURIComponent(name)}`)).json()) as { items: { id: string; name: string }[] };
  for (const item of page.items.filter((i) => i.name === name)) await api.delete(`api/v2/admin/${list}/${item.id}`);
}

test('a super user creates and deletes an organisation; another console sees both live', async ({ page, browser, playwright, baseURL }) => {
  const name = `E2E-org-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  const other = await secondConsole(browser, baseURL, 'staff');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'organization');
    await openKind(other.page, 'organization');
    const navigations = trackNavigations(other.page);

    await page.getByTestId('settings-organization-add').click();
    await page.getByTestId('settings-organization-name').fill(name);
    await page.getByTestId('settings-organization-maxUsers').fill('5');
    await page.getByTestId('settings-organization-save').click();
    await expect(page.getByTestId('settings-organization-modal')).toHaveCount(0);
    await expect(rowNamed(page, 'organization', name)).toContainText('5');
    // The other console's list follows without a reload.
    await expect(rowNamed(other.page, 'organization', name)).toContainText('5');
    expect(navigations).toEqual([]);

    // Delete it (it has no users).
    await clickToOpen(rowNamed(page, 'organization', name).getByRole('button', { name: 'Delete' }), page.getByTestId('settings-organization-delete-confirm'));
    await page.getByTestId('settings-organization-delete-confirm').click();
    await expect(rowNamed(page, 'organization', name)).toHaveCount(0);
    await expect(rowNamed(other.page, 'organization', name)).toHaveCount(0);
    expect(navigations).toEqual([]);
  } finally {
    await cleanUp(api, 'organisations', name);
    await other.close();
  }
});
