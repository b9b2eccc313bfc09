/**
 * The shell's entries and the entry pages (spec 000 §2, §6, §8; 001 §1) in Chromium against the
 * real stack: the application switcher's entries from application_urls, the customer portal of a
 * console user, the Limited Access page of a video-return-only account, the easy-live page of
 * ingest and studio users with their rejected client configuration (403), and the Partial Access
 * banner of a user one of whose inventories offers no group. What a test configures or creates
 * (the application URLs, an inventory, a user) is removed at its end.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, createUser, leaseUnit, login, ownUser, PASSWORD, releaseUnits, signIn, trackNavigations, reloadInPlace } from './support';

const VR_PORTAL = 'https://vr-portal.example.com/';
const MATRIX = 'https://matrix.example.com/';
const NEW_PASSWORD = 'E2e-pass-1';

/** Signs in on the login page without expecting the console (limited accounts land elsewhere). */
async function signInOnLoginPage(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('entry-logout').click();
  await expect(page).toHaveURL(/\/login/);
}

/** Configures the switcher's products (system settings > application configuration); returns the entry id. */
async function configureApplicationUrls(api: APIRequestContext): Promise<string> {
  const res = await api.post('api/v2/admin/applicationConfiguration', {
    data: { key: 'applicationUrls', value: { videoReturnPortal: VR_PORTAL, matrix: MATRIX }, description: 'E2E-entry-pages' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the application switcher offers the configured products (following a change live), the customer portal opens them, and a video-return-only account gets the Limited Access page', async ({
  page,
  playwright,
  baseURL,
}) => {
  // No URLs configured yet: the Limited Access page says the portal is not configured.
  await signInOnLoginPage(page, 'luc_vr_viewer');
  await expect(page).toHaveURL(/\/limited_access$/);
  await expect(page.getByTestId('limited-access-message')).toHaveText('Your account gives access to video return only. The console is not part of it.');
  await expect(page.getByTestId('limited-access-no-portal')).toBeVisible();
  await expect(page.getByTestId('limited-access-portal')).toHaveCount(0);
  await logOut(page);

  // A regular user of this test's own: the language the customer portal switches to is kept in the
  // user's preferences, which a spec running beside this one as luc_regular would otherwise load.
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'lang-entry-pages' });
  try {
    await login(page, user.username, user.password);
    // A user with every inventory reachable through a group: no Partial Access banner.
    await expect(page.getByTestId('partial-access-banner')).toHaveCount(0);
    const navigations = trackNavigations(page);
    await page.getByTestId('app-switcher').click();
    const consoleEntry = page.getByTestId('app-switcher-console');
    await expect(consoleEntry).toHaveAttribute('href', '/');
    expect(await consoleEntry.getAttribute('target')).toBeNull();
    // Spec 000 §2 names three products: the two without an address are listed, disabled, "Not configured".
    for (const id of ['videoReturnPortal', 'matrix']) {
      await expect(page.getByTestId(`app-switcher-${id}`)).toBeDisabled();
      await expect(page.getByTestId(`app-switcher-${id}`)).not.toHaveAttribute('href', /./);
    }
    await page.getByTestId('app-switcher-matrix-wrapper').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Not configured');

    const admin = await apiAs(playwright, baseURL, 'super_user');
    const entryId = await configureApplicationUrls(admin);
    try {
      // Configured from another session: the open switcher offers the products without a reload.
      await expect(page.getByTestId('app-switcher-videoReturnPortal')).toHaveAttribute('href', VR_PORTAL);
      await expect(page.getByTestId('app-switcher-videoReturnPortal')).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('app-switcher-matrix')).toHaveAttribute('href', MATRIX);
      await expect(page.getByTestId('app-switcher-matrix')).toHaveAttribute('target', '_blank');
      expect(navigations).toEqual([]);
      await page.keyboard.press('Escape');

      // The customer portal of a console user: the console, easy live and the configured products.
      await page.goto('customer_portal?ignoreRouteDefault=1');
      await expect(page.getByTestId('customer-portal-page')).toBeVisible();
      await expect(page.getByTestId('customer-portal-videoReturnPortal')).toHaveAttribute('href', VR_PORTAL);
      await expect(page.getByTestId('customer-portal-matrix')).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('customer-portal-easy-live')).toBeVisible();
      await expect(page.getByTestId('customer-portal-limited-access')).toHaveCount(0);
      // Chinese texts on the entry page too, and back to English.
      await page.getByTestId('customer-portal-page-language-switch').click();
      await page.getByTestId('customer-portal-page-language-switch-zh').click();
      await expect(page.getByTestId('customer-portal-console')).toHaveText('打开控制台');
      await page.getByTestId('customer-portal-page-language-switch').click();
      await page.getByTestId('customer-portal-page-language-switch-en').click();
      await expect(page.getByTestId('customer-portal-console')).toHaveText('Open the console');
      await page.getByTestId('customer-portal-console').click();
      await expect(page).toHaveURL(/\/list/);
      await expect(page.getByTestId('nav-menu')).toBeVisible();
      await page.goto('customer_portal?ignoreRouteDefault=1');
      await logOut(page);

      // luc_vr_viewer: video return only → the Limited Access page with the portal link, never the console.
      await signInOnLoginPage(page, 'luc_vr_viewer');
      await expect(page).toHaveURL(/\/limited_access$/);
      await expect(page.getByTestId('limited-access-portal')).toHaveAttribute('href', VR_PORTAL);
      await expect(page.getByTestId('limited-access-portal')).toHaveAttribute('target', '_blank');
      await page.goto('users?ignoreRouteDefault=1');
      await expect(page).toHaveURL(/\/limited_access$/);
      await logOut(page);
    } finally {
      expect((await admin.delete(`api/v2/admin/applicationConfiguration/${entryId}`)).ok()).toBe(true);
    }
  } finally {
    await user.dispose();
  }
});

test('ingest and studio users open easy live: the channels of their groups, read only, and a plain notice for their rejected client configuration', async ({
  page,
  playwright,
  baseURL,
}) => {
  const regular = await apiAs(playwright, baseURL, 'luc_regular');
  const expected = ((await (await regular.get('api/channels/fetch')).json()) as { channels: { channelId: string }[] }).channels;
  expect(expected.length).toBeGreaterThan(0);

  await signInOnLoginPage(page, 'luc_ingest');
  // No console access: the unauthorized page, which offers easy live to ingest-like roles.
  await expect(page).toHaveURL(/\/unauthorized_user$/);
  await page.getByTestId('unauthorized-easy-live').click();
  await expect(page).toHaveURL(/\/easy_live$/);
  await expect(page.getByTestId('easy-live-channels')).toHaveAttribute('data-count', String(expected.length));
  await expect(page.getByTestId(`easy-live-channel-${expected[0]!.channelId}`)).toBeVisible();
  // Spec 000 §8: the configuration fetch answered 403 is rejected — features off, the page works and says so.
  await expect(page.getByTestId('client-configuration-rejected')).toContainText('optional features');
  await expect(page.getByTestId('easy-live-preview-column')).toHaveCount(0);
  // Read only, and no way into the console.
  await expect(page.getByTestId('easy-live-page').getByRole('button', { name: /edit|delete|save/i })).toHaveCount(0);
  await expect(page.getByTestId('easy-live-console')).toHaveCount(0);
  await logOut(page);

  await signInOnLoginPage(page, 'luc_studio');
  await expect(page).toHaveURL(/\/unauthorized_user$/);
  await page.goto('easy_live?ignoreRouteDefault=1');
  await expect(page.getByTestId('easy-live-channels')).toHaveAttribute('data-count', String(expected.length));
  await expect(page.getByTestId('entry-signed-in-as')).toHaveText('Signed in as luc_studio');
  await logOut(page);

  // A console user on easy live: no rejection notice, and a way back to the console.
  await signIn(page, 'luc_regular');
  await page.goto('easy_live?ignoreRouteDefault=1');
  await expect(page.getByTestId('easy-live-channels')).toBeVisible();
  await expect(page.getByTestId('client-configuration-rejected')).toHaveCount(0);
  await expect(page.getByTestId('easy-live-console')).toBeVisible();
});

test('a user with an inventory that offers them no group sees the Partial Access banner, dismissible for the session', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await apiAs(playwright, baseURL, 'super_user');
  const inventoryName = `E2E-entry-${Date.now()}`;
  let inventoryId: string | null = null;
  let userId: string | null = null;
  try {
    const inv = await admin.post('api/v2/admin/inventories', { data: { name: inventoryName } });
    expect(inv.status(), await inv.text()).toBe(201);
    inventoryId = ((await inv.json()) as { id: string }).id;
    const created = await createUser(admin, 'luc_regular', {
      label: 'entry',
      firstName: 'Pat',
      lastName: 'Partial',
      inventoryIds: ['inv-global', inventoryId],
      password: NEW_PASSWORD,
    });
    userId = created.id;

    await signInOnLoginPage(page, created.username, NEW_PASSWORD);
    await expect(page.getByTestId('nav-menu')).toBeVisible();
    const banner = page.getByTestId('partial-access-banner');
    await expect(banner).toContainText(inventoryName);
    await expect(banner).toContainText('Partial access');
    // Dismissed for the session: gone on another page and after a reload.
    await banner.getByRole('button', { name: 'Dismiss for this session' }).click();
    await expect(banner).toHaveCount(0);
    await page.goto('map?ignoreRouteDefault=1');
    await expect(page.getByTestId('nav-menu')).toBeVisible();
    await reloadInPlace(page);
    await expect(page.getByTestId('nav-menu')).toBeVisible();
    await expect(page.getByTestId('partial-access-banner')).toHaveCount(0);
  } finally {
    if (userId !== null) expect((await admin.delete(`api/v2/users/${userId}`)).ok()).toBe(true);
    if (inventoryId !== null) expect((await admin.delete(`api/v2/admin/inventories/${inventoryId}`)).ok()).toBe(true);
  }
});

test.afterEach(releaseUnits);

/** Sets the user's saved route (spec 000 §2 preferences.currentRoute), as another device would. */
async function saveRoute(page: Page, route: string): Promise<void> {
  const res = await page.request.put('api/userPreferences', { data: { currentRoute: route } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an explicit path is an address: a typed /map, a link to a unit and a reload stay where they are; / restores the saved route; sign-in keeps the target', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A user of this test's own: the saved route is per user, and other specs move luc_regular's.
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'routes-entry-pages' });
  try {
    await login(page, user.username, user.password);
    const unit = 'LU800-0002';

    // Saved elsewhere as /channels: typing /map opens the map.
    await saveRoute(page, '/channels');
    await page.goto('map');
    await expect(page.getByTestId('map-page')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/map$/);

    // A link naming a unit opens it; a reload (F5) stays with that unit open.
    await saveRoute(page, '/channels');
    await page.goto(`list?unit=${unit}`);
    await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-unit-id', unit, { timeout: 30_000 });
    await saveRoute(page, '/channels');
    await page.reload();
    await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-unit-id', unit, { timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/list\\?unit=${unit}$`));

    // A tab named in the link is opened, and kept over a reload.
    await page.getByTestId('unit-detail-tab-databridge').click();
    await expect(page).toHaveURL(/[?&]tab=databridge(&|$)/);
    await saveRoute(page, '/channels');
    await page.reload();
    await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-tab', 'databridge', { timeout: 30_000 });

    // Entering at / restores the saved route.
    await saveRoute(page, '/channels');
    await page.goto('./');
    await expect(page).toHaveURL(/\/channels$/, { timeout: 30_000 });

    // Signed out, a link keeps its target (path and query) through the sign-in.
    await page.context().clearCookies();
    await page.goto(`list?unit=${unit}`);
    await expect(page).toHaveURL(/\/login\?next=/, { timeout: 30_000 });
    await page.getByTestId('login-username').fill(user.username);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-unit-id', unit, { timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/list\\?unit=${unit}$`));
  } finally {
    await user.dispose();
  }
});

test('toasts sit below the header, clear of its controls and of an open modal, and do not take the first Tab stops', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'luc_regular');
  // A toast: a critical alert of the unit in view (fleet events go to the notification centre), a battery nearly empty.
  const units = (await (await page.request.get('api/devices/fetch')).json()) as { uniqueId: string; name: string; status: string; typeGroup: string }[];
  const id = await leaseUnit(async () => units.filter((u) => u.status !== 'offline' && u.typeGroup === 'fieldUnits').map((u) => u.uniqueId), 'a field unit');
  const name = units.find((u) => u.uniqueId === id)!.name;
  const admin = await apiAs(playwright, baseURL, 'super_user');
  const battery = async (percentage: number) =>
    expect((await admin.post('mock/trpc/fault.inject', { data: { unitId: id, fault: { type: 'battery', percentage, charging: false } } })).ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  const toasts = page.getByTestId('toast');
  try {
    await battery(80);
    await page.goto(`list?unit=${id}&ignoreRouteDefault=1`);
    await expect(page.getByTestId('unit-detail-status')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });
    await battery(3);
    await expect(toasts.filter({ hasText: name }).first()).toBeVisible({ timeout: 30_000 });

    const header = page.locator('header');
    const headerBox = await header.boundingBox();
    expect(headerBox).not.toBeNull();
    const controls = header.locator('button, input, a, [role="combobox"]');
    expect(await controls.count()).toBeGreaterThan(3);
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const toast of await toasts.all()) {
      const box = await toast.boundingBox();
      if (!box || !headerBox) continue;
      expect(box.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      for (const control of await controls.all()) {
        const target = await control.boundingBox();
        if (target) expect(overlap(box, target), `toast over ${await control.getAttribute('data-testid')}`).toBe(false);
      }
    }

    // The first Tab stops are the page's, not a toast's close button.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="toasts"]') !== null)).toBe(false);
    }

    // A modal open: the toasts keep clear of it (its buttons stay uncovered).
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-preferences').click();
    const modal = page.locator('.mantine-Modal-content');
    await expect(modal).toBeVisible({ timeout: 30_000 });
    // The stack is placed once the modal's opening transition has settled.
    await expect
      .poll(async () => {
        const m = await modal.boundingBox();
        for (const toast of await toasts.all()) {
          const box = await toast.boundingBox();
          if (box && m && overlap(box, m)) return 'overlap';
        }
        return 'clear';
      })
      .toBe('clear');
  } finally {
    await battery(80);
    await admin.dispose();
  }
});
