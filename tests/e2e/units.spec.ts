import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import en from '../../apps/console/src/i18n/en.json' with { type: 'json' };
import zh from '../../apps/console/src/i18n/zh.json' with { type: 'json' };
import listEn from '../../apps/console/src/i18n/areas/unitList.en.json' with { type: 'json' };
import { leaseUnit, login as signIn, ownUser, releaseUnits, reloadInPlace, stopStreamConfirming } from './support';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-pass-1';

/** Log in through the console's login page and wait until the console has taken over. */
async function login(page: Page, username: string, password = PASSWORD) {
  // Start on the list whatever route earlier specs saved for this user (spec 000 §2: the saved
  // route wins on a fresh load), and make the list the saved route for this spec's later loads.
  await page.goto('login?next=%2Flist');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('nav-menu')).toBeVisible();
  expect((await page.request.put('api/userPreferences', { data: { currentRoute: '/list' } })).ok()).toBe(true);
}

test.afterEach(releaseUnits);

test('a regular user starts a stream from the unit list and sees it stream live, then stops it', async ({ page, playwright, baseURL }) => {
  // A luc_regular of the test's own: the last selected unit is kept per user, and specs beside this one select units
  // as the seeded luc_regular; the list then opened theirs and scrolled, and this unit's row left the virtualised grid.
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'units-stream' });
  try {
    await signIn(page, user.username, user.password);
    await expect(page).toHaveURL(/\/list/);
    await streamAndStop(page);
  } finally {
    await user.dispose();
  }
});

async function streamAndStop(page: Page) {
  const rows = page.locator('[data-testid^="unit-row-"]');
  await expect(rows.first()).toBeVisible();

  // An idle unit whose start is offered, leased from the other specs that pick one.
  const idle = page.locator('[data-testid^="unit-status-"]', { hasText: /^idle$/ });
  await expect(idle.first()).toBeVisible({ timeout: 30_000 });
  const id = await leaseUnit(async () => {
    const startable: string[] = [];
    for (const status of await idle.all()) {
      const candidate = ((await status.getAttribute('data-testid')) ?? '').replace('unit-status-', '');
      if (candidate !== '' && (await page.getByTestId(`unit-start-${candidate}`).isEnabled())) startable.push(candidate);
    }
    return startable;
  }, 'an idle unit of the list whose start is offered');
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });

  await page.getByTestId(`unit-start-${id}`).click();
  await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('streaming', { timeout: 20_000 });
  await stopStreamConfirming(page, id, page.getByTestId(`unit-stop-${id}`));
  await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('idle', { timeout: 20_000 });
  // Live updates, not reloads.
  expect(navigations).toEqual([]);
}

test('an unknown path redirects to the unit list', async ({ page }) => {
  await login(page, 'luc_regular');
  await expect(page).toHaveURL(/\/list/);
  await page.goto('no/such/page?ignoreRouteDefault=1');
  // The list may restore the last selected unit (?unit=, spec 000 §2 "last selected unit remembered").
  await expect(page).toHaveURL(/\/list(\?unit=[^&]+)?$/);
});

test('the language switch shows the console in Chinese', async ({ page, playwright, baseURL }) => {
  // A regular user of this test's own: the choice is kept in the user's preferences, and a spec
  // running beside this one as luc_regular would load the console in Chinese meanwhile.
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'lang-units' });
  try {
    await login(page, user.username, user.password);
    await expect(page).toHaveURL(/\/list/);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-zh').click();
    await expect(page.getByTestId('nav-unitList')).toHaveText(zh.menu.unitList);
    await expect(page.getByTestId('nav-unitList')).not.toHaveText(en.menu.unitList);
    const language = async () => ((await (await page.request.get('api/userPreferences')).json()) as { language?: string }).language;
    await expect.poll(language).toBe('zh');
    // Kept: a fresh load of the console comes in Chinese, and the switch back is kept too.
    await reloadInPlace(page);
    await expect(page.getByTestId('nav-unitList')).toHaveText(zh.menu.unitList);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-en').click();
    await expect(page.getByTestId('nav-unitList')).toHaveText(en.menu.unitList);
    await expect.poll(language).toBe('en');
  } finally {
    await user.dispose();
  }
});

test('the counter bar counts as busy exactly the units the list shows busy (spec 000 §4), and follows a stream live', async ({ page, playwright, baseURL }) => {
  // A user of this test's own: the Busy counter's filter is kept in the user's preferences.
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'busy-units' });
  await signIn(page, user.username, user.password);
  await page.goto('list');
  const busy = page.getByTestId('counter-busy');
  await expect(busy).toBeVisible({ timeout: 30_000 });
  type Listed = { uniqueId: string; status: string; cameraConnected: boolean; licenseValid: boolean; typeGroup: string; applications: object };
  const id = await leaseUnit(async () => {
    const units = (await (await page.request.get('api/devices/fetch')).json()) as Listed[];
    return units
      .filter((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.typeGroup === 'fieldUnits' && Object.keys(u.applications).length === 0)
      .map((u) => u.uniqueId);
  }, 'an idle unit with a camera');
  // Units change state by themselves meanwhile (a stream's start settles, an upgrade runs on), so the test never
  // counts from a number read earlier: it reads the bar and the filtered list in one go.
  const summary = page.getByTestId('unit-list-summary');
  const snapshot = () =>
    page.evaluate(
      (unit) => ({
        busy: document.querySelector('[data-testid="counter-busy"]')?.textContent ?? null,
        shown: document.querySelector('[data-testid="unit-list-summary"]')?.getAttribute('data-shown') ?? null,
        icons: [...document.querySelectorAll('[data-testid^="unit-icon-"]')].map((icon) => icon.getAttribute('data-icon')),
        listed: document.querySelector(`[data-testid="unit-icon-${unit}"]`) !== null,
      }),
      id,
    );
  try {
    expect((await page.request.post(`api/v2/units/${id}/stream`)).ok()).toBe(true);
    await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('streaming', { timeout: 30_000 });

    // The Busy counter filters the list to the units it counts: as many rows, each with the Busy
    // icon, the started unit among them.
    await page.getByTestId('counter-button-busy').click();
    await expect(page.getByTestId(`unit-icon-${id}`)).toHaveAttribute('data-icon', 'busy');
    await expect
      .poll(async () => {
        const now = await snapshot();
        return now.listed && now.busy === now.shown && now.icons.every((icon) => icon === 'busy');
      })
      .toBe(true);
    await expect(summary).toHaveAttribute('data-shown', /^[1-9]\d*$/);

    // Stopped, the unit leaves the busy units live, and the counter still equals the list.
    expect((await page.request.delete(`api/v2/units/${id}/stream`)).ok()).toBe(true);
    await expect(page.getByTestId(`unit-icon-${id}`)).toHaveCount(0);
    await expect
      .poll(async () => {
        const now = await snapshot();
        return !now.listed && now.busy === now.shown && now.icons.every((icon) => icon === 'busy');
      })
      .toBe(true);
  } finally {
    await page.request.delete(`api/v2/units/${id}/stream`);
    await user.dispose();
  }
});

interface StreamableUnit {
  uniqueId: string;
  name: string;
  status: string;
  licenseValid: boolean;
  cameraConnected: boolean;
  selectedChannel: { channelId: string | null };
  channelsInUse: { channelId: string; channelName: string; serverName: string }[];
}

test('a unit started without a channel shows the channel it feeds, by name with its hub, on the list, the detail and Multiview; the Channels page names the unit', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A luc_regular of the test's own: opening a unit saves it as the user's last selected unit.
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'units-channel' });
  try {
    await signIn(page, user.username, user.password);
    const units = async () => (await (await page.request.get('api/devices/fetch')).json()) as StreamableUnit[];
    // An idle unit with nothing selected: the stream goes to a channel the unit takes itself.
    const id = await leaseUnit(
      async () =>
        (await units())
          .filter((u) => u.status === 'idle' && u.licenseValid && u.cameraConnected && u.selectedChannel.channelId === null)
          .map((u) => u.uniqueId),
      'an idle unit with no channel selected that can stream',
    );
    const started = await page.request.post(`api/v2/units/${encodeURIComponent(id)}/stream`, { data: {} });
    expect(started.ok()).toBe(true);
    let unit: StreamableUnit | undefined;
    await expect
      .poll(
        async () => {
          unit = (await units()).find((u) => u.uniqueId === id);
          return unit?.channelsInUse.length ?? 0;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const inUse = unit!.channelsInUse[0]!;

    // Multiview: the unit's tile names the channel and its hub, not "No channel selected".
    await page.getByTestId('nav-multiview').click();
    await page.getByTestId('multiview-search').fill(id);
    // A streaming unit is on the wall without being picked.
    await expect(page.getByTestId(`multiview-unit-${id}`)).toHaveAttribute('data-shown', 'true');
    const tileChannel = page.getByTestId(`multiview-tile-channel-${id}`);
    await expect(tileChannel).toContainText(inUse.channelName);
    await expect(tileChannel).toContainText(inUse.serverName);
    await expect(tileChannel).not.toContainText(listEn.channel.none);

    // The tile leads to the unit in the list: its row and its detail say the same.
    await page.getByTestId(`multiview-tile-open-${id}`).click();
    const detailChannel = page.getByTestId('unit-detail-channel');
    await expect(detailChannel).toContainText(inUse.channelName, { timeout: 20_000 });
    await expect(detailChannel).toContainText(inUse.serverName);
    await expect(detailChannel).toHaveAttribute('data-state', 'inUse');
    // The list beside the detail keeps name, status, bitrate and the stream buttons: closed, it shows every column.
    await page.getByTestId('unit-detail-close').click();
    const rowChannel = page.getByTestId(`unit-channel-${id}`);
    await expect(rowChannel).toContainText(inUse.channelName);
    await expect(rowChannel).toContainText(inUse.serverName);

    // The Channels page: the collecting channel names the unit it collects from.
    await page.goto('channels?ignoreRouteDefault=1');
    await expect(page.getByTestId(`channel-allocated-${inUse.channelId}-name`)).toHaveText(unit!.name, { timeout: 30_000 });
    await expect(page.getByTestId(`channel-allocated-${inUse.channelId}`)).toHaveAttribute('data-unit', id);

    // Stopped: the channel is free and the unit says it feeds none.
    expect((await page.request.delete(`api/v2/units/${encodeURIComponent(id)}/stream`)).ok()).toBe(true);
    await expect(page.getByTestId(`channel-allocated-${inUse.channelId}`)).toHaveAttribute('data-unit', '', { timeout: 20_000 });
    await expect.poll(async () => (await units()).find((u) => u.uniqueId === id)?.channelsInUse.length, { timeout: 20_000 }).toBe(0);
  } finally {
    await user.dispose();
  }
});
