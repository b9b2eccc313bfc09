/**
 * /system_settings organization, organization_inventory, client_application, modem_vendor (spec
 * 001 §2; §3 Organisation; §5 "Name field has to be unique", "This field must be unique", "Must be
 * N or more"; §8 "no available user license") in Chromium against the real stack: a super user
 * creates, edits and deletes an organisation (a taken name refused inline; max users below the
 * active users refused inline; a second console sees the new one live) and a client application
 * (its secret shown once, a new one on request); staff opens Client Application and Modems
 * Vendor/Model from the menu and edits a vendor's models (a repeated model refused inline);
 * luc_admin is sent to the unit list. Everything made is deleted again; the seed's rows are left as they were.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { VALIDATION } from '@fleet/contracts';
import { apiAs, clickToOpen, login, secondConsole, trackNavigations } from './support';

async function openKind(page: Page, kind: string): Promise<void> {
  await page.goto(`/system_settings/${kind}?ignoreRouteDefault=1`);
  await expect(page.getByTestId(`settings-${kind}`)).toBeVisible({ timeout: 30_000 });
}

const rowNamed = (page: Page, kind: string, name: string) => page.locator(`[data-testid^="settings-${kind}-row-"]`, { hasText: name });

/** Deletes what a test made, by name, through the API (when the test stopped before its own delete). */
async function cleanUp(api: APIRequestContext, list: string, name: string): Promise<void> {
  const page = (await (await api.get(`/api/v2/admin/${list}?searchValue=${encodeURIComponent(name)}`)).json()) as { items: { id: string; name: string }[] };
  for (const item of page.items.filter((i) => i.name === name)) await api.delete(`/api/v2/admin/${list}/${item.id}`);
}

test('a super user creates, edits and deletes an organisation; a taken name and max users below the active users are refused inline; another console sees it live', async ({ page, browser, playwright, baseURL }) => {
  const name = `E2E-org-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  const other = await secondConsole(browser, baseURL, 'staff');
  try {
    await login(page, 'super_user');
    await openKind(page, 'organization');
    await expect(page.getByTestId('settings-organization-row-org-demo')).toBeVisible();
    await openKind(other.page, 'organization');
    const navigations = trackNavigations(other.page);

    // Max users of the demo organisation below its active users: the core's words on the field, nothing saved.
    await page.getByTestId('settings-organization-edit-org-demo').click();
    await page.getByTestId('settings-organization-maxUsers').fill('1');
    await page.getByTestId('settings-organization-save').click();
    await expect(page.getByTestId('settings-organization-error.maxUsers')).toHaveText(/^Must be \d+ or more$/);
    await page.getByTestId('settings-organization-cancel').click();
    const demo = (await (await api.get('/api/v2/admin/organisations/org-demo')).json()) as { maxUsers: number };
    expect(demo.maxUsers).toBeGreaterThan(1);

    // A taken name, then a free one.
    await page.getByTestId('settings-organization-add').click();
    await page.getByTestId('settings-organization-save').click();
    await expect(page.getByTestId('settings-organization-error.name')).toHaveText(VALIDATION.required);
    await page.getByTestId('settings-organization-name').fill('Demo-Broadcasting');
    await page.getByTestId('settings-organization-save').click();
    await expect(page.getByTestId('settings-organization-error.name')).toHaveText(VALIDATION.nameUnique);
    await page.getByTestId('settings-organization-name').fill(name);
    await page.getByTestId('settings-organization-maxUsers').fill('5');
    await page.getByTestId('settings-organization-save').click();
    await expect(page.getByTestId('settings-organization-modal')).toHaveCount(0);
    await expect(rowNamed(page, 'organization', name)).toContainText('5');
    // The other console's list follows without a reload.
    await expect(rowNamed(other.page, 'organization', name)).toBeVisible();
    expect(navigations).toEqual([]);

    // Edit: no limit.
    await rowNamed(page, 'organization', name).getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('settings-organization-maxUsers').fill('0');
    await page.getByTestId('settings-organization-save').click();
    await expect(page.getByTestId('settings-organization-modal')).toHaveCount(0);
    await expect(rowNamed(page, 'organization', name)).toContainText('No limit');

    // Delete it (it has no users).
    await clickToOpen(rowNamed(page, 'organization', name).getByRole('button', { name: 'Delete' }), page.getByTestId('settings-organization-delete-confirm'));
    await page.getByTestId('settings-organization-delete-confirm').click();
    await expect(rowNamed(page, 'organization', name)).toHaveCount(0);
    await expect(rowNamed(other.page, 'organization', name)).toHaveCount(0);
  } finally {
    await cleanUp(api, 'organisations', name);
    await other.close();
  }
});

test('a super user creates a client application and sees its secret once; a new secret on request; then deletes it', async ({ page, playwright, baseURL }) => {
  const name = `E2E-app-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await login(page, 'super_user');
    await openKind(page, 'client_application');
    await page.getByTestId('settings-client_application-add').click();
    await page.getByTestId('settings-client_application-name').fill(name);
    await page.getByTestId('settings-client_application-clientId').fill(name.toLowerCase());
    await page.getByTestId('settings-client_application-redirectUris').fill('not a url');
    await page.getByTestId('settings-client_application-save').click();
    await expect(page.getByTestId('settings-client_application-error.redirectUris.0')).toHaveText(VALIDATION.invalidField);
    await page.getByTestId('settings-client_application-redirectUris').fill('https://e2e.example.com/callback');
    await page.getByTestId('settings-client_application-save').click();

    const secret = page.getByTestId('settings-client_application-secret');
    await expect(secret).toBeVisible();
    const first = (await secret.textContent())!.trim();
    expect(first.length).toBeGreaterThanOrEqual(32);
    await page.getByTestId('settings-client_application-secret-done').click();
    await expect(rowNamed(page, 'client_application', name)).toBeVisible();
    // Never shown again: not in the list, not in the edit form.
    await expect(page.getByTestId('settings-client_application')).not.toContainText(first);
    await rowNamed(page, 'client_application', name).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('settings-client_application-modal')).not.toContainText(first);
    await page.getByTestId('settings-client_application-cancel').click();

    await rowNamed(page, 'client_application', name).getByRole('button', { name: 'New secret' }).click();
    await page.getByTestId('settings-client_application-regenerate-confirm').click();
    await expect(secret).toBeVisible();
    expect((await secret.textContent())!.trim()).not.toBe(first);
    await page.getByTestId('settings-client_application-secret-done').click();

    await rowNamed(page, 'client_application', name).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('settings-client_application-delete-confirm').click();
    await expect(rowNamed(page, 'client_application', name)).toHaveCount(0);
  } finally {
    await cleanUp(api, 'clientApplications', name);
  }
});

test("staff opens Client Application and Modems Vendor/Model from the menu and edits a vendor's models; a repeated model is refused inline", async ({ page, playwright, baseURL }) => {
  const name = `E2E-vendor-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'staff');
  try {
    const made = await api.post('/api/v2/admin/modemVendors', { data: { name, models: [{ name: 'X1' }, { name: 'X2' }] } });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { id: string }).id;
    await login(page, 'staff');
    await page.goto('/list?ignoreRouteDefault=1');
    await page.getByTestId('nav-supportStaff').click();
    await page.getByTestId('nav-clientApplication').click();
    await expect(page).toHaveURL(/\/system_settings\/client_application/);
    await expect(page.getByTestId('settings-client_application')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('nav-modemsVendorModel').click();
    await expect(page).toHaveURL(/\/system_settings\/modem_vendor/);
    await expect(page.getByTestId('section-tab-modem_vendor')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId(`settings-modem_vendor-row-${id}`)).toContainText('X1, X2');

    await page.getByTestId(`settings-modem_vendor-edit-${id}`).click();
    await page.getByTestId('settings-modem_vendor-model-add').click();
    await page.getByTestId('settings-modem_vendor-model-2').fill('x1');
    await page.getByTestId('settings-modem_vendor-save').click();
    await expect(page.getByTestId('settings-modem_vendor-error.models.2.name')).toHaveText(VALIDATION.fieldUnique);
    // Rename the repeat, rename X2, remove X1.
    await page.getByTestId('settings-modem_vendor-model-2').fill('X3');
    await page.getByTestId('settings-modem_vendor-model-1').fill('X2-Pro');
    await page.getByTestId('settings-modem_vendor-model-remove-0').click();
    await page.getByTestId('settings-modem_vendor-save').click();
    await expect(page.getByTestId('settings-modem_vendor-modal')).toHaveCount(0);
    await expect(page.getByTestId(`settings-modem_vendor-row-${id}`)).toContainText('X2-Pro, X3');
  } finally {
    await cleanUp(api, 'modemVendors', name);
  }
});

test('luc_admin is sent to the unit list from /system_settings/organization', async ({ page }) => {
  await login(page, 'luc_admin');
  await page.goto('/system_settings/organization?ignoreRouteDefault=1');
  await expect(page).toHaveURL(/\/list/, { timeout: 30_000 });
});
