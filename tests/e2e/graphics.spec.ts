/**
 * /my_graphics (spec 001 §2 "my graphics", §3 Graphics composition, §6 "Graphics depends on a
 * service-enabled check", §9 graphics trial) in Chromium against the real stack: the seeded
 * compositions of the current inventory, a composition started from a template whose job shows
 * until done, then deleted; a composition made and deleted by another console showing without a
 * reload. The §5 name rule inline, "Feature disabled" where the service is off and the trial's hours
 * where it is on trial, and a user without write permission seeing no write controls are asserted
 * by apps/console/src/features/graphics/MyGraphics.page.test.tsx.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, signIn } from './support';

async function openGraphics(page: Page): Promise<void> {
  await page.goto('my_graphics?ignoreRouteDefault=1');
  await expect(page.getByTestId('graphics-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('graphics-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
  await expect(page.getByTestId('graphics-row-gfx-0001')).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, name: string) => page.locator(`[data-testid^="graphics-row-"][data-name="${name}"]`);

test('a user starts a composition from a template, sees its job finish, and deletes it', async ({ page }) => {
  await signIn(page, 'luc_regular');
  await openGraphics(page);
  await expect(page.getByTestId('graphics-name-gfx-0001')).toHaveText('Lower-Third');
  await expect(page.getByTestId('graphics-disabled')).toHaveCount(0);

  await page.getByTestId('graphics-start-scoreboard').click();
  await page.getByTestId('graphics-create-name').fill('E2E-Score');
  await page.getByTestId('graphics-create-save').click();
  await expect(page.getByTestId('graphics-create-modal')).toHaveCount(0);
  const created = row(page, 'E2E-Score');
  await expect(created).toBeVisible();
  const id = (await created.getAttribute('data-testid'))!.replace('graphics-row-', '');
  // The job preparing the app advances to done (asked again until then).
  await expect(page.getByTestId(`graphics-job-${id}`)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  await page.getByTestId(`graphics-delete-${id}`).click();
  await page.getByTestId('graphics-delete-confirm').click();
  await expect(row(page, 'E2E-Score')).toHaveCount(0);
});

test('a composition another console starts and deletes shows and goes without a reload', async ({ page, playwright, baseURL }) => {
  const other = await apiAs(playwright, baseURL, 'luc_admin');
  await signIn(page, 'luc_read');
  await openGraphics(page);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  let appId: string | null = null;
  try {
    const res = await other.post('api/graphics/singular', { data: { inventoryId: 'inv-global', name: 'E2E-Live-Graphic', template: 'clock-bug' } });
    expect(res.ok(), await res.text()).toBe(true);
    const session = (await res.json()) as { appId: string; composition: { id: string } };
    appId = session.appId;
    await expect(row(page, 'E2E-Live-Graphic')).toBeVisible();
    expect((await other.delete(`api/inventory/inv-global/app/${appId}`)).ok()).toBe(true);
    appId = null;
    await expect(row(page, 'E2E-Live-Graphic')).toHaveCount(0);
    expect(navigations).toEqual([]);
  } finally {
    if (appId !== null) await other.delete(`api/inventory/inv-global/app/${appId}`);
  }
});
