/**
 * /system_settings: one create, edit and delete (add and remove for the associations) for each
 * settings kind the other admin specs leave without one (spec 001 §2 "each kind a list with
 * create, edit and delete"), in Chromium against the real stack. A super user creates,
 * edits and deletes an AI credential (its secret kept when left empty) and an application
 * configuration entry, creates and deletes a modem vendor and edits a client application; staff
 * adds an inventory to an organisation and removes it, and creates, edits and deletes a software
 * version, adding it to a product and taking it off again. Organisations, stream providers and
 * profiles, media profiles and geocoding profiles have theirs in system-settings.spec.ts and
 * stream-settings.spec.ts.
 *
 * Every row carries a unique name and is deleted by the test's own delete step; `finally` removes
 * over REST only what a failed test left behind. Nothing seeded is changed: the organisation and
 * inventory of the association are the test's own, and the software version supports no device
 * but the one it is added to for a moment (extender devices, which no upgrade spec offers).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, signIn } from './support';

/** A suffix no other run or worker uses. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function openKind(page: Page, kind: string): Promise<void> {
  await page.goto(`system_settings/${kind}?ignoreRouteDefault=1`);
  await expect(page.getByTestId('system-settings')).toBeVisible({ timeout: 30_000 });
}

const rowNamed = (page: Page, kind: string, name: string) => page.locator(`[data-testid^="settings-${kind}-row-"]`, { hasText: name });

/** Opens the row's edit or delete button (test ids `settings-<kind>-edit-<key>` / `-delete-<key>`). */
async function rowButton(page: Page, kind: string, name: string, action: 'edit' | 'delete'): Promise<void> {
  const row = rowNamed(page, kind, name);
  await expect(row).toHaveCount(1);
  const key = (await row.getAttribute('data-testid'))!.replace(`settings-${kind}-row-`, '');
  await page.getByTestId(`settings-${kind}-${action}-${key}`).click();
}

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, testId: string, typed: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Deletes over REST the rows of `list` whose `nameKey` is `name` (a test stopped before its own delete). */
async function cleanUp(api: APIRequestContext, list: string, nameKey: string, name: string): Promise<void> {
  const res = await api.get(`${list}?searchValue=${encodeURIComponent(name)}`);
  if (!res.ok()) return;
  for (const item of ((await res.json()) as { items: Record<string, unknown>[] }).items) {
    if (item[nameKey] === name) await api.delete(`${list}/${String(item['id'])}`);
  }
}

async function post(api: APIRequestContext, path: string, data: Record<string, unknown>): Promise<string> {
  const res = await api.post(path, { data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('a super user creates, edits and deletes an AI credential (its secret kept) and an application configuration entry', async ({
  page,
  baseURL,
  playwright,
}) => {
  const stamp = unique();
  const credential = `E2E-ai-${stamp}`;
  const key = `e2eCrud.${stamp}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'ai_settings');
    await page.getByTestId('settings-ai_settings-add').click();
    await page.getByTestId('settings-ai_settings-name').fill(credential);
    await page.getByTestId('settings-ai_settings-field-add').click();
    await page.getByTestId('settings-ai_settings-field-name-0').fill('apiKey');
    await page.getByTestId('settings-ai_settings-field-value-0').fill('sk-e2e-secret');
    await page.getByTestId('settings-ai_settings-save').click();
    await expect(page.getByTestId('settings-ai_settings-modal')).toHaveCount(0);
    const aiRow = rowNamed(page, 'ai_settings', credential);
    await expect(aiRow).toContainText('apiKey: ••••••');
    await expect(aiRow).toContainText('Active');
    await expect(aiRow).not.toContainText('sk-e2e-secret');

    // Edit: inactive, the secret left empty.
    await rowButton(page, 'ai_settings', credential, 'edit');
    await expect(page.getByTestId('settings-ai_settings-field-value-0')).toHaveValue('');
    await page.getByTestId('settings-ai_settings-active').uncheck({ force: true });
    await page.getByTestId('settings-ai_settings-save').click();
    await expect(page.getByTestId('settings-ai_settings-modal')).toHaveCount(0);
    await expect(aiRow).toContainText('Inactive');
    // The list never shows a secret: the core says it is still set.
    const id = (await aiRow.getAttribute('data-testid'))!.replace('settings-ai_settings-row-', '');
    const stored = (await (await api.get(`api/v2/admin/aiCredentials/${id}`)).json()) as { fields: { name: string; isSet: boolean }[] };
    expect(stored.fields).toEqual([expect.objectContaining({ name: 'apiKey', isSet: true })]);
    await rowButton(page, 'ai_settings', credential, 'delete');
    await page.getByTestId('settings-ai_settings-delete-confirm').click();
    await expect(aiRow).toHaveCount(0);

    await page.getByTestId('section-tab-application_configuration').click();
    await expect(page.getByTestId('settings-application_configuration')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('settings-application_configuration-add').click();
    await page.getByTestId('settings-application_configuration-key').fill(key);
    await page.getByTestId('settings-application_configuration-value').fill('{"e2e": 1}');
    await page.getByTestId('settings-application_configuration-description').fill('E2E entry');
    await page.getByTestId('settings-application_configuration-save').click();
    await expect(page.getByTestId('settings-application_configuration-modal')).toHaveCount(0);
    const entryRow = rowNamed(page, 'application_configuration', key);
    await expect(entryRow).toContainText('{"e2e":1}');
    await expect(entryRow).toContainText('E2E entry');

    await rowButton(page, 'application_configuration', key, 'edit');
    await expect(page.getByTestId('settings-application_configuration-key')).toBeDisabled();
    await page.getByTestId('settings-application_configuration-value').fill('{"e2e": 2}');
    await page.getByTestId('settings-application_configuration-save').click();
    await expect(page.getByTestId('settings-application_configuration-modal')).toHaveCount(0);
    await expect(entryRow).toContainText('{"e2e":2}');
    await rowButton(page, 'application_configuration', key, 'delete');
    await page.getByTestId('settings-application_configuration-delete-confirm').click();
    await expect(entryRow).toHaveCount(0);
  } finally {
    await cleanUp(api, 'api/v2/admin/aiCredentials', 'name', credential);
    await cleanUp(api, 'api/v2/admin/applicationConfiguration', 'key', key);
    await api.dispose();
  }
});

test('a super user creates and deletes a modem vendor and edits a client application', async ({ page, baseURL, playwright }) => {
  const stamp = unique();
  const vendor = `E2E-vendor-${stamp}`;
  const app = `E2E-app-${stamp}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'modem_vendor');
    await page.getByTestId('settings-modem_vendor-add').click();
    await page.getByTestId('settings-modem_vendor-name').fill(vendor);
    await page.getByTestId('settings-modem_vendor-model-add').click();
    await page.getByTestId('settings-modem_vendor-model-0').fill('M1');
    await page.getByTestId('settings-modem_vendor-save').click();
    await expect(page.getByTestId('settings-modem_vendor-modal')).toHaveCount(0);
    const vendorRow = rowNamed(page, 'modem_vendor', vendor);
    await expect(vendorRow).toContainText('M1');
    await rowButton(page, 'modem_vendor', vendor, 'delete');
    await expect(page.getByTestId('settings-modem_vendor-delete-question')).toContainText(vendor);
    await page.getByTestId('settings-modem_vendor-delete-confirm').click();
    await expect(vendorRow).toHaveCount(0);

    // A client application made elsewhere (its creation has its own test): renamed, a new redirect, inactive.
    await post(api, 'api/v2/admin/clientApplications', { name: app, clientId: `e2e-app-${stamp}`, redirectUris: ['https://e2e.example.com/callback'] });
    await page.getByTestId('section-tab-client_application').click();
    const appRow = rowNamed(page, 'client_application', app);
    await expect(appRow).toContainText('https://e2e.example.com/callback');
    await rowButton(page, 'client_application', app, 'edit');
    await page.getByTestId('settings-client_application-name').fill(`${app}-renamed`);
    await page.getByTestId('settings-client_application-redirectUris').fill('https://e2e.example.com/renamed');
    await page.getByTestId('settings-client_application-active').uncheck({ force: true });
    await page.getByTestId('settings-client_application-save').click();
    await expect(page.getByTestId('settings-client_application-modal')).toHaveCount(0);
    await expect(appRow).toContainText(`${app}-renamed`);
    await expect(appRow).toContainText('https://e2e.example.com/renamed');
    await expect(appRow).toContainText('Inactive');
    await rowButton(page, 'client_application', app, 'delete');
    await page.getByTestId('settings-client_application-delete-confirm').click();
    await expect(appRow).toHaveCount(0);
  } finally {
    await cleanUp(api, 'api/v2/admin/modemVendors', 'name', vendor);
    for (const name of [app, `${app}-renamed`]) await cleanUp(api, 'api/v2/admin/clientApplications', 'name', name);
    await api.dispose();
  }
});

test('staff adds an inventory to an organisation and removes it again', async ({ page, baseURL, playwright }) => {
  const stamp = unique();
  const organisation = `E2E-org-${stamp}`;
  const inventory = `E2E-org-inv-${stamp}`;
  const api = await apiAs(playwright, baseURL, 'staff');
  const organisationId = await post(api, 'api/v2/admin/organisations', { name: organisation });
  const inventoryId = await post(api, 'api/v2/admin/inventories', { name: inventory, parentId: null });
  try {
    await signIn(page, 'staff');
    await openKind(page, 'organization_inventory');
    await expect(page.getByTestId('settings-organization_inventory')).toBeVisible({ timeout: 30_000 });
    await choose(page, 'settings-organization_inventory-filter', organisation, organisation);
    await expect(page.getByTestId('settings-organization_inventory-empty')).toBeVisible();

    await page.getByTestId('settings-organization_inventory-add').click();
    // The filter's organisation is the new association's.
    await expect(page.getByTestId('settings-organization_inventory-organisation')).toHaveValue(organisation);
    await choose(page, 'settings-organization_inventory-inventory', inventory, inventory);
    await page.getByTestId('settings-organization_inventory-save').click();
    await expect(page.getByTestId('settings-organization_inventory-modal')).toHaveCount(0);
    const row = page.getByTestId(`settings-organization_inventory-row-${organisationId}--${inventoryId}`);
    await expect(row).toContainText(inventory);
    await expect(row).toContainText(organisation);

    await page.getByTestId(`settings-organization_inventory-delete-${organisationId}--${inventoryId}`).click();
    await expect(page.getByTestId('settings-organization_inventory-delete-question')).toContainText(inventory);
    await page.getByTestId('settings-organization_inventory-delete-confirm').click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('settings-organization_inventory-empty')).toBeVisible();
  } finally {
    // The organisation's associations go with it.
    await api.delete(`api/v2/admin/organisations/${organisationId}`);
    await api.delete(`api/v2/admin/inventories/${inventoryId}`);
    await api.dispose();
  }
});

test('staff creates, edits and deletes a software version, adding it to a product and taking it off in between', async ({ page, baseURL, playwright }) => {
  // A number no seed row or other spec uses (they use 7.9.x).
  const number = `7.8.${100 + Math.floor(Math.random() * 900)}`;
  const api = await apiAs(playwright, baseURL, 'staff');
  const removeVersion = async () => {
    const found = (await (await api.get(`api/v2/softwareVersions?searchValue=${number}`)).json()) as { items: { id: string; number: string }[] };
    for (const v of found.items.filter((i) => i.number === number)) await api.delete(`api/v2/softwareVersions/${v.id}`);
  };
  await removeVersion();
  try {
    await signIn(page, 'staff');
    await openKind(page, 'software_version');
    await expect(page.getByTestId('sw-versions-table')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('sw-versions-create').click();
    await page.getByTestId('sw-version-number').fill(number);
    await page.getByTestId('sw-version-description').fill('E2E crud');
    await page.getByTestId('sw-version-save').click();
    await expect(page.getByTestId('sw-version-form')).toHaveCount(0);
    await page.getByTestId('sw-versions-search').fill(number);
    const row = page.locator(`[data-testid^="sw-version-row-"][data-number="${number}"]`);
    await expect(row).toBeVisible();
    const id = (await row.getAttribute('data-testid'))!.replace('sw-version-row-', '');
    await expect(page.getByTestId(`sw-version-description-${id}`)).toHaveText('E2E crud');

    await page.getByTestId(`sw-version-edit-${id}`).click();
    await page.getByTestId('sw-version-description').fill('E2E crud, edited');
    await page.getByTestId('sw-version-save').click();
    await expect(page.getByTestId('sw-version-form')).toHaveCount(0);
    await expect(page.getByTestId(`sw-version-description-${id}`)).toHaveText('E2E crud, edited');

    // Versions by product: added to extender devices, then taken off.
    await page.getByTestId('section-tab-software_version_product').click();
    const badge = page.getByTestId(`settings-sw-products-version-extenderDevices-${number}`);
    await expect(page.getByTestId('settings-sw-products-row-extenderDevices')).toBeVisible({ timeout: 30_000 });
    await choose(page, 'settings-sw-products-pick-extenderDevices', number, number);
    await page.getByTestId('settings-sw-products-add-extenderDevices').click();
    await expect(badge).toBeVisible();
    await page.getByTestId(`settings-sw-products-remove-extenderDevices-${number}`).click();
    await expect(badge).toHaveCount(0);

    await page.getByTestId('section-tab-software_version').click();
    await page.getByTestId('sw-versions-search').fill(number);
    await expect(page.getByTestId(`sw-version-devices-${id}`)).not.toContainText('Extender');
    await page.getByTestId(`sw-version-delete-${id}`).click();
    await expect(page.getByTestId('sw-version-delete-question')).toContainText(number);
    await page.getByTestId('sw-version-delete-confirm').click();
    await expect(row).toHaveCount(0);
  } finally {
    await removeVersion();
    await api.dispose();
  }
});
