/**
 * A phone (UX "usable at 390 × 844 for the basics: see the fleet, start and stop a stream"): the
 * operator's main pages never overflow sideways; the header folds into the menu, which holds the
 * navigation, the current inventory and group, the application switcher, the language and the user
 * menu; the unit list shows each unit's name, status and bitrate; a unit's detail fits; and a stream
 * is started and stopped from the list's buttons. One signed-in page: the console loads at the first page and
 * the other main pages open through its router, as the menu opens them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { leaseUnit, openInApp, releaseUnits, signIn, stopStreamConfirming } from './support';

const PHONE = { width: 390, height: 844 };

/** How far the page reaches past the window sideways (0: it fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('at 390 × 844 as luc_regular', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser, workerBaseURL }) => {
    page = await browser.newPage({ baseURL: workerBaseURL, viewport: PHONE, reducedMotion: 'reduce' });
    await signIn(page, 'luc_regular');
  });
  test.afterAll(async () => {
    await releaseUnits();
    await page.close();
  });

  for (const [index, path] of ['/channels', '/multiview', '/map', '/list'].entries()) {
    test(`${path}: no sideways overflow`, async () => {
      if (index === 0) await page.goto(`${path.slice(1)}?ignoreRouteDefault=1`);
      else await openInApp(page, path);
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
      expect(await sidewaysOverflow(page), `${path} is wider than the window`).toBe(0);
    });
  }

  test('the unit list shows name, status and bitrate of each unit beside its stream buttons', async () => {
    const row = page.locator('[data-testid^="unit-row-"]').first();
    await expect(row).toBeVisible();
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('unit-row-', '');
    for (const testId of [`unit-name-${id}`, `unit-live-status-${id}`, `unit-bitrate-${id}`, `unit-start-${id}`, `unit-stop-${id}`]) {
      await expect(page.getByTestId(testId), testId).toBeInViewport({ ratio: 0.9 });
    }
    await expect(page.getByTestId(`unit-live-status-${id}`)).toHaveText(/\S/);
  });

  test('the header folds into a menu that holds the navigation, the pickers, the language and the user menu', async () => {
    // Folded: the header's controls are out of sight until the menu opens.
    for (const testId of ['language-switch', 'user-menu', 'shell-inventory', 'nav-menu']) await expect(page.getByTestId(testId), testId).not.toBeInViewport();
    await page.getByTestId('shell-burger').click();
    for (const testId of ['shell-inventory', 'shell-group', 'app-switcher', 'language-switch', 'user-menu', 'nav-unitList', 'nav-multiview']) {
      await expect(page.getByTestId(testId), testId).toBeInViewport();
    }
    // Each one works from there: the user menu opens, and a menu entry navigates and folds the menu away.
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-preferences')).toBeInViewport();
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-multiview').click();
    await expect(page).toHaveURL(/\/multiview/);
    await expect(page.getByTestId('nav-menu')).not.toBeInViewport();
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('a unit’s detail takes the list’s place and fits the window', async () => {
    await page.goto('list?ignoreRouteDefault=1');
    const row = page.locator('[data-testid^="unit-row-"]').first();
    await row.click();
    await expect(page.getByTestId('unit-detail-modems')).toBeVisible({ timeout: 30_000 });
    const pane = page.getByTestId('unit-detail-pane');
    expect(await pane.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByTestId('unit-detail-back').click();
    await expect(page.getByTestId('unit-table')).toBeVisible();
  });

  test('the operator starts a stream and stops it from the list', async () => {
    const idle = page.locator('[data-testid^="unit-status-"]', { hasText: /^idle$/ });
    await expect(idle.first()).toBeAttached({ timeout: 30_000 });
    const id = await leaseUnit(async () => {
      const startable: string[] = [];
      for (const status of await idle.all()) {
        const candidate = ((await status.getAttribute('data-testid')) ?? '').replace('unit-status-', '');
        if (candidate !== '' && (await page.getByTestId(`unit-start-${candidate}`).isEnabled())) startable.push(candidate);
      }
      return startable;
    }, 'an idle unit of the list whose start is offered');
    const start = page.getByTestId(`unit-start-${id}`);
    await start.scrollIntoViewIfNeeded();
    await expect(start).toBeInViewport({ ratio: 0.9 });
    await start.click();
    await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('streaming', { timeout: 20_000 });
    const stop = page.getByTestId(`unit-stop-${id}`);
    await expect(stop).toBeInViewport({ ratio: 0.9 });
    await stopStreamConfirming(page, id, stop);
    await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('idle', { timeout: 20_000 });
  });
});
