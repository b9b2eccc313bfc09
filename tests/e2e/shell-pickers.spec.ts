/**
 * The shell's current inventory and group (spec 000 §3 / 001 §3 preferences groupId, inventoryId,
 * inventoryName) in Chromium against the real stack: a super user picks another inventory of the
 * admin list (searched on the server) and a group of it; after a reload both are still there and
 * /audio_rooms opens on that inventory. An admin with one inventory picks another of its groups.
 * Each test puts the user's preferences back, so the specs after this one start as seeded.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { login, reloadInPlace } from './support';

type ScopePrefs = { inventoryId: string | null; inventoryName: string | null; groupId: string | null };

async function savedScope(page: Page): Promise<ScopePrefs> {
  const prefs = (await (await page.request.get('api/userPreferences')).json()) as ScopePrefs;
  return { inventoryId: prefs.inventoryId, inventoryName: prefs.inventoryName, groupId: prefs.groupId };
}

async function restore(page: Page, scope: ScopePrefs): Promise<void> {
  const res = await page.request.put('api/userPreferences', { data: scope });
  expect(res.ok()).toBe(true);
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

test('a super user picks another inventory and group; both are remembered and /audio_rooms opens on it', async ({ page }) => {
  await login(page, 'super_user');
  const seeded = await savedScope(page);
  try {
    await expect(page.getByTestId('shell-inventory')).toHaveValue('Global-News', { timeout: 30_000 });

    // The admin list is searched by the core: other names are not offered.
    await page.getByTestId('shell-inventory').click();
    await page.getByTestId('shell-inventory').fill('Sports');
    await expect(page.getByRole('option', { name: 'Global-News-Sports', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Metro-TV', exact: true })).toHaveCount(0);
    await page.getByTestId('shell-inventory').fill('');
    await expect(page.getByRole('option', { name: 'Metro-TV', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'Metro-TV', exact: true }).click();
    await expect(page.getByTestId('shell-inventory')).toHaveValue('Metro-TV');

    // The group follows to one of Metro-TV's; pick the other one.
    await expect(page.getByTestId('shell-group')).toHaveValue('Metro-Archive');
    await pick(page, 'shell-group', 'Metro-Live');
    await expect.poll(() => savedScope(page)).toEqual({ inventoryId: 'inv-metro', inventoryName: 'Metro-TV', groupId: 'grp-metro-live' });

    await reloadInPlace(page);
    await expect(page.getByTestId('shell-inventory')).toHaveValue('Metro-TV', { timeout: 30_000 });
    await expect(page.getByTestId('shell-group')).toHaveValue('Metro-Live');

    await page.goto('audio_rooms?ignoreRouteDefault=1');
    await expect(page.getByTestId('audio-rooms-inventory')).toHaveValue('Metro-TV', { timeout: 30_000 });
    await expect(page.getByTestId('audio-room-row-aud-0003')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('audio-room-row-aud-0001')).toHaveCount(0);
    // The screen's own picker still works and leaves the shell's inventory alone.
    await pick(page, 'audio-rooms-inventory', 'Global-News');
    await expect(page.getByTestId('audio-room-row-aud-0001')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('shell-inventory')).toHaveValue('Metro-TV');
  } finally {
    await restore(page, seeded);
  }
});

test('an admin picks another group of their inventory; it is remembered', async ({ page }) => {
  await login(page, 'luc_admin');
  const seeded = await savedScope(page);
  try {
    await expect(page.getByTestId('shell-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
    await expect(page.getByTestId('shell-group')).toHaveValue('Newsroom');
    await pick(page, 'shell-group', 'Studio');
    await expect.poll(async () => (await savedScope(page)).groupId).toBe('grp-studio');
    await reloadInPlace(page);
    await expect(page.getByTestId('shell-group')).toHaveValue('Studio', { timeout: 30_000 });
    await expect(page.getByTestId('shell-inventory')).toHaveValue('Global-News');
  } finally {
    await restore(page, seeded);
  }
});
