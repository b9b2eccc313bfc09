/**
 * /audio_rooms (spec 001 §2 "audio rooms" for the manage roles, §3 Audio room, §5 names) in
 * Chromium against the real stack: the current inventory's seeded rooms, a room created with a
 * participant of the inventory, edited and deleted after a confirmation; a room started on its
 * IFB server and stopped; and a room created in one browser appearing in another without a reload
 * (over /ws). The §5 name rule and "Name field has to be unique" inline before anything is sent are
 * asserted by apps/console/src/features/audio-rooms/AudioRooms.page.test.tsx.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { signIn, reloadInPlace } from './support';

async function openAudioRooms(page: Page): Promise<void> {
  await page.goto('audio_rooms?ignoreRouteDefault=1');
  await expect(page.getByTestId('audio-rooms-page')).toBeVisible({ timeout: 30_000 });
  // The preferences' current inventory (Global-News) and its seeded rooms.
  await expect(page.getByTestId('audio-rooms-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
  await expect(page.getByTestId('audio-room-row-aud-0001')).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, name: string) => page.locator(`[data-testid^="audio-room-row-"][data-name="${name}"]`);

test("an admin sees the inventory's rooms, creates one with a participant, edits and deletes it", async ({ page }) => {
  await signIn(page, 'luc_admin');
  await openAudioRooms(page);
  await expect(page.getByTestId('audio-room-name-aud-0001')).toHaveText('Newsroom-IFB');
  await expect(page.getByTestId('audio-room-participants-aud-0001')).toHaveText('2');
  await expect(page.getByTestId('audio-room-intercom-aud-0001')).toHaveAttribute('data-value', 'true');
  // Another inventory's room is not listed.
  await expect(page.getByTestId('audio-room-row-aud-0003')).toHaveCount(0);

  await page.getByTestId('audio-rooms-create').click();
  await expect(page.getByTestId('audio-room-form')).toBeVisible();
  await page.getByTestId('audio-room-name').fill('E2E-Desk');
  await page.getByTestId('audio-room-intercom').check();
  await page.getByTestId('audio-room-participants').click();
  await page.getByRole('option', { name: 'luc_regular', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('audio-room-save').click();
  await expect(page.getByTestId('audio-room-form')).toHaveCount(0);
  const created = row(page, 'E2E-Desk');
  await expect(created).toBeVisible();
  const id = (await created.getAttribute('data-testid'))!.replace('audio-room-row-', '');
  await expect(page.getByTestId(`audio-room-participants-${id}`)).toHaveText('1');
  await expect(page.getByTestId(`audio-room-intercom-${id}`)).toHaveAttribute('data-value', 'true');

  await page.getByTestId(`audio-room-edit-${id}`).click();
  await expect(page.getByTestId('audio-room-name')).toHaveValue('E2E-Desk');
  await page.getByTestId('audio-room-intercom').uncheck();
  await page.getByTestId('audio-room-save').click();
  await expect(page.getByTestId(`audio-room-intercom-${id}`)).toHaveAttribute('data-value', 'false');

  // Still there after a reload (stored, not only in the page).
  await reloadInPlace(page);
  await expect(row(page, 'E2E-Desk')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`audio-room-delete-${id}`).click();
  await expect(page.getByTestId('audio-room-delete-question')).toContainText('E2E-Desk');
  await page.getByTestId('audio-room-delete-confirm').click();
  await expect(row(page, 'E2E-Desk')).toHaveCount(0);
});

test('a room with an IFB server starts on it and stops, the list showing its state; a room created in another browser appears without a reload', async ({
  page,
  browser,
}) => {
  await signIn(page, 'luc_admin');
  await openAudioRooms(page);
  // Newsroom-IFB's server is the simulated hub MMH-0001.
  await expect(page.getByTestId('audio-room-active-aud-0001')).toHaveAttribute('data-value', 'false');
  await page.getByTestId('audio-room-toggle-aud-0001').click();
  await expect(page.getByTestId('audio-room-active-aud-0001')).toHaveAttribute('data-value', 'true', { timeout: 20_000 });
  await page.getByTestId('audio-room-toggle-aud-0001').click();
  await expect(page.getByTestId('audio-room-active-aud-0001')).toHaveAttribute('data-value', 'false', { timeout: 20_000 });

  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signIn(second, 'super_user');
    await second.goto('audio_rooms?ignoreRouteDefault=1');
    await expect(second.getByTestId('audio-rooms-page')).toBeVisible({ timeout: 30_000 });
    await second.getByTestId('audio-rooms-inventory').click();
    await second.getByRole('option', { name: 'Global-News', exact: true }).click();
    await second.getByTestId('audio-rooms-create').click();
    await second.getByTestId('audio-room-name').fill('E2E-Live');
    await second.getByTestId('audio-room-save').click();
    await expect(row(second, 'E2E-Live')).toBeVisible();
  } finally {
    await other.close();
  }
  await expect(row(page, 'E2E-Live')).toBeVisible({ timeout: 15_000 });
  expect(navigations).toEqual([]);
});
