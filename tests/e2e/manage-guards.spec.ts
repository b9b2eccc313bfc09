/**
 * The route guards of issue 16's screens in Chromium against the real stack (spec 001 §2 "Route
 * guards and navigation"): /users, /groups and /audio_rooms open to super_user, luc_admin,
 * luc_contractor, luc_media_group_admin and luc_partner; /entities to luc_contractor; /remote_actions
 * to luc_partner (and, as the platform admins' page, to the super user). Everyone else asking for one
 * of them lands on the unit list ("A failed guard sends the user to the unit list").
 */
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

/** What each screen shows once it is open. */
const SCREENS = {
  '/users': 'users-page',
  '/groups': 'groups-page',
  '/audio_rooms': 'audio-rooms-page',
  '/entities': 'entities-units',
  '/remote_actions': 'remote-actions-partner',
} as const;
type Path = keyof typeof SCREENS;

/** Asks for `path` as a typed address would (the saved route is not restored over it). */
async function ask(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?ignoreRouteDefault=1`);
}

async function opens(page: Page, path: Path, testId: string = SCREENS[path]): Promise<void> {
  await ask(page, path);
  await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`^[^?]*${path}(/[a-z_]+)?(\\?|$)`));
}

async function sentToList(page: Page, path: Path): Promise<void> {
  await ask(page, path);
  // The list may restore the last selected unit (?unit=, spec 000 §2 "last selected unit remembered").
  await expect(page).toHaveURL(/\/list(\?.*)?$/, { timeout: 30_000 });
  await expect(page.locator('[data-testid^="unit-row-"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(SCREENS[path])).toHaveCount(0);
}

const CASES: readonly { role: string; open: readonly Path[]; refused: readonly Path[] }[] = [
  { role: 'luc_contractor', open: ['/users', '/groups', '/audio_rooms', '/entities'], refused: ['/remote_actions'] },
  { role: 'luc_partner', open: ['/users', '/groups', '/audio_rooms', '/remote_actions'], refused: ['/entities'] },
  { role: 'luc_media_group_admin', open: ['/users', '/groups', '/audio_rooms'], refused: ['/entities', '/remote_actions'] },
  { role: 'luc_admin', open: ['/users', '/groups', '/audio_rooms'], refused: ['/entities', '/remote_actions'] },
  { role: 'luc_regular', open: [], refused: ['/users', '/groups', '/audio_rooms', '/entities', '/remote_actions'] },
  { role: 'luc_read', open: [], refused: ['/groups', '/audio_rooms', '/entities', '/remote_actions'] },
];

for (const { role, open, refused } of CASES) {
  test(`${role}: ${open.length > 0 ? `${open.join(', ')} open` : 'none of the screens opens'}; ${refused.join(', ')} send to the unit list`, async ({ page }) => {
    await login(page, role);
    for (const path of open) await opens(page, path);
    for (const path of refused) await sentToList(page, path);
  });
}

test('super_user: /users, /groups and /audio_rooms open, /remote_actions is the admin page; /entities sends to the unit list', async ({ page }) => {
  await login(page, 'super_user');
  for (const path of ['/users', '/groups', '/audio_rooms'] as const) await opens(page, path);
  await opens(page, '/remote_actions', 'remote-actions-admin');
  await sentToList(page, '/entities');
});
