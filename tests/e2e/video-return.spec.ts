/**
 * /video_return (spec 001 §2 "video return channels and feed sharing", §3 video return channel and
 * its configuration, §4 status words) in Chromium against the real stack with the simulator: the
 * seeded channels of the user's group with their counts, a configuration change (SRT with a
 * passphrase) that the simulated server takes (its input shows connected, live) and that persists
 * over a reload, feed sharing by an admin, a change the powered-off server refuses, and a
 * configuration change made in one console seen in a second one with no reload. The §5 SRT key
 * rule and a read-only user's modal are asserted by the component tests
 * (apps/console/src/features/video-return/VrChannelModal.test.tsx).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, secondConsole, signIn, reloadInPlace } from './support';

/** Seeded video return channels (packages/db seed): VRC-0001 SDI in Newsroom, VRC-0003 disabled in Studio. */
const NEWSROOM_VR = 'VRC-0001';
const STUDIO_VR = 'VRC-0003';
const STATUSES = ['idle', 'inputConnected', 'collecting', 'offline', 'connecting'] as const;

const rows = (page: Page) => page.locator('[data-testid^="vr-row-"]');

function trackNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return navigations;
}

async function openVideoReturn(page: Page, query = ''): Promise<void> {
  await page.goto(`video_return?ignoreRouteDefault=1${query}`);
  await expect(page.getByTestId('vr-page')).toBeVisible({ timeout: 30_000 });
}

/** Picks a group in the header's group picker and waits for its list. */
async function pickGroup(page: Page, name: string, channel: string): Promise<void> {
  await page.getByTestId('vr-group').click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByTestId('vr-group')).toHaveValue(name);
  await expect(page.getByTestId(`vr-row-${channel}`)).toBeVisible({ timeout: 30_000 });
}

async function openChannel(page: Page, channel: string): Promise<void> {
  await page.getByTestId(`vr-name-${channel}`).click();
  await expect(page.getByTestId('vr-modal')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('vr-panel-configuration')).toBeVisible({ timeout: 30_000 });
}

test('the group’s seeded video return channels show with counts by status, and the chosen group is kept', async ({ page }) => {
  await signIn(page, 'luc_regular');
  await openVideoReturn(page);
  // The user's current group (preferences) is Newsroom: its channel is listed.
  await expect(page.getByTestId('vr-group')).toHaveValue('Newsroom', { timeout: 30_000 });
  await expect(page.getByTestId(`vr-row-${NEWSROOM_VR}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`vr-input-${NEWSROOM_VR}`)).toHaveText('SDI');
  const total = Number(await page.getByTestId('vr-list-summary').getAttribute('data-total'));
  expect(total).toBe(await rows(page).count());
  let counted = 0;
  for (const status of STATUSES) counted += Number(await page.getByTestId(`vr-counter-${status}`).textContent());
  expect(counted).toBe(total);

  await pickGroup(page, 'Studio', STUDIO_VR);
  await expect(page.getByTestId(`vr-row-${NEWSROOM_VR}`)).toHaveCount(0);
  await expect
    .poll(async () =>
      (await page.request.get('api/userPreferences')).json().then((p: { filters?: { videoReturn?: { groupId?: string } } }) => p.filters?.videoReturn?.groupId),
    )
    .toBe('grp-studio');
  await reloadInPlace(page);
  await expect(page.getByTestId('vr-group')).toHaveValue('Studio', { timeout: 30_000 });
  await expect(page.getByTestId(`vr-row-${STUDIO_VR}`)).toBeVisible({ timeout: 30_000 });
});

test('input type SRT with a passphrase is taken by the server: the input shows connected live and the change persists', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, 'luc_regular');
  await openVideoReturn(page);
  await pickGroup(page, 'Studio', STUDIO_VR);
  const row = page.getByTestId(`vr-row-${STUDIO_VR}`);
  await expect(row).toHaveAttribute('data-input-type', 'disabled');
  // With no input the simulated server reports the channel as not input connected.
  await expect(row).not.toHaveAttribute('data-status', 'inputConnected');
  await openChannel(page, STUDIO_VR);
  // From here on the page must not load again (opening the modal changes the address itself).
  const navigations = trackNavigations(page);
  await page.getByTestId('vr-config-inputType').selectOption('srt');
  await page.getByTestId('vr-config-url').fill('srt://vr.example.net:9100');
  await page.getByTestId('vr-config-passphrase').fill('Secret1234Key');
  await page.getByTestId('vr-config-destinationPort').fill('9100');
  await page.getByTestId('vr-config-latency').fill('400');
  await page.getByTestId('channel-apply-vrConfiguration').click();
  await expect(page.getByTestId('channel-failure-vrConfiguration')).toHaveCount(0);
  await expect(row).toHaveAttribute('data-input-type', 'srt');
  // The simulator now reports the input connected; the row follows over /ws without a reload.
  await expect(row).toHaveAttribute('data-status', 'inputConnected', { timeout: 30_000 });
  await expect(page.getByTestId(`vr-status-${STUDIO_VR}`)).toHaveText('Input connected');
  expect(navigations).toEqual([]);

  await reloadInPlace(page);
  await expect(page.getByTestId('vr-modal')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('vr-config-inputType')).toHaveValue('srt', { timeout: 30_000 });
  await expect(page.getByTestId('vr-config-url')).toHaveValue('srt://vr.example.net:9100');
  await expect(page.getByTestId('vr-config-passphrase')).toHaveValue('Secret1234Key');
  await expect(page.getByTestId('vr-config-destinationPort')).toHaveValue('9100');
  await expect(page.getByTestId('vr-config-latency')).toHaveValue('400');

  // The simulated source goes away and comes back: the status follows over /ws, no reload, no save.
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const afterReload = trackNavigations(page);
  const inject = async (connected: boolean) => {
    const res = await operator.post('mock/trpc/fault.inject', {
      data: { serverId: 'VRS-0001', fault: { type: 'vrInput', vrChannelId: STUDIO_VR, connected } },
    });
    expect(res.ok()).toBe(true);
  };
  await inject(false);
  await expect(row).toHaveAttribute('data-status', 'idle');
  await inject(true);
  await expect(row).toHaveAttribute('data-status', 'inputConnected');
  expect(afterReload).toEqual([]);
  await operator.dispose();
});

test('a configuration change made in one console shows in a second one, in its list and its open modal, with no reload', async ({ page, browser, baseURL }) => {
  await signIn(page, 'luc_regular');
  await openVideoReturn(page);
  await pickGroup(page, 'Newsroom', NEWSROOM_VR);
  await openChannel(page, NEWSROOM_VR);
  const description = page.getByTestId('vr-config-description');
  const original = await description.inputValue();
  const other = await secondConsole(browser, baseURL, 'luc_read');
  const apply = async (value: string) => {
    await description.fill(value);
    await page.getByTestId('channel-apply-vrConfiguration').click();
    await expect(page.getByTestId(`vr-name-${NEWSROOM_VR}`)).toHaveAttribute('title', value || /.+/);
  };
  try {
    await openVideoReturn(other.page);
    await pickGroup(other.page, 'Newsroom', NEWSROOM_VR);
    await openChannel(other.page, NEWSROOM_VR);
    await expect(other.page.getByTestId('vr-config-description')).toHaveValue(original);
    const navigations = trackNavigations(other.page);

    const changed = `Desk feed ${Date.now()}`;
    await apply(changed);
    await expect(page.getByTestId('channel-failure-vrConfiguration')).toHaveCount(0);
    await expect(other.page.getByTestId(`vr-name-${NEWSROOM_VR}`)).toHaveAttribute('title', changed);
    await expect(other.page.getByTestId('vr-config-description')).toHaveValue(changed);
    expect(navigations).toEqual([]);
  } finally {
    // The description it had, seen by the second console too.
    await apply(original);
    await expect(other.page.getByTestId('vr-config-description')).toHaveValue(original);
    await other.close();
  }
});

test('an admin shares the feed with another group; the channel appears in that group’s list', async ({ page }) => {
  await signIn(page, 'luc_admin');
  await openVideoReturn(page);
  await pickGroup(page, 'Newsroom', NEWSROOM_VR);
  await openChannel(page, NEWSROOM_VR);
  await page.getByTestId('vr-tab-sharing').click();
  await expect(page.getByTestId('vr-sharing-group-grp-newsroom')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('vr-sharing-group-grp-field-crews').check();
  await page.getByTestId('channel-apply-vrSharing').click();
  await expect(page.getByTestId('channel-failure-vrSharing')).toHaveCount(0);
  await page.getByTestId('vr-modal-close').click();
  await pickGroup(page, 'Field-Crews', NEWSROOM_VR);
  await reloadInPlace(page);
  await expect(page.getByTestId(`vr-row-${NEWSROOM_VR}`)).toBeVisible({ timeout: 30_000 });
});

test('a change the powered-off server cannot take is refused with the server’s message and changes nothing', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const power = async (on: boolean) => {
    const res = await operator.post('mock/trpc/fault.inject', { data: { serverId: 'VRS-0001', fault: { type: 'serverPower', on } } });
    expect(res.ok()).toBe(true);
  };
  await signIn(page, 'luc_regular');
  await openVideoReturn(page);
  await pickGroup(page, 'Newsroom', NEWSROOM_VR);
  await openChannel(page, NEWSROOM_VR);
  await power(false);
  try {
    // The server's offline report reaches the row first (the form then holds the channel's latest version).
    await expect(page.getByTestId(`vr-row-${NEWSROOM_VR}`)).toHaveAttribute('data-status', 'offline', { timeout: 30_000 });
    await page.getByTestId('vr-config-inputType').selectOption('disabled');
    await page.getByTestId('channel-apply-vrConfiguration').click();
    await expect(page.getByTestId('channel-failure-vrConfiguration')).toHaveText('Configuration not sent, retry', { timeout: 30_000 });
    const stored = await operator.get(`api/v2/admin/vrChannels/${NEWSROOM_VR}`);
    expect(((await stored.json()) as { configuration: { inputType: string } }).configuration.inputType).toBe('sdi');
    await expect(page.getByTestId(`vr-row-${NEWSROOM_VR}`)).toHaveAttribute('data-input-type', 'sdi');
  } finally {
    await power(true);
    await operator.dispose();
  }
});
