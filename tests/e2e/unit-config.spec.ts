/**
 * The unit configuration modal (spec 000 §2 tabs), opened from the unit detail of /list through
 * `?unit=<id>&config=<tab>`: every tab, the spec's validation messages word for word (spec 000 §5,
 * contracts VALIDATION), an apply that persists, a change made elsewhere shown live, and no Apply
 * button for read-only users (spec 000 §6).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, openConfig, waitOnline } from './support';

const UNIT = 'LU800-0001';

// Each test takes 15–30 s on a quiet machine; the headroom is for a loaded one (lazy chunks, boot).
test.describe.configure({ timeout: 90_000 });

async function switchTab(page: Page, tab: string) {
  await page.getByTestId(`config-tab-${tab}`).click();
  await expect(page.getByTestId(`config-panel-${tab}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`config=${tab}`));
  await expect(page).toHaveURL(new RegExp(`unit=${UNIT}`));
}

const errorOf = (page: Page, field: string) => page.getByTestId(`config-error-${field}`);

test('video/audio: the spec messages inline, and an applied delay persists after reload', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await login(page, 'luc_regular');
  await openConfig(page, UNIT, 'videoAudio');

  const delay = page.getByTestId('config-delay-delayMs');
  await delay.fill('500');
  await expect(errorOf(page, 'delay.delayMs')).toHaveText('Must be 1000 or more');
  await delay.fill('25000');
  await expect(errorOf(page, 'delay.delayMs')).toHaveText('Must be 20000 or less');

  await page.getByTestId('config-audio-input').selectOption('hdmi');
  await page.getByTestId('config-audio-channels').selectOption('4');
  await expect(errorOf(page, 'audio.channels')).toHaveText('Audio channels 4 and above are available on the SDI input only');

  await page.getByTestId('config-singleCamera-maxBandwidthMbps').fill('25');
  await expect(errorOf(page, 'singleCamera.maxBandwidthMbps')).toHaveText('Must be 20 or less');

  await page.getByTestId('config-cameras-label-0').fill('ABCDEFGHIJKLM');
  await expect(errorOf(page, 'cameras.cameras.0.label')).toHaveText('Must have at most 12 characters');

  const wanted = String(2000 + Math.floor(Math.random() * 9) * 100);
  await delay.fill(wanted);
  await expect(errorOf(page, 'delay.delayMs')).toHaveCount(0);
  await page.getByTestId('config-apply-delay').click();
  await expect(page.getByTestId('toasts')).toContainText('Configuration applied');

  await page.reload();
  // A loaded machine may take a while to boot the console again: wait for the modal, then its tab.
  await expect(page.getByTestId('unit-config')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('config-delay-delayMs')).toHaveValue(wanted, { timeout: 30_000 });
  await api.dispose();
});

test('network, advanced, IP pipe and alerts: the spec messages inline', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await login(page, 'luc_regular');
  await openConfig(page, UNIT, 'network');

  // Bandwidth caps are admin-level: a regular user sees them without an Apply button.
  await expect(page.getByTestId('config-note-bandwidth')).toBeVisible();
  await expect(page.getByTestId('config-apply-bandwidth')).toHaveCount(0);
  await page.getByTestId('config-fixedDelay-delayMs').fill('100');
  await expect(errorOf(page, 'fixedDelay.delayMs')).toHaveText('Must be 400 or more');

  await switchTab(page, 'advanced');
  await page.getByTestId('config-prefix-filenamePrefix').fill('bad prefix');
  await expect(errorOf(page, 'prefix.filenamePrefix')).toHaveText('Must match the pattern');
  await page.getByTestId('config-prefix-filenamePrefix').fill('x'.repeat(33));
  await expect(errorOf(page, 'prefix.filenamePrefix')).toHaveText('Must have at most 32 characters');

  await switchTab(page, 'ipPipe');
  await page.getByTestId('config-ipPipe-enabled').setChecked(true, { force: true });
  await page.getByTestId('config-ipPipe-serverId').fill('');
  await page.getByTestId('config-apply-ipPipe').click();
  await expect(errorOf(page, 'ipPipe.serverId')).toHaveText('This field is required');

  await switchTab(page, 'alerts');
  await page.getByTestId('config-alerts-mode').getByText('Manual').click();
  await page.getByTestId('config-alerts-addRecipient').click();
  const emails = page.locator('[data-testid^="config-alerts-email-"]');
  await emails.last().fill('not-an-email');
  const last = (await emails.count()) - 1;
  await expect(errorOf(page, `alerts.recipients.${last}.email`)).toHaveText('Invalid email format');
  await api.dispose();
});

test('metadata, IP input and connections: the spec messages inline', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await login(page, 'luc_regular');
  await openConfig(page, UNIT, 'metadata');
  await page.getByTestId('config-metadata-key-0').fill('reporter');
  await page.getByTestId('config-metadata-value-0').fill('Jane;Doe');
  await expect(errorOf(page, 'metadata.fields.0.value')).toHaveText('Metadata fields cannot contain a semicolon');

  await switchTab(page, 'ipInput');
  await page.getByTestId('config-ipInput-port').fill('70000');
  await expect(errorOf(page, 'ipInput.port')).toHaveText('Must be 65535 or less');

  await switchTab(page, 'connections');
  await expect(page.getByTestId('config-links')).toBeVisible();
  await page.getByTestId('config-wifi-security').selectOption('wpa2');
  await page.getByTestId('config-wifi-ssid').fill('Newsroom');
  await page.getByTestId('config-wifi-password').fill('short');
  await expect(errorOf(page, 'wifi.password')).toHaveText('Must be between 8 and 63 characters');
  const ipMode = page.locator('[data-testid^="config-ethernet-"][data-testid$="-ipMode"]').first();
  const port = ((await ipMode.getAttribute('data-testid')) ?? '').replace('config-ethernet-', '').replace('-ipMode', '');
  await ipMode.selectOption('static');
  await page.getByTestId(`config-ethernet-${port}-ip`).fill('10.0.0.300');
  await page.getByTestId(`config-ethernet-${port}-subnetMask`).fill('255.0.255.0');
  await expect(errorOf(page, `ethernet-${port}.ip`)).toHaveText('Invalid IP field');
  await expect(errorOf(page, `ethernet-${port}.subnetMask`)).toHaveText('Invalid Subnet Mask field');
  const apn = page.locator('[data-testid^="config-modem-"][data-testid$="-apn-0"]').first();
  const modemPort = ((await apn.getAttribute('data-testid')) ?? '').replace('config-modem-', '').replace('-apn-0', '');
  await apn.fill('a'.repeat(101));
  await expect(errorOf(page, `modem-${modemPort}.apns.0.apn`)).toHaveText('Must have at most 100 characters');
  await api.dispose();
});

test('an administrator sets bandwidth caps: cellular above total is refused, valid caps persist', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_admin');
  await waitOnline(api, UNIT);
  await login(page, 'luc_admin');
  await openConfig(page, UNIT, 'network');

  await page.getByTestId('config-bandwidth-totalKbps').fill('5000');
  await page.getByTestId('config-bandwidth-cellularKbps').fill('6000');
  await expect(errorOf(page, 'bandwidth.cellularKbps')).toHaveText('Max Cellular Capping cannot be higher than Max Total Capping');
  await page.getByTestId('config-bandwidth-add').click();
  await page.getByTestId('config-bandwidth-kbps-0').fill('7000');
  await expect(errorOf(page, 'bandwidth.priorityLimits.0.kbps')).toHaveText(
    'A priority limit must be lower than the total and higher than the limits of lower priorities',
  );
  await page.getByTestId('config-bandwidth-remove-0').click();

  await page.getByTestId('config-bandwidth-cellularKbps').fill('4000');
  await expect(errorOf(page, 'bandwidth.cellularKbps')).toHaveCount(0);
  await page.getByTestId('config-apply-bandwidth').click();
  await expect(page.getByTestId('toasts')).toContainText('Configuration applied');

  // Cellular capping above the total cap (5000 kbps) is refused too.
  await page.getByTestId('config-capping-option').selectOption('8.0');
  await expect(errorOf(page, 'capping.option')).toHaveText('Max Cellular Capping cannot be higher than Max Total Capping');

  await page.reload();
  await expect(page.getByTestId('unit-config')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('config-bandwidth-totalKbps')).toHaveValue('5000', { timeout: 30_000 });
  await expect(page.getByTestId('config-bandwidth-cellularKbps')).toHaveValue('4000');
  await api.dispose();
});

test('a change made elsewhere shows up in the open modal without reload', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await login(page, 'luc_regular');
  await openConfig(page, UNIT, 'videoAudio');
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
    const res = await api.put(`/api/v2/units/${UNIT}/delay`, { data: { delayMs: Number(next), mode: 'normal' } });
    expect(res.ok()).toBe(true);
    await expect(delay).toHaveValue(next, { timeout: 4000 });
  }).toPass({ timeout: 40_000 });

  await switchTab(page, 'advanced');
  const prefix = `live_${Date.now() % 100000}`;
  expect((await api.put(`/api/v2/units/${UNIT}/configuration/filenamePrefix`, { data: { filenamePrefix: prefix } })).ok()).toBe(true);
  await expect(page.getByTestId('config-prefix-filenamePrefix')).toHaveValue(prefix);
  expect(await page.evaluate(() => (window as Window & { unitConfigMarker?: string }).unitConfigMarker)).toBe('kept');
  await api.dispose();
});

test('connections: a cellular link is switched off and on, its state follows live', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  await login(page, 'luc_regular');
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
  await login(page, 'luc_regular');
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
  await expect(page.getByTestId('toasts')).toContainText('Sent to the unit');
  // Kept by the core: the configuration every client reads names the network.
  await expect
    .poll(async () => ((await (await api.get(`/api/v2/units/${UNIT}/configurationV2`)).json()) as { wifi: { ssid: string | null } }).wifi.ssid)
    .toBe(ssid);
  await expect(page.getByTestId('config-wifi-ssid')).toHaveValue(ssid);
  await api.dispose();
});

test('a read-only user sees the configuration without Apply buttons', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_read');
  const units = (await (await api.get('/api/devices/fetch')).json()) as { uniqueId: string }[];
  const unitId = units[0]?.uniqueId ?? '';
  expect(unitId).not.toBe('');
  await login(page, 'luc_read');
  await openConfig(page, unitId, 'videoAudio');
  await expect(page.getByTestId('unit-config-read-only')).toBeVisible();
  await expect(page.getByTestId('config-delay-delayMs')).toBeDisabled();
  await expect(page.locator('[data-testid^="config-apply-"]')).toHaveCount(0);
  await page.getByTestId('config-tab-network').click();
  await expect(page.getByTestId('config-panel-network')).toBeVisible();
  await expect(page.locator('[data-testid^="config-apply-"]')).toHaveCount(0);
  await page.getByTestId('unit-config-close').click();
  await expect(page.getByTestId('unit-config')).toHaveCount(0);
  await expect(page).not.toHaveURL(/config=/);
  await api.dispose();
});
