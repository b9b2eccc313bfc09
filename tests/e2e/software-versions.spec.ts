/**
 * /sw_version (spec 001 §2 "software versions" for the manage roles, §3 Software version, §8
 * "software version exists", §9 "Version numbers 3.5 up to 10.1") in Chromium against the real
 * stack: the seeded versions newest first; a version created, edited, deprecated (kept after a
 * reload) and deleted after a confirmation by a super user; a version created in another session
 * appearing and disappearing without a reload (over /ws); an admin making a version available to or
 * withdrawing it from their inventory, without the write controls. Every version a test makes
 * (numbers 7.9.x, used by no other spec) is deleted again. The form's spec messages (none sent) and
 * the read-only role (luc_partner) without any action are
 * apps/console/src/features/software-versions/SoftwareVersions.page.test.tsx; the route guard is
 * apps/console/src/routing/ManageGuards.test.tsx.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, signIn, reloadInPlace } from './support';

async function openVersions(page: Page): Promise<void> {
  await page.goto('sw_version?ignoreRouteDefault=1');
  await expect(page.getByTestId('sw-versions-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sw-version-row-swv-10-1')).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, number: string) => page.locator(`[data-testid^="sw-version-row-"][data-number="${number}"]`);

function trackNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return navigations;
}

/** Deletes the versions of these numbers if a test left them (a failed run), through REST. */
async function removeVersions(api: APIRequestContext, numbers: readonly string[]): Promise<void> {
  for (const number of numbers) {
    const res = await api.get(`api/v2/softwareVersions?searchValue=${encodeURIComponent(number)}`);
    const page = (await res.json()) as { items: { id: string; number: string }[] };
    for (const v of page.items.filter((i) => i.number === number)) await api.delete(`api/v2/softwareVersions/${v.id}`);
  }
}

async function createVersion(api: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const res = await api.post('api/v2/softwareVersions', { data: body });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('a super user sees the versions newest first, creates one, edits, deprecates (kept after a reload) and deletes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  await removeVersions(api, ['7.9.1']);
  try {
    await signIn(page, 'super_user');
    await openVersions(page);
    const numbers = page.locator('[data-testid^="sw-version-number-"]');
    // Compared as versions: 10.1 before 9.2.1 (text order would put it after).
    await expect(numbers.nth(0)).toHaveText('10.1');
    await expect(numbers.nth(1)).toHaveText('10.0');
    await expect(numbers.nth(2)).toHaveText('9.2.1');
    await expect(page.getByTestId('sw-version-notes-swv-10-1')).toHaveAttribute('href', 'https://docs.example.com/releases/10.1');
    await expect(page.getByTestId('sw-version-inventories-swv-6-5')).toHaveText('All inventories');
    await expect(page.getByTestId('sw-version-state-swv-5-1')).toHaveAttribute('data-value', 'true');
    await expect(page.getByTestId('sw-version-state-swv-10-1')).toHaveAttribute('data-value', 'false');
    // The deprecated filter.
    await page.getByTestId('sw-versions-deprecated-filter').click();
    await page.getByRole('option', { name: 'Deprecated only', exact: true }).click();
    await expect(page.getByTestId('sw-version-row-swv-10-1')).toHaveCount(0);
    await expect(page.getByTestId('sw-version-row-swv-5-1')).toBeVisible();
    await expect(page.locator('[data-testid^="sw-version-state-"][data-value="false"]')).toHaveCount(0);
    await page.getByTestId('sw-versions-deprecated-filter').click();
    await page.getByRole('option', { name: 'All states', exact: true }).click();
    await expect(page.getByTestId('sw-version-row-swv-10-1')).toBeVisible();

    await page.getByTestId('sw-versions-create').click();
    await expect(page.getByTestId('sw-version-form')).toBeVisible();
    await page.getByTestId('sw-version-number').fill('7.9.1');
    await page.getByTestId('sw-version-release-notes').fill('https://docs.example.com/7.9.1');
    await page.getByTestId('sw-version-description').fill('E2E release');
    await page.getByTestId('sw-version-devices').click();
    await page.getByRole('option', { name: 'Field units', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('sw-version-save').click();
    await expect(page.getByTestId('sw-version-form')).toHaveCount(0);
    const created = row(page, '7.9.1');
    await expect(created).toBeVisible();
    const id = (await created.getAttribute('data-testid'))!.replace('sw-version-row-', '');
    await expect(page.getByTestId(`sw-version-description-${id}`)).toHaveText('E2E release');
    await expect(page.getByTestId(`sw-version-devices-${id}`)).toHaveText('Field units');
    await expect(page.getByTestId(`sw-version-inventories-${id}`)).toHaveText('All inventories');

    await page.getByTestId(`sw-version-edit-${id}`).click();
    await expect(page.getByTestId('sw-version-number')).toHaveValue('7.9.1');
    await page.getByTestId('sw-version-description').fill('E2E release, edited');
    await page.getByTestId('sw-version-save').click();
    await expect(page.getByTestId(`sw-version-description-${id}`)).toHaveText('E2E release, edited');

    await page.getByTestId(`sw-version-deprecate-${id}`).click();
    await expect(page.getByTestId(`sw-version-state-${id}`)).toHaveAttribute('data-value', 'true');
    // Stored, not only in the page.
    await reloadInPlace(page);
    await expect(page.getByTestId(`sw-version-state-${id}`)).toHaveAttribute('data-value', 'true', { timeout: 30_000 });

    await page.getByTestId(`sw-version-delete-${id}`).click();
    await expect(page.getByTestId('sw-version-delete-question')).toContainText('7.9.1');
    await page.getByTestId('sw-version-delete-confirm').click();
    await expect(row(page, '7.9.1')).toHaveCount(0);
  } finally {
    await removeVersions(api, ['7.9.1']);
    await api.dispose();
  }
});

test('a version created and deleted in another session appears and disappears without a reload; an admin withdraws a version from their inventory without the write controls; the last inventory stays', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  await removeVersions(api, ['7.9.2', '7.9.3', '7.9.4']);
  try {
    const shared = await createVersion(api, { number: '7.9.3', inventoryIds: ['inv-global', 'inv-metro'] });
    const own = await createVersion(api, { number: '7.9.4', inventoryIds: ['inv-global'] });
    await signIn(page, 'luc_admin');
    await openVersions(page);

    // Made and deleted in another session: it comes and goes with no navigation.
    const navigations = trackNavigations(page);
    const live = await createVersion(api, { number: '7.9.2', description: 'Live', inventoryIds: ['inv-global'] });
    await expect(row(page, '7.9.2')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId(`sw-version-inventories-${live}`)).toHaveText('Global-News');
    expect((await api.delete(`api/v2/softwareVersions/${live}`)).status()).toBe(200);
    await expect(row(page, '7.9.2')).toHaveCount(0, { timeout: 15_000 });
    expect(navigations).toEqual([]);

    await expect(page.getByTestId('sw-versions-create')).toHaveCount(0);
    await expect(page.getByTestId(`sw-version-edit-${shared}`)).toHaveCount(0);
    await expect(page.getByTestId(`sw-version-delete-${shared}`)).toHaveCount(0);
    await expect(page.getByTestId(`sw-version-deprecate-${shared}`)).toHaveCount(0);
    // Only the admin's own inventory of the version shows.
    await expect(page.getByTestId(`sw-version-inventories-${shared}`)).toHaveText('Global-News');

    // The last inventory is not withdrawn: the refusal shows in the dialog.
    await page.getByTestId(`sw-version-assign-${own}`).click();
    await expect(page.getByTestId('sw-version-inventory-inv-global')).toBeChecked();
    await page.getByTestId('sw-version-inventory-inv-global').click({ force: true });
    await expect(page.getByTestId('sw-version-inventories-error')).toHaveText('The last inventory of a software version cannot be withdrawn');
    await page.getByTestId('sw-version-inventories-close').click();

    // A version for every inventory has nothing to assign.
    await page.getByTestId('sw-version-assign-swv-6-5').click();
    await expect(page.getByTestId('sw-version-inventories-global')).toBeVisible();
    await page.getByTestId('sw-version-inventories-close').click();

    // Withdrawn from Global-News, the version stays Metro-TV's and leaves the admin's list.
    await page.getByTestId(`sw-version-assign-${shared}`).click();
    await page.getByTestId('sw-version-inventory-inv-global').click({ force: true });
    await expect(page.getByTestId('sw-version-inventory-inv-global')).not.toBeChecked();
    await page.getByTestId('sw-version-inventories-close').click();
    await expect(row(page, '7.9.3')).toHaveCount(0);
    const after = (await (await api.get(`api/v2/softwareVersions/${shared}`)).json()) as { inventories: { id: string }[] };
    expect(after.inventories.map((i) => i.id)).toEqual(['inv-metro']);
  } finally {
    await removeVersions(api, ['7.9.2', '7.9.3', '7.9.4']);
    await api.dispose();
  }
});
