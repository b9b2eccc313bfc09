/**
 * The software upgrade tab of /devices (spec 001 §2 "Device management: servers, devices, software
 * upgrade", §4 upgrade states, §5 upgrade rules, §8 upgrade codes) in Chromium against the real
 * stack with the simulator: a server upgrade started from the tab runs to success live (a second
 * console sees it too, with no reload); a run failed by a control-plane fault (the test's, never the
 * console's) shows its code's text; an ineligible target shows its reasons and cannot be started;
 * a refusal of the core shows in the user's language; read-only users follow upgrades without a
 * start control.
 *
 * Devices (no other spec uses them; every run starts from a fresh seed): MMH-0002, the Metro-TV
 * hub, goes 10.0 → 10.1 once and stays there; TRX-0001, the Global-News-Sports transceiver on 8.5,
 * only fails or is refused, so its version does not change (10.1 is blocked by "8.x needs 10.0
 * before 10.1"). Faults set here are put back in `finally`.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import zh from '../../apps/console/src/i18n/zh.json' with { type: 'json' };
import zhUpgrades from '../../apps/console/src/i18n/areas/upgrades.zh.json' with { type: 'json' };
import { apiAs, login, recordAttribute, recorded, secondConsole, trackNavigations } from './support';

const HUB = 'MMH-0002';
const TRX = 'TRX-0001';
/** LU800-0004 is on 9.2.1 (configuration reset warning; never started here), LU800-0005 has no SLA. */
const RESET_UNIT = 'LU800-0004';
const NO_SLA_UNIT = 'LU800-0005';

async function openUpgradeTab(page: Page): Promise<void> {
  await page.goto('/devices?ignoreRouteDefault=1&tab=upgrade');
  await expect(page.getByTestId('upgrade-tab')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('upgrade-table')).toBeVisible({ timeout: 30_000 });
}

async function serverFault(api: APIRequestContext, serverId: string, fault: Record<string, unknown>): Promise<void> {
  const res = await api.post('/mock/trpc/fault.inject', { data: { serverId, fault } });
  expect(res.ok()).toBe(true);
}

/** Opens the device's upgrade dialog and picks the version (option labels start with the number). */
async function chooseTarget(page: Page, deviceId: string, version: string): Promise<void> {
  await page.getByTestId(`upgrade-open-${deviceId}`).click();
  await expect(page.getByTestId('upgrade-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('upgrade-target').click();
  await page.getByRole('option', { name: new RegExp(`^${version.replace(/\./g, '\\.')}( |$)`) }).click();
}

/** Waits until the server is online and not upgrading (a reboot at the end of a run takes seconds). */
async function waitServerIdle(api: APIRequestContext, serverId: string): Promise<void> {
  await expect
    .poll(async () => ((await (await api.get(`/api/servers/${serverId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('online');
}

test('an ineligible target shows every reason and cannot be started', async ({ page }) => {
  await login(page, 'super_user');
  await openUpgradeTab(page);
  await expect(page.getByTestId(`upgrade-version-${TRX}`)).toHaveText('8.5');
  await chooseTarget(page, TRX, '10.1');
  await expect(page.getByTestId('upgrade-blocked')).toBeVisible();
  await expect(page.getByTestId('upgrade-reason-serverNeeds10_0')).toContainText('10.0 before 10.1');
  await expect(page.getByTestId('upgrade-start')).toBeDisabled();
  await page.getByTestId('upgrade-cancel').click();
  await expect(page.getByTestId('upgrade-form')).toHaveCount(0);
  // A unit without SLA is not eligible for any version.
  await chooseTarget(page, NO_SLA_UNIT, '10.1');
  await expect(page.getByTestId('upgrade-reason-noSla')).toHaveText('A unit without SLA is not eligible for upgrade (6802)');
  await expect(page.getByTestId('upgrade-start')).toBeDisabled();
  await page.getByTestId('upgrade-cancel').click();
});

test('a unit on 9.2.1 warns of the configuration reset, which must be confirmed before the start', async ({ page }) => {
  await login(page, 'super_user');
  await openUpgradeTab(page);
  await chooseTarget(page, RESET_UNIT, '10.1');
  await expect(page.getByTestId('upgrade-eligible')).toBeVisible();
  await expect(page.getByTestId('upgrade-warning-configurationReset')).toHaveText('Upgrading a unit from 9.2.1 resets its configuration');
  await expect(page.getByTestId('upgrade-start')).toBeDisabled();
  await page.getByTestId('upgrade-confirm-reset').check();
  await expect(page.getByTestId('upgrade-start')).toBeEnabled();
  // Not started: the unit keeps its version for the next run.
  await page.getByTestId('upgrade-cancel').click();
  await expect(page.getByTestId(`upgrade-state-${RESET_UNIT}`)).toHaveAttribute('data-state', 'none');
});

test('a run failed by the device shows its code and text live', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const operator = await apiAs(playwright, baseURL, 'super_user');
  await serverFault(operator, TRX, { type: 'serverUpgradeOutcome', code: 105 });
  try {
    await login(page, 'super_user');
    await openUpgradeTab(page);
    const navigations = trackNavigations(page);
    await chooseTarget(page, TRX, '10.0');
    await expect(page.getByTestId('upgrade-eligible')).toBeVisible();
    await page.getByTestId('upgrade-start').click();
    await expect(page.getByTestId('upgrade-form')).toHaveCount(0);
    await expect(page.getByTestId(`upgrade-state-${TRX}`)).toHaveAttribute('data-state', /pending|upgrading/);
    await expect(page.getByTestId(`upgrade-state-${TRX}`)).toHaveAttribute('data-state', 'failed', { timeout: 90_000 });
    await expect(page.getByTestId(`upgrade-result-${TRX}`)).toHaveText('105: Network problem');
    await expect(page.getByTestId(`upgrade-version-${TRX}`)).toHaveText('8.5');
    expect(navigations).toEqual([]);
    // The history lists the failed run with its text.
    await page.getByTestId(`upgrade-history-${TRX}`).click();
    await expect(page.getByTestId('upgrade-history')).toContainText('105: Network problem');
  } finally {
    await serverFault(operator, TRX, { type: 'serverUpgradeOutcome', code: null });
    await operator.dispose();
  }
});

test('a server upgrade started from the tab runs to success, seen live in a second console', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const operator = await apiAs(playwright, baseURL, 'super_user');
  // A run without a forced outcome may fail by itself (the simulator's failure rate): force success.
  await serverFault(operator, HUB, { type: 'serverUpgradeOutcome', code: null });
  const other = await secondConsole(browser, baseURL, 'staff');
  try {
    await waitServerIdle(operator, HUB);
    await login(page, 'super_user');
    await openUpgradeTab(page);
    await openUpgradeTab(other.page);
    await expect(page.getByTestId(`upgrade-version-${HUB}`)).toHaveText('10.0');
    const navigations = trackNavigations(other.page);
    await recordAttribute(other.page, `upgrade-state-${HUB}`, 'data-state');

    await chooseTarget(page, HUB, '10.1');
    await expect(page.getByTestId('upgrade-eligible')).toBeVisible();
    await page.getByTestId('upgrade-start').click();
    await expect(page.getByText(`to 10.1 started`)).toBeVisible();
    // The progress moves on in both consoles, then the new version shows.
    await expect(page.getByTestId(`upgrade-state-${HUB}`)).toHaveAttribute('data-state', 'upgrading', { timeout: 30_000 });
    await expect.poll(async () => Number(await page.getByTestId(`upgrade-state-${HUB}`).getAttribute('data-progress')), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId(`upgrade-state-${HUB}`)).toHaveAttribute('data-state', 'succeeded', { timeout: 120_000 });
    await expect(page.getByTestId(`upgrade-version-${HUB}`)).toHaveText('10.1');
    await expect(other.page.getByTestId(`upgrade-state-${HUB}`)).toHaveAttribute('data-state', 'succeeded');
    await expect(other.page.getByTestId(`upgrade-version-${HUB}`)).toHaveText('10.1');
    expect(await recorded(other.page)).toMatch(/upgrading.*succeeded$/);
    expect(navigations).toEqual([]);
  } finally {
    await other.close();
    await operator.dispose();
  }
});

test('a refusal of the core shows in the user’s language, and the reason after it', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  try {
    await waitServerIdle(operator, TRX);
    await login(page, 'super_user');
    await openUpgradeTab(page);
    // Switched on the page (no navigation after it, so the choice is not raced by a reload).
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-zh').click();
    await expect(page.getByTestId('devices-tab-upgrade')).toHaveText(zhUpgrades.tab);
    await chooseTarget(page, TRX, '10.0');
    await expect(page.getByTestId('upgrade-eligible')).toBeVisible();
    // The server goes offline after the dialog read its eligibility: the core refuses (6199).
    await serverFault(operator, TRX, { type: 'serverPower', on: false });
    await expect.poll(async () => ((await (await operator.get(`/api/servers/${TRX}`)).json()) as { status: string }).status).toBe('offline');
    await page.getByTestId('upgrade-start').click();
    await expect(page.getByTestId('upgrade-refused')).toHaveAttribute('data-code', 'UPGRADE_6199');
    await expect(page.getByTestId('upgrade-refused-message')).toHaveText(zh.apiErrors.UPGRADE_6199);
    // The dialog reads the reasons again: the target is now blocked by that reason (translated too).
    await expect(page.getByTestId('upgrade-reason-serverOffline')).toContainText(zhUpgrades.rules.serverOffline);
    await expect(page.getByTestId('upgrade-start')).toBeDisabled();
    await page.getByTestId('upgrade-cancel').click();
  } finally {
    // Back to English for the specs that follow (kept in the preferences), and the server on.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upgrade-form')).toHaveCount(0);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-en').click();
    await expect.poll(async () => ((await (await page.request.get('/api/userPreferences')).json()) as { language?: string }).language).toBe('en');
    await serverFault(operator, TRX, { type: 'serverPower', on: true });
    await operator.dispose();
  }
});

test('a read-only user follows upgrades with no start control', async ({ page }) => {
  await login(page, 'luc_read');
  await openUpgradeTab(page);
  await expect(page.getByTestId('upgrade-read-only')).toBeVisible();
  await expect(page.getByTestId('upgrade-row-MMH-0001')).toBeVisible();
  // Another inventory's server is not listed.
  await expect(page.getByTestId(`upgrade-row-${HUB}`)).toHaveCount(0);
  await expect(page.locator('[data-testid^="upgrade-open-"]')).toHaveCount(0);
  await expect(page.getByTestId('upgrade-history-MMH-0001')).toBeVisible();
});
