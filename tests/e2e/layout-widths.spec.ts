/**
 * Widths (UX "usable at 1280 × 720 without hidden columns"): every main page of the menu, opened at
 * 1280 × 720 by each role that can open it (the operator luc_regular and super_user, who sees the
 * whole menu, every system entity and every settings list), never overflows the page sideways, and
 * the action column of its main table (the rows' buttons, pinned to the table's end edge) is in
 * view. One signed-in page per role: the console loads once, at the role's first page, and every other page
 * is opened through its router, as the menu opens it (the layout is the page's, however it was reached);
 * nothing is changed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { SECTIONS } from '../../apps/console/src/routing/sections';
import { login, openInApp } from './support';

const VIEWPORT = { width: 1280, height: 720 };

interface MainPage {
  readonly path: string;
  /** The page's main table carries an action column (else only the page's width is held). */
  readonly actions?: true;
  /** Every column of the main table is in view (no scrolling sideways inside the table either). */
  readonly whole?: true;
}

/** What luc_regular's menu opens. */
const OPERATOR_PAGES: readonly MainPage[] = [
  { path: '/list', actions: true },
  { path: '/multiview' },
  { path: '/file_upload' },
  { path: '/map' },
  { path: '/files' },
  { path: '/stories', actions: true },
  { path: '/devices' },
  { path: '/channels' },
  { path: '/video_return' },
];

/** The settings lists whose rows carry buttons (the others are read or edited in a form of their own). */
const SETTINGS_WITH_ACTIONS = new Set([
  'modem_vendor',
  'stream_profile',
  'stream_providers',
  'stream_media_profile',
  'organization',
  'organization_inventory',
  'geocoding_profile',
  'application_configuration',
]);

/** What super_user's menu opens, with each system entity and each settings list. */
const SUPER_USER_PAGES: readonly MainPage[] = [
  ...OPERATOR_PAGES,
  { path: '/users', whole: true },
  { path: '/manage/shares/publishers' },
  { path: '/manage/shares/subscribers', actions: true },
  { path: '/usage_profiles', actions: true },
  { path: '/groups', actions: true },
  { path: '/sw_version', actions: true },
  { path: '/audio_rooms', actions: true },
  { path: '/my_graphics', actions: true },
  { path: '/inventory_services' },
  { path: '/unit_license_activation' },
  { path: '/reports' },
  { path: '/remote_actions', actions: true },
  { path: '/access_approvals' },
  { path: '/whats_new', actions: true },
  { path: '/batch_upgrade' },
  ...SECTIONS.systemEntities.kinds.map((kind) => ({ path: `${SECTIONS.systemEntities.base}/${kind}` })),
  ...SECTIONS.systemSettings.kinds.map((kind) => ({
    path: `${SECTIONS.systemSettings.base}/${kind}`,
    ...(SETTINGS_WITH_ACTIONS.has(kind) ? { actions: true as const } : {}),
  })),
];

/** How far the page reaches past the window sideways (0: it fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function checkPage(page: Page, { path, actions, whole }: MainPage, first: boolean): Promise<void> {
  if (first) await page.goto(`${path.slice(1)}?ignoreRouteDefault=1`);
  else await openInApp(page, path);
  const main = page.locator('main');
  await expect(main.getByRole('heading').first()).toBeVisible();
  if (actions) {
    // The main table's action column: read once its rows are there, in the window at 1280 px.
    const column = main.locator('[data-column="actions"]').first();
    await expect(column).toBeVisible();
    await expect(column).toBeInViewport({ ratio: 0.9 });
  } else {
    // A page whose table has no action column: its table (when it has one) has been drawn.
    await expect(main.locator('h1, h2, table, [role="grid"]').first()).toBeVisible();
  }
  if (whole) {
    const headers = main.locator('table th:visible');
    await expect(headers.first()).toBeVisible();
    for (const header of await headers.all()) await expect(header).toBeInViewport({ ratio: 0.9 });
  }
  expect(await sidewaysOverflow(page), `${path} is wider than the window`).toBe(0);
}

for (const [role, pages] of [
  ['luc_regular', OPERATOR_PAGES],
  ['super_user', SUPER_USER_PAGES],
] as const) {
  test.describe(`at 1280 × 720 as ${role}`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    test.beforeAll(async ({ browser, workerBaseURL }) => {
      page = await browser.newPage({ baseURL: workerBaseURL, viewport: VIEWPORT, reducedMotion: 'reduce' });
      await login(page, role);
    });
    test.afterAll(async () => {
      await page.close();
    });

    for (const [index, main] of pages.entries()) {
      test(`${main.path}: no sideways overflow${main.actions ? ', the action column in view' : ''}`, async () => {
        await checkPage(page, main, index === 0);
      });
    }

    test('the unit list keeps its stream buttons in view beside an open unit detail', async () => {
      await page.goto('list?ignoreRouteDefault=1');
      // A seeded unit both roles see that no spec moves between groups (groups.spec takes XTND-0001 out of one and back).
      await page.getByTestId('unit-row-LU800-0002').click();
      await expect(page.getByTestId('unit-detail-bitrate')).toBeVisible();
      await expect(page.getByTestId('unit-table').locator('[data-column="actions"]')).toBeInViewport({ ratio: 0.9 });
      const pane = page.getByTestId('unit-detail-pane');
      await expect(pane).toBeInViewport();
      // The detail cuts nothing: its links (one row each) fit its width.
      await expect(page.getByTestId('unit-detail-modems')).toBeVisible();
      expect(await pane.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  });
}
