/**
 * /usage_profiles (spec 001 §2 for the manage roles, §3 Usage profile, §5 "profiles with devices
 * cannot be deleted") in Chromium against the real stack: the inventory's and the global profiles
 * with their unit counts and default badges; a profile created, edited, given a unit (then refused
 * deletion while the unit is on it), emptied and deleted; a profile created in another console
 * appearing without a reload; the global profiles without write controls for a non-global admin.
 * Every test puts back what it changed (profiles deleted, the unit's profile restored). The §5
 * rules inline before anything is sent and a default profile's deletion refused are
 * apps/console/src/features/usage-profiles/UsageProfiles.page.test.tsx; the route guard is
 * apps/console/src/routing/ManageGuards.test.tsx.
 */
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import type { UnitUsageProfiles, UsageProfilePage } from '@fleet/contracts';
import { apiAs, secondConsole, signIn, reloadInPlace } from './support';

async function openProfiles(page: Page): Promise<void> {
  await page.goto('usage_profiles?ignoreRouteDefault=1');
  await expect(page.getByTestId('usage-profiles-page')).toBeVisible({ timeout: 30_000 });
  // The preferences' current inventory (Global-News) and the seeded profiles.
  await expect(page.getByTestId('usage-profiles-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
  await expect(page.getByTestId('usage-profile-row-usp-data-default')).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, name: string) => page.locator(`[data-testid^="usage-profile-row-"][data-name="${name}"]`);
const idOf = async (page: Page, name: string) => (await row(page, name).getAttribute('data-testid'))!.replace('usage-profile-row-', '');

test('an admin sees the profiles with unit counts, one created in another console appearing without a reload; creates one, edits it, puts a unit on it, and deletes it once empty', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiAs(playwright, baseURL, 'luc_admin');
  const picker: UnitUsageProfiles = await (await api.get('api/v2/inventories/inv-global/unitUsageProfiles')).json();
  const unit = picker.units[0]!;
  const seeded: UsageProfilePage = await (await api.get('api/v2/inventories/inv-global/usageProfiles')).json();
  try {
    await signIn(page, 'luc_admin');
    await openProfiles(page);
    const dataDefault = seeded.items.find((p) => p.id === 'usp-data-default')!;
    await expect(page.getByTestId('usage-profile-default-usp-data-default')).toBeVisible();
    await expect(page.getByTestId('usage-profile-quota-usp-data-default')).toHaveText('500 GB');
    await expect(page.getByTestId('usage-profile-units-usp-data-default')).toHaveText(String(dataDefault.unitCount));
    // Global profiles are changed by global roles only: no edit or delete here.
    await expect(page.getByTestId('usage-profile-edit-usp-data-default')).toHaveCount(0);
    await expect(page.getByTestId('usage-profile-delete-usp-hours-default')).toHaveCount(0);

    // A profile created in another console appears without a reload.
    const navigations: string[] = [];
    const track = (f: Frame) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    };
    page.on('framenavigated', track);
    const admin = await apiAs(playwright, baseURL, 'super_user');
    const second = await secondConsole(browser, baseURL, 'super_user');
    try {
      await second.page.goto('usage_profiles?ignoreRouteDefault=1');
      await expect(second.page.getByTestId('usage-profiles-page')).toBeVisible({ timeout: 30_000 });
      await second.page.getByTestId('usage-profiles-inventory').click();
      await second.page.getByRole('option', { name: 'Global-News', exact: true }).click();
      await expect(second.page.getByTestId('usage-profile-row-usp-data-default')).toBeVisible({ timeout: 30_000 });

      await second.page.getByTestId('usage-profiles-create').click();
      await second.page.getByTestId('usage-profile-name').fill('E2E-Live-Data');
      await second.page.getByTestId('usage-profile-quota').fill('250');
      await second.page.getByTestId('usage-profile-save').click();
      await expect(row(second.page, 'E2E-Live-Data')).toBeVisible();
      await expect(row(page, 'E2E-Live-Data')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId(`usage-profile-quota-${await idOf(page, 'E2E-Live-Data')}`)).toHaveText('250 GB');
      expect(navigations).toEqual([]);
    } finally {
      page.off('framenavigated', track);
      await second.close();
      const list: UsageProfilePage = await (await admin.get('api/v2/inventories/inv-global/usageProfiles?searchValue=E2E-Live-Data')).json();
      for (const p of list.items) await admin.delete(`api/v2/usageProfiles/${p.id}`);
      await admin.dispose();
    }
    await expect(row(page, 'E2E-Live-Data')).toHaveCount(0, { timeout: 15_000 });

    await page.getByTestId('usage-profiles-create').click();
    await page.getByTestId('usage-profile-name').fill('E2E-Hours');
    await page.getByTestId('usage-profile-type').getByText('Hours').click();
    await page.getByTestId('usage-profile-quota').fill('40');
    await page.getByTestId('usage-profile-reset-day').fill('15');
    await page.getByTestId('usage-profile-save').click();
    await expect(page.getByTestId('usage-profile-form')).toHaveCount(0);
    await expect(row(page, 'E2E-Hours')).toBeVisible();
    const id = await idOf(page, 'E2E-Hours');
    await expect(page.getByTestId(`usage-profile-quota-${id}`)).toHaveText('40 h');
    await expect(page.getByTestId(`usage-profile-reset-${id}`)).toHaveText('15');

    await page.getByTestId(`usage-profile-edit-${id}`).click();
    await expect(page.getByTestId('usage-profile-name')).toHaveValue('E2E-Hours');
    await page.getByTestId('usage-profile-quota').fill('45');
    await page.getByTestId('usage-profile-save').click();
    await expect(page.getByTestId(`usage-profile-quota-${id}`)).toHaveText('45 h');

    // A unit of the inventory onto the profile: its count follows.
    await page.getByTestId(`usage-profile-assign-${id}`).click();
    await page.getByTestId('usage-assign-units').click();
    await page.getByRole('option', { name: new RegExp(`^${unit.unitName} \\(`) }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('usage-assign-save').click();
    await expect(page.getByTestId('usage-assign-modal')).toHaveCount(0);
    await expect(page.getByTestId(`usage-profile-units-${id}`)).toHaveText('1');

    // Refused while the unit is on it, in the spec's words.
    await page.getByTestId(`usage-profile-delete-${id}`).click();
    await page.getByTestId('usage-profile-delete-confirm').click();
    await expect(page.getByTestId('usage-profile-delete-error')).toHaveText('Usage profiles with devices cannot be deleted');
    await page.getByTestId('usage-profile-delete-cancel').click();

    await page.getByTestId('usage-profiles-assign').click();
    await page.getByTestId('usage-assign-units').click();
    await page.getByRole('option', { name: new RegExp(`^${unit.unitName} \\(`) }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('usage-assign-save').click();
    await expect(page.getByTestId(`usage-profile-units-${id}`)).toHaveText('0');

    // Still there after a reload (stored), then deleted.
    await reloadInPlace(page);
    await expect(row(page, 'E2E-Hours')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId(`usage-profile-delete-${id}`).click();
    await expect(page.getByTestId('usage-profile-delete-question')).toContainText('E2E-Hours');
    await page.getByTestId('usage-profile-delete-confirm').click();
    await expect(row(page, 'E2E-Hours')).toHaveCount(0);
  } finally {
    // The unit back on the profile it had.
    await api.put('api/v2/inventories/inv-global/unitUsageProfiles', { data: { usageProfileId: unit.usageProfileId, unitIds: [unit.unitId] } });
    await api.dispose();
  }
});
