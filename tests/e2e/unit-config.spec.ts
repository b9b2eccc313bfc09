/**
 * The unit configuration modal (spec 000 §2 tabs), opened from the unit detail of /list through
 * `?unit=<id>&config=<tab>`, against the real core and simulator: an apply that persists after a
 * reload, a change made elsewhere shown live, a link switched off and on with its state following
 * the device, a Wi-Fi network found by the unit's scan joined. The spec's validation messages of
 * every tab and the read-only view (spec 000 §5, §6) are the component tests of
 * apps/console/src/features/unit-config/UnitConfigModal.test.tsx.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, openConfig, signIn, waitOnline, reloadInPlace } from './support';

const UNIT = 'LU800-0001';

// Each test takes 15–30 s on a quiet machine; the headroom is for a loaded one (lazy chunks, boot).
test.describe.configure({ timeout: 90_000 });

async function switchTab(page: Page, tab: string) {
  await page.getByTestId(`config-tab-${tab}`).click();
  await expect(page.getByTestId(`config-panel-${tab}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`config=${tab}`));
  await expect(page).toHaveURL(new RegExp(`unit=${UNIT}`));
}

test('an administrator sets bandwidth caps: valid caps persist after reload', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_admin');
  await waitOnline(api, UNIT);
  await signIn(page, 'luc_admin');
  await openConfig(page, UNIT, 'network');

  await page.getByTestId('config-bandwidth-totalKbps').fill('5000');
  await page.getByTestId('config-bandwidth-cellularKbps').fill('4000');
  await page.getByTestId('config-apply-bandwidth').click();
  await expect(page.getByTestId('toasts')).toContainText('Configuration applied');

  await reloadInPlace(page);
  await expect(page.getByTestId('unit-config')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('config-bandwidth-totalKbps')).toHaveValue('5000', { timeout: 30_000 });
  await expect(page.getByTestId('config-bandwidth-cellularKbps')).toHaveValue('4000');
  await api.dispose();
});

test('video/audio: an applied delay persists after reload, and a change made elsewhere shows up in the open modal without reload', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await signIn(page, 'luc_regular');
  await openConfig(page, UNIT, 'videoAudio');

  const applied = page.getByTestId('config-delay-delayMs');
  const wanted = String(2000 + Math.floor(Math.random() * 9) * 100);
  await applied.fill(wanted);
  await page.getByTestId('config-apply-delay').click();
  await expect(page.getByTestId('toasts')).toContainText('Configuration applied');

  await reloadInPlace(page);
  // A loaded machine may take a while to boot the console again: wait for the modal, then its tab.
  await expect(page.getByTestId('unit-config')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('config-delay-delayMs')).toHaveValue(wanted, { timeout: 30_000 });

  // A marker on the window survives tab changes (history updates) but not a reload.
  await page.evaluate(() => Object.assign(window, { unitConfigMarker: 'kept' }));

  // The console subscribes to the unit's topics shortly after it connects (a random sync delay):
  // change the delay elsewhere until the open modal shows the change.
  const delay = page.getByTestId('config-delay-delayMs');
  let attempt = 0;
  await expect(async () => {
    attempt += 1;
    // 4010, 4020, ...: never a value an earlier test left.
    const next = String(4000 + attempt * 10);
    const res = await api.put(`api/v2/units/${UNIT}/delay`, { data: { delayMs: Number(next), mode: 'normal' } });
    expect(res.ok()).toBe(true);
    await expect(delay).toHaveValue(next, { timeout: 4000 });
  }).toPass({ timeout: 40_000 });

  await switchTab(page, 'advanced');
  const prefix = `live_${Date.now() % 100000}`;
  expect((await api.put(`api/v2/units/${UNIT}/configuration/filenamePrefix`, { data: { filenamePrefix: prefix } })).ok()).toBe(true);
  await expect(page.getByTestId('config-prefix-filenamePrefix')).toHaveValue(prefix);
  expect(await page.evaluate(() => (window as Window & { unitConfigMarker?: string }).unitConfigMarker)).toBe('kept');
  await api.dispose();
});

test('connections: a cellular link is switched off and on, its state follows live', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await signIn(page, 'luc_regular');
  await openConfig(page, UNIT, 'connections');

  const row = page.locator('tr[data-testid^="config-link-"]').filter({ hasText: 'Modem' }).first();
  const modemId = ((await row.getAttribute('data-testid')) ?? '').replace('config-link-', '');
  const toggle = page.getByTestId(`config-link-enabled-${modemId}`);
  await expect(toggle).toBeEnabled({ timeout: 20_000 });
  await toggle.click({ force: true });
  await expect(page.getByTestId(`config-link-state-${modemId}`)).toHaveText('Disabled', { timeout: 30_000 });
  await expect(toggle).toBeEnabled({ timeout: 20_000 });
  await toggle.click({ force: true });
  await expect(page.getByTestId(`config-link-state-${modemId}`)).not.toHaveText('Disabled', { timeout: 30_000 });
  await api.dispose();
});

test('connections: a Wi-Fi network found by a scan is joined', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await signIn(page, 'luc_regular');
  await openConfig(page, UNIT, 'connections');
  await page.getByTestId('config-wifi-scan').click();
  const use = page.locator('[data-testid^="config-wifi-use-"]').first();
  await expect(use).toBeVisible({ timeout: 20_000 });
  const ssid = ((await use.getAttribute('data-testid')) ?? '').replace('config-wifi-use-', '');
  await use.click();
  await expect(page.getByTestId('config-wifi-ssid')).toHaveValue(ssid);
  await page.getByTestId('config-wifi-security').selectOption('wpa2');
  await page.getByTestId('config-wifi-password').fill('correct-horse-battery');
  await page.getByTestId('config-apply-wifi').click();
  // This expectation failed once in a full run (no toast, nothing pending, no failure text) and not
  // since: should it fail again, the error carries what the card showed, to find why.
  await expect(page.getByTestId('toasts'))
    .toContainText('Sent to the unit')
    .catch(async (error: unknown) => {
      const card = await page
        .getByTestId('config-form-wifi')
        .innerText()
        .catch(() => '(no card)');
      const password = await page
        .getByTestId('config-wifi-password')
        .inputValue()
        .catch(() => '(no field)');
      throw new Error(`${String(error)}\nthe Wi-Fi card showed:\n${card}\npassword field: ${password.length} characters`);
    });
  // Kept by the core: the configuration every client reads names the network.
  await expect
    .poll(async () => ((await (await api.get(`api/v2/units/${UNIT}/configurationV2`)).json()) as { wifi: { ssid: string | null } }).wifi.ssid)
    .toBe(ssid);
  await expect(page.getByTestId('config-wifi-ssid')).toHaveValue(ssid);
  await api.dispose();
});
