/**
 * /channels (spec 001 §2 "manage channels", §3 channel live state and counters, §4 status) in
 * Chromium against the real stack with the simulator: the seeded channels with their counters, a
 * status change on the simulated server reaching the row over /ws with no reload, an edit in the
 * manage-channel modal that persists, an input source added to and removed from an input channel,
 * and a rename made in one console seen in a second one with no reload; a destination's video
 * settings (bitrate within 2000-8000, a default media resolution) kept across an edit; a channel's
 * logs sent, ended by the simulated server live, and stopped (in a sandbox on a stepped clock); the unit area's channel field
 * suggesting channels by name. The general tab's and a new destination's spec messages, a read-only
 * user's modal and the open destinations tab following a change made elsewhere are asserted by the
 * component tests (ChannelModal.test.tsx, ChannelDetailsTab.test.tsx in
 * apps/console/src/features/channels).
 */
import type { Page } from '@playwright/test';
import { apiAs, login, releaseUnits, secondConsole, signIn, reloadInPlace } from './support';
import { expect, sandboxApi, signInAt, stepClock, test, test as sandboxTest } from './sandbox';

const SERVER = 'MMH-0001';
const CHANNEL = 'MMH-0001-CH1';
/** A preview channel of luc_admin's inventory (Global-News): the general tab is an admin call. */
const EDITED = 'MMH-0001-CH1';
/** The channel the status test forces (no other spec uses it). */
const STATUS_CHANNEL = 'MMH-0001-CH3';
/** The channel whose logs are sent (idle as seeded; sending them keeps it idle). */
const LOGS_CHANNEL = 'MMH-0001-CH2';
/** The hub's SDI input channel (the seed makes every fourth channel of a hub an input). */
const INPUT_CHANNEL = 'MMH-0001-CH4';
/** A unit of luc_regular's groups whose camera tab the channel suggestions are read in (nothing is applied to it). */
const UNIT_AREA_UNIT = 'LU800-0002';

test.afterEach(releaseUnits);

const rows = (page: Page) => page.locator('[data-testid^="channel-row-"]');

function trackNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return navigations;
}

async function openChannels(page: Page): Promise<void> {
  // The menu entry sits in a collapsed group; the address is the spec's route (the saved route is not followed).
  await page.goto('channels?ignoreRouteDefault=1');
  await expect(page.getByTestId('channels-page')).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

async function counter(page: Page, name: string): Promise<number> {
  return Number(await page.getByTestId(`channel-counter-${name}`).textContent());
}

test('the seeded channels show with their counters, and a counter filters the list', async ({ page }) => {
  await signIn(page, 'luc_regular');
  await openChannels(page);
  const total = Number(await page.getByTestId('channel-list-summary').getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId(`channel-row-${CHANNEL}`)).toBeVisible();
  // busy + idle + offline count every listed channel once.
  expect((await counter(page, 'busy')) + (await counter(page, 'idle')) + (await counter(page, 'offline'))).toBe(total);

  const outputs = await counter(page, 'output');
  await page.getByTestId('channel-counter-button-output').click();
  await expect(page.getByTestId('channel-list-summary')).toHaveAttribute('data-shown', String(outputs));
  await expect(page.getByTestId('channel-counter-button-output')).toHaveAttribute('aria-pressed', 'true');
  // The filter is kept in the preferences: it is back after a reload.
  await expect
    .poll(async () =>
      (await page.request.get('api/userPreferences')).json().then((p: { filters?: { channels?: { marks?: string[] } } }) => p.filters?.channels?.marks),
    )
    .toEqual(['output']);
  await reloadInPlace(page);
  await expect(page.getByTestId('channel-list-summary')).toHaveAttribute('data-shown', String(outputs), { timeout: 30_000 });
  await page.getByTestId('channel-counter-button-output').click();
  await expect(page.getByTestId('channel-list-summary')).toHaveAttribute('data-shown', String(total));
  await expect
    .poll(async () =>
      (await page.request.get('api/userPreferences')).json().then((p: { filters?: { channels?: { marks?: string[] } } }) => p.filters?.channels?.marks),
    )
    .toEqual([]);
});

test('a status change on the simulated server reaches the row without a reload', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  await signIn(page, 'luc_regular');
  await openChannels(page);
  const navigations = trackNavigations(page);
  // A channel no other spec uses; its forced status is lifted afterwards (an idle fault clears it),
  // so the specs after this one find the hub as seeded.
  const row = page.getByTestId(`channel-row-${STATUS_CHANNEL}`);
  const inject = (status: 'upgrading' | 'idle') =>
    operator.post('mock/trpc/fault.inject', { data: { serverId: SERVER, fault: { type: 'channelStatus', channelId: STATUS_CHANNEL, status } } });
  try {
    expect((await inject('upgrading')).ok()).toBe(true);
    await expect(row).toHaveAttribute('data-status', 'upgrading');
    await expect(page.getByTestId(`channel-status-${STATUS_CHANNEL}`)).toHaveText('Upgrading');
    expect((await inject('idle')).ok()).toBe(true);
    await expect(row).toHaveAttribute('data-status', 'idle');
    expect(navigations).toEqual([]);
  } finally {
    await inject('idle');
    await operator.dispose();
  }
});
test('an admin edits the general tab: a save that persists', async ({ page }) => {
  await signIn(page, 'luc_admin');
  await openChannels(page);
  await page.getByTestId(`channel-name-${EDITED}`).click();
  await expect(page.getByTestId('channel-modal')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('channel-panel-general')).toBeVisible({ timeout: 30_000 });

  const name = page.getByTestId('channel-general-name');
  const renamed = `Desk_${Date.now().toString(36)}`;
  await name.fill(renamed);
  await page.getByTestId('channel-apply-general').click();
  await expect(page.getByTestId('toasts')).toContainText(`Channel ${renamed} saved`);
  await expect(page.getByTestId(`channel-name-${EDITED}`)).toHaveText(renamed);

  // The modal is in the address: a reload opens it again with the stored value.
  await reloadInPlace(page);
  await expect(page.getByTestId('channel-general-name')).toHaveValue(renamed, { timeout: 30_000 });
});

test('the unit area offers channels by name: the camera tab finds a channel by the name the pages show and shows it by name and hub', async ({ page }) => {
  await login(page, 'luc_regular');
  const list = (await (await page.request.get('api/channels/fetch')).json()) as {
    channels: { channelId: string; channelName: string; serverName: string; status: string }[];
  };
  const channel = list.channels.find((c) => c.channelId === INPUT_CHANNEL);
  expect(channel).toBeDefined();
  const { channelName: name, serverName: hub } = channel!;
  // The pages show the name, not the id the calls take (MMH-1-CH4 for MMH-0001-CH4).
  expect(name).not.toBe(INPUT_CHANNEL);
  await page.goto(`list?unit=${UNIT_AREA_UNIT}&ignoreRouteDefault=1`);
  const input = page.getByTestId('unit-detail-channel-input');
  await expect(input).toBeVisible({ timeout: 30_000 });
  await input.click();
  await input.fill(name);
  const option = page.getByTestId('unit-detail-channel-input-option').and(page.locator(`[data-channel="${INPUT_CHANNEL}"]`));
  await expect(option).toContainText(name);
  await expect(option).toContainText(hub);
  await expect(option).toContainText(/Idle|Offline|Collecting|Upgrading|Online|Connecting|Unavailable|Playing/);
  const use = await option.getAttribute('data-use');
  if (use === 'free' || use === 'own') {
    await option.click();
    // Chosen: shown by name and hub, never as the bare id (the call still takes the id; nothing is applied here).
    await expect(input).toHaveValue(`${name} · ${hub}`);
  } else {
    // Busy or offline: marked with the reason, and a click does not choose it.
    await expect(option).toContainText('cannot be chosen now');
  }
});

sandboxTest.describe('in a sandbox of its own, on a stepped clock', () => {
  // The server sends a channel's logs for 5 s of its time: the test moves that time itself, so it sees the
  // sending however slow the machine, and no other spec's sending holds the hub meanwhile.
  sandboxTest.use({ sandboxInput: { seed: 1, clock: 'stepped' } });

  sandboxTest(
    'a regular user sends a channel’s logs: sending shows, the server ends it by itself with no reload, and a second sending is stopped',
    async ({ page, ownSandbox }) => {
      const operator = await sandboxApi(ownSandbox, 'super_user');
      // The fleet comes up (its devices boot in simulated time).
      await stepClock(operator, 60_000);
      await signInAt(page, ownSandbox, 'luc_regular');
      await page.goto(`${ownSandbox.url}/channels?ignoreRouteDefault=1&channel=${LOGS_CHANNEL}&tab=general`);
      const logs = page.getByTestId('channel-logs');
      await expect(logs).toHaveAttribute('data-sending', 'false', { timeout: 30_000 });
      await expect(page.getByTestId('channel-logs-state')).toHaveText('Not sending logs');
      await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });
      const navigations = trackNavigations(page);

      await page.getByTestId('channel-logs-start').click();
      await expect(logs).toHaveAttribute('data-sending', 'true');
      await expect(page.getByTestId('channel-logs-state')).toContainText("Sending the channel's logs");
      await expect(page.getByTestId('toasts')).toContainText('Sending the logs of');
      // The simulated server sends them for 5 s and says when it is done: the modal follows over /ws.
      await stepClock(operator, 10_000);
      await expect(logs).toHaveAttribute('data-sending', 'false');
      await expect(page.getByTestId('channel-logs-start')).toBeVisible();

      await page.getByTestId('channel-logs-start').click();
      await expect(logs).toHaveAttribute('data-sending', 'true');
      await page.getByTestId('channel-logs-stop').click();
      await expect(logs).toHaveAttribute('data-sending', 'false');
      await expect(page.getByTestId('toasts')).toContainText('Stopped sending the logs of');
      expect(navigations).toEqual([]);
      await operator.dispose();
    },
  );
});

test('a regular user adds an SRT destination: it is listed after a reload and edited in place', async ({ page }) => {
  await signIn(page, 'luc_regular');
  await page.goto(`channels?ignoreRouteDefault=1&channel=${CHANNEL}&tab=destinations`);
  await expect(page.getByTestId('channel-panel-destinations')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('channel-destination-type').selectOption('srt');
  const name = `srt_${Date.now().toString(36)}`;
  await page.getByTestId('channel-destination-name').fill(name);
  await page.getByTestId('channel-destination-provider').fill('Venue');
  await page.getByTestId('channel-destination-urlPrimary').fill('srt://203.0.113.7:9000');
  // The video settings (001 §3): a bitrate within §5 and a §9 default media resolution.
  await page.getByTestId('channel-destination-bitrate').fill('6000');
  await page.getByTestId('channel-destination-resolution').selectOption('1080p50');
  await page.getByTestId('channel-destination-sourcePort').fill('9001');
  await page.getByTestId('channel-destination-passphrase').fill('LongEnoughKey42');
  await page.getByTestId('channel-apply-destination').click();
  await expect(page.getByTestId('toasts')).toContainText('saved');
  await expect(page.getByTestId('channel-destinations')).toContainText(name);
  await reloadInPlace(page);
  const row = page.locator('[data-testid^="channel-destination-"]', { hasText: name }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('1080p50 · 6000 kbps');

  // Edited in place: the stored fields come back (the key stays stored), the change is listed.
  await row.locator('[data-testid^="channel-destination-edit-"]').click();
  await expect(page.getByTestId('channel-destinationEdit-sourcePort')).toHaveValue('9001');
  await page.getByTestId('channel-destinationEdit-provider').fill('Arena');
  await expect(page.getByTestId('channel-destinationEdit-resolution')).toHaveValue('1080p50');
  await page.getByTestId('channel-apply-destinationEdit').click();
  const edited = page.getByTestId('channel-destinations').locator('tr', { hasText: name });
  await expect(edited).toContainText('Arena');
  // The edit sends the video settings back: they are still stored.
  await expect(edited).toContainText('1080p50 · 6000 kbps');
});

test('a regular user adds an input source to the hub input channel, sees it after a reload, and removes it', async ({ page }) => {
  await signIn(page, 'luc_regular');
  await page.goto(`channels?ignoreRouteDefault=1&channel=${INPUT_CHANNEL}&tab=ingest`);
  await expect(page.getByTestId('channel-panel-ingest')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('channel-form-inputSource')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('channel-inputSource-kind').selectOption('webrtc');
  const name = `webrtc_${Date.now().toString(36)}`;
  await page.getByTestId('channel-inputSource-name').fill(name);
  await page.getByTestId('channel-inputSource-port').fill('65354');
  await page.getByTestId('channel-apply-inputSource').click();
  await expect(page.getByTestId('channel-error-inputSource.port')).toHaveText('Must be 65353 or less');

  await page.getByTestId('channel-inputSource-port').fill('8443');
  await page.getByTestId('channel-apply-inputSource').click();
  await expect(page.getByTestId('toasts')).toContainText('saved');
  const row = page.locator('[data-testid^="channel-input-source-"]', { hasText: name });
  await expect(row).toContainText('8443');

  // Stored: the channel details carry it after a reload.
  await reloadInPlace(page);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.locator('[data-testid^="channel-input-source-remove-"]').click();
  await expect(row).toHaveCount(0);
  await reloadInPlace(page);
  await expect(page.getByTestId('channel-form-inputSource')).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
});

test('a rename made in one console shows in a second one, in its list and its open modal, with no reload', async ({ page, browser, baseURL }) => {
  await signIn(page, 'luc_admin');
  await page.goto(`channels?ignoreRouteDefault=1&channel=${EDITED}&tab=general`);
  const name = page.getByTestId('channel-general-name');
  await expect(name).not.toHaveValue('', { timeout: 30_000 });
  const original = await name.inputValue();
  const other = await secondConsole(browser, baseURL, 'luc_regular');
  try {
    await other.page.goto(`channels?ignoreRouteDefault=1&channel=${EDITED}&tab=general`);
    await expect(other.page.getByTestId('channel-general-name')).toHaveValue(original, { timeout: 30_000 });
    const navigations = trackNavigations(other.page);

    const renamed = `Live_${Date.now().toString(36)}`;
    await name.fill(renamed);
    await page.getByTestId('channel-apply-general').click();
    await expect(page.getByTestId('toasts')).toContainText(`Channel ${renamed} saved`);
    await expect(other.page.getByTestId(`channel-name-${EDITED}`)).toHaveText(renamed);
    await expect(other.page.getByTestId('channel-general-name')).toHaveValue(renamed);
    expect(navigations).toEqual([]);
  } finally {
    // Back to the name it had, seen by the second console too.
    await name.fill(original);
    await page.getByTestId('channel-apply-general').click();
    await expect(page.getByTestId(`channel-name-${EDITED}`)).toHaveText(original);
    await expect(other.page.getByTestId(`channel-name-${EDITED}`)).toHaveText(original);
    await other.close();
  }
});
