/**
 * What the Playwright specs share: the demo password, signing in through the login page, and a
 * second API client with its own session (another console or a script changing things over REST).
 */
import { expect, type APIRequestContext, type Browser, type Cookie, type Page } from '@playwright/test';

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
  const shell = page.getByTestId('nav-menu');
  const passwordChange = page.getByTestId('page-passwordChange');
  const form = page.getByTestId('login-username');
  const cached = password === PASSWORD ? sessions.get(username) : undefined;
  if (cached) {
    await page.context().addCookies(cached);
    await page.goto('/');
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
  await page.goto('/login');
  await form.fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(shell.or(passwordChange)).toBeVisible({ timeout: 30_000 });
  if (await passwordChange.isVisible()) await page.getByTestId('password-change-dismiss').click();
  await expect(shell).toBeVisible();
  if (password === PASSWORD) sessions.set(username, await page.context().cookies());
}

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** A second client (its own cookies), like another console or a script changing things through REST. */
export async function apiAs(playwright: Playwright, baseURL: string | undefined, username: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post('/mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return api;
}

/** Waits until the unit answers as idle or online (the simulator boots units, reboots take seconds). */
export async function waitOnline(api: APIRequestContext, unitId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await api.get(`/api/v2/units/${unitId}`);
        return res.ok() ? ((await res.json()) as { status: string }).status : 'unknown';
      },
      { timeout: 45_000 },
    )
    .toMatch(/^(idle|online)$/);
}

/** Opens the unit's configuration modal on `tab` through its deep link. */
export async function openConfig(page: Page, unitId: string, tab: string): Promise<void> {
  await page.goto(`/list?unit=${unitId}&config=${tab}&ignoreRouteDefault=1`);
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

/** Collects the URL of every navigation of the page's main frame (a test expects none: the change came live, not by a reload). */
export function trackNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return navigations;
}

/**
 * Records every value an attribute of the first element with the test id takes (a short spell,
 * such as offline during a reset, could fall between two polls of an assertion); read with `recorded`.
 */
export async function recordAttribute(page: Page, testId: string, attribute: string): Promise<void> {
  await page.evaluate(
    ([id, name]) => {
      const seen: string[] = [];
      (window as unknown as { __recorded: string[] }).__recorded = seen;
      const read = () => {
        const value = document.querySelector(`[data-testid="${id}"]`)?.getAttribute(name);
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [name] });
    },
    [testId, attribute] as const,
  );
}

/** The values `recordAttribute` saw, comma-separated. */
export const recorded = (page: Page): Promise<string> => page.evaluate(() => (window as unknown as { __recorded: string[] }).__recorded.join(','));
