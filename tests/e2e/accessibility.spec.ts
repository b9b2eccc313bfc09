/**
 * axe-core (WCAG 2 A and AA rules, and buttons whose name does not hold their visible text) on the
 * console's main pages, in the light theme in English and the dark theme in Chinese: no serious or
 * critical violation. The two variants cover each theme and each language once: a colour comes from the theme
 * alone and a word from the language alone (the theme's contrast is also held for every colour pair by
 * themeColors.test.ts), so the two crossed variants found nothing these two do not. The login page is audited signed out (theme and language as this browser keeps
 * them); the operator's pages (/list, with the header's notification centre open too, a unit's detail,
 * /map, /multiview, /channels, /devices) as a luc_regular user, the admin pages (/users, /system_settings) as a super user. Each role signs in
 * once; the theme and the language change through the user's preferences, as the switches keep them.
 * The console loads once per role and variant (the preferences are read at a load); the pages after the
 * first are opened through its router, as the menu opens them.
 * The users are the test's own: a seeded user switched to Chinese would be seen so by the specs beside it.
 * A failure lists each violation as page, theme, language: rule (impact) target.
 *
 * Under live data: the pages are audited with the lively demo running (streaming tiles and their moving
 * pictures, bitrates and batteries that change, alerts raised and cleared, toasts), as demo staff show
 * them. The spec runs in the `live` project, in a sandbox of its own (playwright.config.ts), so the
 * lively demo moves that sandbox's fleet alone; it starts the preset from its seed and
 * waits until the fleet is live (units streaming, an alert raised), and each live page until it shows
 * live data (Multiview: a streaming tile's picture on screen), before auditing; it sets the preset off again
 * at the end.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { openInApp, ownUser, signIn, type OwnUser } from './support';

const VARIANTS = [
  { colorScheme: 'light', language: 'en' },
  { colorScheme: 'dark', language: 'zh' },
] as const;
type Variant = (typeof VARIANTS)[number];

/** The serious and critical violations on the page as it is, one line each. */
async function audit(page: Page, where: string, variant: Variant): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      // A button's accessible name holds its visible label (WCAG 2.5.3); axe ships it outside the tags above.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where} [${variant.colorScheme}, ${variant.language}]: ${v.id} (${v.impact}) ${n.target.join(' ')}`));
}

/** The page in the variant's theme and language (what the console shows, not only what was asked). */
async function expectVariant(page: Page, variant: Variant): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.colorScheme);
  await expect(page.locator('html')).toHaveAttribute('lang', variant.language === 'zh' ? 'zh-CN' : 'en');
}

interface Target {
  readonly path: string;
  /** Shown once the page holds what it is for. */
  readonly ready: (page: Page) => ReturnType<Page['locator']>;
}

/** The variant each signed-in page has loaded the console in (none until its first load). */
const loadedIn = new WeakMap<Page, Variant>();

/**
 * Each page in the variant, set through the signed-in user's preferences (as the switches keep it). A page not
 * yet loaded in the variant loads its first target; the others (and every target of a page already loaded in
 * the variant) open through the console's router: each target's `ready` is something the page before it did not show.
 */
async function auditPages(page: Page, targets: readonly Target[], variant: Variant): Promise<string[]> {
  const found: string[] = [];
  if (loadedIn.get(page) !== variant) {
    const saved = await page.request.put('api/userPreferences', { data: variant });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  for (const target of targets) {
    if (loadedIn.get(page) === variant) {
      await openInApp(page, target.path, target.ready(page));
    } else {
      await page.goto(`${target.path.slice(1)}${target.path.includes('?') ? '&' : '?'}ignoreRouteDefault=1`);
      await expect(target.ready(page)).toBeVisible({ timeout: 30_000 });
      loadedIn.set(page, variant);
    }
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expectVariant(page, variant);
    // A picture is audited once it is drawn (axe reads an image's alt either way; the picture's box is what it measures around).
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((img) => img.complete));
    found.push(...(await audit(page, target.path, variant)));
  }
  return found;
}

const OPERATOR_PAGES: readonly Target[] = [
  { path: '/list', ready: (p) => p.locator('[data-testid^="unit-row-"]').first() },
  { path: '/list?unit=', ready: (p) => p.getByTestId('unit-detail-status') },
  { path: '/map', ready: (p) => p.getByTestId('unit-map') },
  // A streaming tile whose picture is on screen: the wall as demo staff show it.
  {
    path: '/multiview',
    ready: (p) => p.locator('[data-testid^="multiview-tile-"][data-status="streaming"] img[data-testid^="multiview-tile-image-"]').first(),
  },
  { path: '/channels', ready: (p) => p.getByTestId('channel-list-summary') },
  { path: '/devices', ready: (p) => p.getByTestId('server-list-summary') },
];
const ADMIN_PAGES: readonly Target[] = [
  { path: '/users', ready: (p) => p.getByTestId('users-summary') },
  { path: '/system_settings', ready: (p) => p.getByTestId('section-tabs') },
];

// One page per role, signed in once, kept through the variants (one test each).
test.describe.configure({ mode: 'serial' });
let signedOut: Page;
let operator: { page: Page; unit: string };
let admin: { page: Page };
/** The page that switched the demo on (it switches it off at the end). */
let live: Page | undefined;
interface LiveUnit {
  readonly uniqueId: string;
  readonly status: string;
  readonly alerts: readonly unknown[];
}
/** The users made here, deleted after the last test (also when a later step of the set-up failed). */
const made: OwnUser[] = [];

test.beforeAll(async ({ browser, playwright, workerBaseURL: baseURL }) => {
  const newPage = async () => (await browser.newContext({ baseURL, reducedMotion: 'reduce' })).newPage();
  signedOut = await newPage();
  const operatorUser = await ownUser(playwright, baseURL, 'luc_regular', { label: 'a11y-operator' });
  made.push(operatorUser);
  const adminUser = await ownUser(playwright, baseURL, 'super_user', { label: 'a11y-admin' });
  made.push(adminUser);
  const operatorPage = await newPage();
  const adminPage = await newPage();
  await signIn(operatorPage, operatorUser.username, operatorUser.password);
  await signIn(adminPage, adminUser.username, adminUser.password);
  // The lively demo from its seed; then wait until the operator's fleet is live: units streaming, an alert raised.
  const demo = await adminPage.request.post('mock/trpc/demo.set', { data: { preset: 'lively' } });
  expect(demo.ok(), await demo.text()).toBe(true);
  live = adminPage;
  const fleet = async () => (await (await operatorPage.request.get('api/devices/fetch')).json()) as LiveUnit[];
  await expect
    .poll(
      async () => {
        const units = await fleet();
        return units.some((u) => u.status === 'streaming') && units.some((u) => u.alerts.length > 0);
      },
      { message: 'units streaming and an alert raised under the lively demo', timeout: 30_000 },
    )
    .toBe(true);
  const units = await fleet();
  // The unit detail audited is a streaming one: its bitrate, graph and channel are live.
  operator = { page: operatorPage, unit: (units.find((u) => u.status === 'streaming') ?? units[0]!).uniqueId };
  admin = { page: adminPage };
});

test.afterAll(async () => {
  // The sandbox's fleet still again.
  if (live) await live.request.post('mock/trpc/demo.set', { data: { preset: 'off', reset: false } });
  for (const user of made.splice(0)) await user.dispose();
});

/** A variant's name in a test title. */
const named = (variant: Variant) => `${variant.colorScheme} theme in ${variant.language === 'zh' ? 'Chinese' : 'English'}`;

// Each variant in six tests of one to three pages each (each page costs a load and an axe run: about 2 to 4.5 s
// alone, three to four times that beside the suite's other workers).
for (const variant of VARIANTS) {
  test(`axe, ${named(variant)}: the login page`, async () => {
    // Signed out: the theme and the language this browser keeps.
    await signedOut.goto('login');
    await signedOut.evaluate(({ colorScheme, language }) => {
      window.localStorage.setItem('fleet.colorScheme', colorScheme);
      window.localStorage.setItem('fleet.language', language);
    }, variant);
    await signedOut.reload();
    await expect(signedOut.getByTestId('login-username')).toBeVisible();
    await expectVariant(signedOut, variant);
    const found = await audit(signedOut, '/login', variant);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`axe, ${named(variant)}: the unit list`, async () => {
    const found = await auditPages(operator.page, OPERATOR_PAGES.slice(0, 1), variant);
    expect(found, found.join('\n')).toEqual([]);
  });

  // Apart from the list's audit: the two took 42–46 s of their 60 beside the suite's other workers.
  test(`axe, ${named(variant)}: the notification centre open over the unit list`, async () => {
    // The list as the test before left it, in this variant.
    await expect(operator.page.locator('[data-testid^="unit-row-"]').first()).toBeVisible();
    await expectVariant(operator.page, variant);
    // The header's notification centre open over the list (its entries, filters and buttons).
    await operator.page.getByTestId('centre-bell').click();
    await expect(operator.page.getByTestId('notification-centre')).toBeVisible();
    const found = await audit(operator.page, '/list, notification centre open', variant);
    await operator.page.keyboard.press('Escape');
    await expect(operator.page.getByTestId('notification-centre')).toBeHidden();
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`axe, ${named(variant)}: a unit's detail and the map`, async () => {
    const detail = { ...OPERATOR_PAGES[1]!, path: `/list?unit=${operator.unit}` };
    const found = await auditPages(operator.page, [detail, OPERATOR_PAGES[2]!], variant);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`axe, ${named(variant)}: Multiview, channels and devices`, async () => {
    const found = await auditPages(operator.page, OPERATOR_PAGES.slice(3), variant);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`axe, ${named(variant)}: users and system settings`, async () => {
    const found = await auditPages(admin.page, ADMIN_PAGES, variant);
    expect(found, found.join('\n')).toEqual([]);
  });
}
