/**
 * What the Playwright specs share: the demo password, signing in through the login page, and a
 * second API client with its own session (another console or a script changing things over REST).
 */
import { expect, type APIRequestContext, type Browser, type Cookie, type Locator, type Page } from '@playwright/test';
import type { Role } from '@fleet/contracts';

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-pass-1';

/** The session cookies of each user this worker has signed in once through the login page. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in as `username` (demo accounts: username = role) and waits for the shell. The first time in a
 * worker it goes through the login page; after that the page takes the session that sign-in left (one
 * browser login per user and worker). A session that ended meanwhile (a password change, a sign-out)
 * sends the page to the login page: it signs in there again. A password within 14 days of expiry stops
 * at the change page first (spec 000 §6): kept for now.
 */
export async function login(page: Page, username: string, password = PASSWORD): Promise<void> {
  // The frame's name in the header, there at every width (a phone's menu renders when first opened).
  const shell = page.getByTestId('app-name');
  const passwordChange = page.getByTestId('page-passwordChange');
  const form = page.getByTestId('login-username');
  const cached = password === PASSWORD ? sessions.get(username) : undefined;
  if (cached) {
    await page.context().addCookies(cached);
    // Paths relative to the base URL: the stack's root, or a sandbox's base (sandbox.ts `projectSandbox`).
    await page.goto('./');
    // The console's first load: give a loaded machine time.
    await expect(shell.or(passwordChange).or(form)).toBeVisible({ timeout: 30_000 });
    if (await passwordChange.isVisible()) await page.getByTestId('password-change-dismiss').click();
    if (!(await form.isVisible())) {
      await expect(shell).toBeVisible();
      return;
    }
    sessions.delete(username);
    await page.context().clearCookies();
  }
  await page.goto('login');
  await form.fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(shell.or(passwordChange)).toBeVisible({ timeout: 30_000 });
  if (await passwordChange.isVisible()) await page.getByTestId('password-change-dismiss').click();
  await expect(shell).toBeVisible();
  if (password === PASSWORD) sessions.set(username, await page.context().cookies());
}

/**
 * Signs in as `username` without opening the console, for a test whose next step opens a page by its
 * address: that page is then the console's only load (a load is most of a short test's browser time).
 * A demo user takes the session this worker's browser login left (the first time, `login` goes through
 * the login page, which also passes a password change); a session that ended meanwhile signs in again.
 * Another user (made by the test) signs in through the core's login call, as the login page does.
 */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  if (password !== PASSWORD) {
    const res = await page.request.post('mock/auth/login', { data: { username, password } });
    expect(res.ok()).toBe(true);
    return;
  }
  const cached = sessions.get(username);
  if (cached) {
    await page.context().addCookies(cached);
    if ((await page.request.get('api/users/current')).ok()) return;
    sessions.delete(username);
    await page.context().clearCookies();
  }
  await login(page, username);
}

export type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** A second client (its own cookies), like another console or a script changing things through REST. */
export async function apiAs(playwright: Playwright, baseURL: string | undefined, username: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post('mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return api;
}

/** The options of a user made through the core's API (see `createUser` for the default scope). */
export interface NewUserOptions {
  /** Starts the username (`e2e-<label>-<time>`): which spec made the user. */
  label: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  inventoryIds?: string[];
  groupIds?: string[];
}

/** A user a test made and signs in as; `dispose` deletes them (their sessions end with them). */
export interface OwnUser {
  id: string;
  username: string;
  password: string;
  dispose: () => Promise<void>;
}

/** The password of users made by `createUser` unless a test names its own (not the demo password: no session is kept for them). */
export const OWN_PASSWORD = 'E2e-own-1';

/**
 * Creates a user of `userType` through POST v2/users with `api` (a caller allowed to give that
 * type, e.g. super_user); returns their id and username. Without `inventoryIds` in `options` the
 * user gets the inventories and groups of the seeded user of the same type (username = type), so
 * they see what that user sees; with them, the groups in `groupIds` (none by default).
 */
export async function createUser(api: APIRequestContext, userType: Role, options: NewUserOptions): Promise<{ id: string; username: string }> {
  const username = `e2e-${options.label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  let inventoryIds = options.inventoryIds;
  let groupIds = options.groupIds ?? [];
  if (inventoryIds === undefined) {
    const found = await api.get(`api/v2/users?searchKey=username&searchValue=${encodeURIComponent(userType)}`);
    expect(found.status(), await found.text()).toBe(200);
    const seeded = ((await found.json()) as { items: { id: string; username: string }[] }).items.find((u) => u.username === userType);
    expect(seeded, `the seeded user ${userType}`).toBeDefined();
    const detail = (await (await api.get(`api/v2/users/${seeded!.id}`)).json()) as { inventories: { id: string }[]; groups: { id: string }[] };
    inventoryIds = detail.inventories.map((i) => i.id);
    groupIds = detail.groups.map((g) => g.id);
  }
  const password = options.password ?? OWN_PASSWORD;
  const res = await api.post('api/v2/users', {
    data: {
      username,
      firstName: options.firstName ?? 'Own',
      lastName: options.lastName ?? 'User',
      email: `${username}@example.com`,
      userType,
      inventoryIds,
      groupIds,
      password,
      passwordConfirmation: password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, username };
}

/**
 * A user of `userType` of the test's own, made by super_user: for a test that changes what the
 * user keeps (the language in their preferences), which a spec running beside it as the seeded
 * user would otherwise see. Call `dispose` in a `finally`.
 */
export async function ownUser(playwright: Playwright, baseURL: string | undefined, userType: Role, options: NewUserOptions): Promise<OwnUser> {
  const admin = await apiAs(playwright, baseURL, 'super_user');
  try {
    const { id, username } = await createUser(admin, userType, options);
    return {
      id,
      username,
      password: options.password ?? OWN_PASSWORD,
      dispose: async () => {
        try {
          const res = await admin.delete(`api/v2/users/${id}`);
          expect(res.ok(), await res.text()).toBe(true);
        } finally {
          await admin.dispose();
        }
      },
    };
  } catch (error) {
    await admin.dispose();
    throw error;
  }
}

/** Waits until the unit answers as idle or online (the simulator boots units, reboots take seconds). */
export async function waitOnline(api: APIRequestContext, unitId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await api.get(`api/v2/units/${unitId}`);
        return res.ok() ? ((await res.json()) as { status: string }).status : 'unknown';
      },
      { timeout: 45_000 },
    )
    .toMatch(/^(idle|online)$/);
}

/**
 * Opens `path` in the console already loaded on the page, through its router (as a link of the console
 * does, without loading the console again: a load is most of a short check's browser time). The browser's
 * history gets the new address and the router follows it. Returns once the new page has rendered: the
 * address is `path` and the window's title is no longer the previous page's (each page names itself in
 * the title once it is drawn), or, when `shown` is given (a page titled like the one before, or one that
 * moves on to an address of its own), once `shown`, something the previous page did not show, is visible.
 */
export async function openInApp(page: Page, path: string, shown?: Locator): Promise<void> {
  const before = await page.title();
  // `path` is the console's own (`/map`): under the document's base (the root, or a sandbox's base).
  const target = new URL(path.replace(/^\//, ''), await page.evaluate(() => document.baseURI));
  await page.evaluate((to) => {
    // The router's own history entry shape (its key and its index), so it reads this as one of its entries.
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, target.pathname + target.search);
  if (shown) {
    await expect(shown).toBeVisible();
    return;
  }
  await expect
    .poll(() => {
      const at = new URL(page.url());
      return at.pathname + at.search;
    })
    .toBe(target.pathname + target.search);
  await expect(page).not.toHaveTitle(before);
}

/**
 * Loads the page again where it is: a reload. An explicit path is an address (spec 000 §2 reading:
 * the saved route applies only when entering at `/`), so another spec file moving the same user's
 * saved route meanwhile does not move this page.
 */
export async function reloadInPlace(page: Page): Promise<void> {
  await page.reload();
}

/**
 * Clicks a stop-stream control. A unit on air (tally program) is stopped only after the console asks,
 * naming the unit: the dialog is checked and confirmed; any other stop goes at once. The console reads
 * the tally when the control is clicked, and a stream puts its unit on air a moment after it starts:
 * this waits for whichever comes, the question or a unit no longer on air.
 */
export async function stopStreamConfirming(page: Page, unitId: string, stop: Locator): Promise<void> {
  const unit = async () => {
    const res = await page.request.get(`api/v2/units/${unitId}`);
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { name: string; tally: string | null };
  };
  const asked = page.getByTestId('stop-on-air-text');
  await stop.click();
  await expect.poll(async () => (await asked.isVisible()) || (await unit()).tally?.toLowerCase() !== 'program', { timeout: 15_000 }).toBe(true);
  if (await asked.isVisible()) {
    await expect(asked).toContainText((await unit()).name);
    await page.getByTestId('stop-on-air-ok').click();
  }
}

/** Opens the unit's configuration modal on `tab` through its deep link. */
export async function openConfig(page: Page, unitId: string, tab: string): Promise<void> {
  await page.goto(`list?unit=${unitId}&config=${tab}&ignoreRouteDefault=1`);
  // The list, the unit detail and the modal are lazy chunks: give a loaded machine time.
  await expect(page.getByTestId('unit-config')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`config-panel-${tab}`)).toBeVisible({ timeout: 30_000 });
}

/**
 * A second console: its own browser context (cookies, storage, /ws connection) signed in once as
 * `username`. Close its context at the end of the test.
 */
export async function secondConsole(browser: Browser, baseURL: string | undefined, username: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, username);
  return { page, close: () => context.close() };
}

/**
 * Clicks `trigger` and waits for `opened` (a dialog, a menu); clicks again while it has not shown.
 * Seen once in CI (system-settings, de6e383): a row's Delete took the click and the focus right after
 * a live update of that row, and no confirmation ever opened (not reproduced in 16 runs under load).
 * A retry is printed, so a recurrence shows in the log with its spec.
 */
export async function clickToOpen(trigger: Locator, opened: Locator): Promise<void> {
  let clicks = 0;
  await expect(async () => {
    if (!(await opened.isVisible())) {
      clicks += 1;
      if (clicks > 1) console.warn(`clickToOpen: ${String(opened)} not shown after a click; clicking ${String(trigger)} again`);
      await trigger.click();
    }
    await expect(opened).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Collects the URL of every document the page loads from now on (a test expects none: the change came live, not by a
 * reload). An address the console updates in place (history.replaceState, e.g. `?unit=` of the restored selection) is
 * no load and is not counted.
 */
export function trackNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('load', () => navigations.push(page.url()));
  return navigations;
}

/**
 * Records every value an attribute of the first element with the test id (or matching `{ selector }`) takes (a short
 * spell, such as offline during a reset, could fall between two polls of an assertion); read with `recorded`.
 */
export async function recordAttribute(page: Page, target: string | { selector: string }, attribute: string): Promise<void> {
  const selector = typeof target === 'string' ? `[data-testid="${target}"]` : target.selector;
  await page.evaluate(
    ([css, name]) => {
      const seen: string[] = [];
      (window as unknown as { __recorded: string[] }).__recorded = seen;
      const read = () => {
        const value = document.querySelector(css)?.getAttribute(name);
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [name] });
    },
    [selector, attribute] as const,
  );
}

/** The values `recordAttribute` saw, comma-separated. */
export const recorded = (page: Page): Promise<string> => page.evaluate(() => (window as unknown as { __recorded: string[] }).__recorded.join(','));

/** Units the current test holds (two picks in one test are two units). */
const leased = new Set<string>();

/** Gives back the units the test held (after each test of a spec that leases). */
export function releaseUnits(): void {
  leased.clear();
}

/**
 * The seeded units specs drive by name (a constant of the spec), by how many spec files do, fewest
 * first: LU800-0001 is luc_regular's first unit (SEED_IDS.firstUnitOfLucRegular) and thirteen specs
 * configure, upload from, reboot or stream it. A spec that leases "an idle unit that can stream"
 * takes a unit none of them names when there is one, else the one the fewest name: a unit in its
 * seeded state, rather than one an earlier spec of the worker (on the worker's fleet) configured.
 * The order is this list's, never the order of the units' seeded names.
 */
const DRIVEN_BY_NAME: readonly string[] = [
  // One spec each (remote-actions reboots LU600H264-0001: last of these).
  'DRONE-0001',
  'LU300-0001',
  'LU300-0002',
  'LU800-0004',
  'LULITE-0001',
  'LUSMART-0001',
  'LUSMART-0002',
  'PTP-0001',
  'XTND-0001',
  'LU600H264-0001',
  'SOLO-0001',
  'LU800-0003',
  'LU800-0005',
  'LU800-0002',
  'LU800-0001',
];

/**
 * `ids` with the units no spec names first (in their order), then the named ones, the least driven
 * first ({@link DRIVEN_BY_NAME}); `prefer` (a spec's own choice) before all.
 */
function leastDrivenFirst(ids: readonly string[], prefer: readonly string[] = []): string[] {
  const rank = (id: string) => (prefer.includes(id) ? -1 - prefer.length + prefer.indexOf(id) : DRIVEN_BY_NAME.indexOf(id));
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

/**
 * The first unit of `candidates` (asked again until one comes, for at most 30 s) that the test does
 * not hold yet, held for the test: the spec's `prefer` first, then in {@link DRIVEN_BY_NAME}'s order.
 * Each worker runs on a fleet of its own (playwright.config.ts), so no other worker drives it. Call
 * {@link releaseUnits} after each test.
 */
export async function leaseUnit(
  candidates: () => Promise<readonly string[]>,
  message = 'a unit the test does not hold yet',
  prefer: readonly string[] = [],
): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        id = leastDrivenFirst(await candidates(), prefer).find((unit) => !leased.has(unit)) ?? '';
        if (id !== '') leased.add(id);
        return id;
      },
      { timeout: 30_000, message },
    )
    .not.toBe('');
  return id;
}
