/**
 * /system_settings stream_providers, stream_profile, stream_media_profile, software_version and
 * software_version_product (spec 001 §2; §3 the entities) in Chromium against the real stack: a
 * super user creates, edits and deletes a provider with two profiles (its delete takes them) and a
 * media profile (the largest value kept; another session's rename seen live). Everything made is
 * deleted again. Staff seeing the software versions and the versions by product, in Chinese once, is
 * apps/console/src/features/system-settings/StaffSettings.test.tsx. The forms' checks and the core's refusals (§5 "accuracies must match geocoders", "Only
 * one main stream profile per provider", "Stream media profile values 0-2147483647"; §8
 * "geocoding profile in use") and the geocoding profiles are
 * apps/console/src/features/system-settings/StreamSettings.test.tsx; the route guard (luc_admin
 * sent to the unit list) is apps/console/src/routing/ManageGuards.test.tsx.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, signIn } from './support';

async function openKind(page: Page, kind: string): Promise<void> {
  await page.goto(`system_settings/${kind}?ignoreRouteDefault=1`);
  await expect(page.getByTestId('system-settings')).toBeVisible({ timeout: 30_000 });
}

const rowNamed = (page: Page, testId: string, name: string) => page.locator(`[data-testid^="settings-${testId}-row-"]`, { hasText: name });
const idOf = async (page: Page, testId: string, name: string) =>
  (await rowNamed(page, testId, name).getAttribute('data-testid'))!.replace(`settings-${testId}-row-`, '');

/** Deletes what a test made, by name, through the API (when the test stopped before its own delete). */
async function cleanUp(api: APIRequestContext, list: string, remove: string, name: string): Promise<void> {
  const page = (await (await api.get(`api/v2/admin/${list}?searchValue=${encodeURIComponent(name)}`)).json()) as { items: { id: string; name: string }[] };
  for (const item of page.items.filter((i) => i.name === name)) await api.delete(`api/v2/admin/${remove}/${item.id}`);
}

test('a super user manages a stream provider with two profiles; deleting it takes its profiles', async ({ page, playwright, baseURL }) => {
  const name = `E2E-stream-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'stream_providers');
    await page.getByTestId('settings-stream-providers-add').click();
    await page.getByTestId('settings-stream-providers-name').fill(name);
    await page.getByTestId('settings-stream-providers-kind').fill('rtmp');
    await page.getByTestId('settings-stream-providers-configuration').fill('{"url": "rtmp://e2e.test/live"}');
    await page.getByTestId('settings-stream-providers-save').click();
    await expect(page.getByTestId('settings-stream-providers-modal')).toHaveCount(0);
    await expect(rowNamed(page, 'stream-providers', name)).toBeVisible();
    const providerId = await idOf(page, 'stream-providers', name);

    // Two profiles on the stream_profile tab, the provider chosen, the first one main.
    await page.getByTestId('section-tab-stream_profile').click();
    await page.getByTestId('settings-stream-profiles-provider-filter').fill(name);
    await page.getByRole('option', { name, exact: true }).click();
    for (const [profile, main] of [
      ['Main', true],
      ['Backup', false],
    ] as const) {
      await page.getByTestId('settings-stream-profiles-add').click();
      await expect(page.getByTestId('settings-stream-profiles-provider')).toHaveValue(name);
      await page.getByTestId('settings-stream-profiles-name').fill(profile);
      if (main) await page.getByTestId('settings-stream-profiles-is-main').check({ force: true });
      await page.getByTestId('settings-stream-profiles-save').click();
      await expect(page.getByTestId('settings-stream-profiles-modal')).toHaveCount(0);
    }
    await expect(page.locator('[data-testid^="settings-stream-profiles-row-"]')).toHaveCount(2);
    const mainId = await idOf(page, 'stream-profiles', 'Main');
    await expect(page.getByTestId(`settings-stream-profiles-main-${mainId}`)).toBeVisible();

    // Back on the providers: two profiles, Main the main one; edit the kind; delete says the profiles go too.
    await page.getByTestId('section-tab-stream_providers').click();
    const row = page.getByTestId(`settings-stream-providers-row-${providerId}`);
    await expect(row).toContainText('Main');
    await page.getByTestId(`settings-stream-providers-edit-${providerId}`).click();
    await expect(page.getByTestId('settings-stream-providers-configuration')).toHaveValue(/rtmp:\/\/e2e\.test\/live/);
    await page.getByTestId('settings-stream-providers-kind').fill('srt');
    await page.getByTestId('settings-stream-providers-save').click();
    await expect(row).toContainText('srt');
    await page.getByTestId(`settings-stream-providers-delete-${providerId}`).click();
    await expect(page.getByTestId('settings-stream-providers-delete-question')).toContainText('2');
    await page.getByTestId('settings-stream-providers-delete-confirm').click();
    await expect(row).toHaveCount(0);
    expect((await api.get(`api/v2/admin/streamProfiles?providerId=${providerId}`)).ok()).toBe(true);
    expect(((await (await api.get(`api/v2/admin/streamProfiles?providerId=${providerId}`)).json()) as { total: number }).total).toBe(0);
  } finally {
    await cleanUp(api, 'streamProviders', 'streamProviders', name);
    await api.dispose();
  }
});

test('a super user manages a stream media profile: the largest value kept, another session’s rename seen live', async ({ page, playwright, baseURL }) => {
  const media = `E2E-media-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'stream_media_profile');
    await page.getByTestId('settings-stream-media-profiles-add').click();
    await page.getByTestId('settings-stream-media-profiles-name').fill(media);
    await page.getByTestId('settings-stream-media-profiles-minResolution').fill('720');
    await page.getByTestId('settings-stream-media-profiles-maxResolution').fill('1080');
    await page.getByTestId('settings-stream-media-profiles-fps').fill('50');
    await page.getByTestId('settings-stream-media-profiles-bitrate').fill('2147483647');
    await page.getByTestId('settings-stream-media-profiles-save').click();
    await expect(page.getByTestId('settings-stream-media-profiles-modal')).toHaveCount(0);
    await expect(rowNamed(page, 'stream-media-profiles', media)).toContainText('2147483647');
    const mediaId = await idOf(page, 'stream-media-profiles', media);
    // Another session renames it: seen here without a reload.
    expect((await api.put(`api/v2/admin/streamMediaProfiles/${mediaId}`, { data: { name: `${media}-renamed` } })).ok()).toBe(true);
    await expect(page.getByTestId(`settings-stream-media-profiles-row-${mediaId}`)).toContainText(`${media}-renamed`);
    await page.getByTestId(`settings-stream-media-profiles-delete-${mediaId}`).click();
    await page.getByTestId('settings-stream-media-profiles-delete-confirm').click();
    await expect(page.getByTestId(`settings-stream-media-profiles-row-${mediaId}`)).toHaveCount(0);
  } finally {
    for (const name of [media, `${media}-renamed`]) await cleanUp(api, 'streamMediaProfiles', 'streamMediaProfiles', name);
    await api.dispose();
  }
});
