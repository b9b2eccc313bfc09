/**
 * The device commands of the unit configuration's Video/Audio tab (spec 000 §7 Commands: encoder,
 * shooting mode, video complexity, ancillary data, IFB delay, IFB always on) against the real core
 * and simulator: a regular user applies them and sees what the device took, and a refusal of the
 * core (the unit offline) is shown translated. The IFB delay bound refused inline without a
 * request, the read-only view (spec 000 §6) and a command setting changed elsewhere reaching the
 * open modal are the component tests of apps/console/src/features/unit-config/UnitConfigModal.test.tsx
 * (a change made elsewhere reaching the open modal over the real /ws is unit-config.spec's).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, openConfig, signIn, waitOnline, reloadInPlace } from './support';

const UNIT = 'LU800-0001';

// Each test takes 15–30 s on a quiet machine; the headroom is for a loaded one (lazy chunks, boot).
test.describe.configure({ timeout: 90_000 });

interface CommandSettings {
  readonly encoder: { readonly codec: string; readonly colourDepth: number };
  readonly shootingMode: string;
  readonly videoComplexity: string;
  readonly ancillaryData: { readonly enabled: boolean; readonly types: readonly string[] };
  readonly ifb: { readonly delayMs: number; readonly alwaysOn: boolean };
}

/** The configuration every client reads (what the core kept once the device took a command). */
async function settingsOf(api: APIRequestContext, unitId: string): Promise<CommandSettings> {
  const res = await api.get(`api/v2/units/${unitId}/configurationV2`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as CommandSettings;
}

test('a regular user changes the encoder and the shooting mode; the device applies them', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  const before = await settingsOf(api, UNIT);
  // Always a change, whatever an earlier run left (LU800 units encode HEVC).
  const codec = before.encoder.codec === 'h264' ? 'hevc' : 'h264';
  const colourDepth = before.encoder.colourDepth === 8 ? 10 : 8;
  const mode = before.shootingMode === 'sports' ? 'lowLight' : 'sports';

  await signIn(page, 'luc_regular');
  await openConfig(page, UNIT, 'videoAudio');
  await expect(page.getByTestId('config-encoder-codec')).toHaveValue(before.encoder.codec);
  await expect(page.getByTestId('config-shootingMode-mode')).toHaveValue(before.shootingMode);

  await page.getByTestId('config-encoder-codec').selectOption(codec);
  await page.getByTestId('config-encoder-colourDepth').selectOption(String(colourDepth));
  await page.getByTestId('config-apply-encoder').click();
  await expect(page.getByTestId('toasts')).toContainText('Sent to the unit');
  await expect(page.getByTestId('config-failure-encoder')).toHaveCount(0);
  // The core keeps a command's setting once the device acknowledged it.
  await expect.poll(async () => (await settingsOf(api, UNIT)).encoder, { timeout: 20_000 }).toEqual({ codec, colourDepth });

  await page.getByTestId('config-shootingMode-mode').selectOption(mode);
  await page.getByTestId('config-apply-shootingMode').click();
  await expect(page.getByTestId('config-reset-shootingMode')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await settingsOf(api, UNIT)).shootingMode, { timeout: 20_000 }).toBe(mode);

  const ancillary = page.getByTestId('config-ancillaryData-enabled');
  await ancillary.setChecked(!before.ancillaryData.enabled, { force: true });
  const types = before.ancillaryData.types.includes('timecode')
    ? before.ancillaryData.types.filter((t) => t !== 'timecode')
    : [...before.ancillaryData.types, 'timecode'];
  await page.getByTestId('config-ancillaryData-type-timecode').setChecked(types.includes('timecode'), { force: true });
  await page.getByTestId('config-apply-ancillaryData').click();
  await expect
    .poll(async () => (await settingsOf(api, UNIT)).ancillaryData, { timeout: 20_000 })
    .toEqual({ enabled: !before.ancillaryData.enabled, types: ['cc608', 'cc708', 'timecode', 'scte104', 'afd'].filter((t) => types.includes(t)) });

  // Reopened: the modal shows what the unit has now.
  await reloadInPlace(page);
  await expect(page.getByTestId('unit-config')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('config-encoder-codec')).toHaveValue(codec, { timeout: 30_000 });
  await expect(page.getByTestId('config-encoder-colourDepth')).toHaveValue(String(colourDepth));
  await expect(page.getByTestId('config-shootingMode-mode')).toHaveValue(mode);
  await api.dispose();
});

test('return audio: an IFB delay and always-on are applied by the unit', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, UNIT);
  const before = await settingsOf(api, UNIT);
  await signIn(page, 'luc_regular');
  await openConfig(page, UNIT, 'videoAudio');

  const delay = page.getByTestId('config-ifbDelay-delayMs');
  await expect(delay).toHaveValue(String(before.ifb.delayMs));
  const wanted = before.ifb.delayMs === 250 ? 300 : 250;
  await delay.fill(String(wanted));
  await page.getByTestId('config-apply-ifbDelay').click();
  await expect(page.getByTestId('config-reset-ifbDelay')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await settingsOf(api, UNIT)).ifb.delayMs, { timeout: 20_000 }).toBe(wanted);

  const alwaysOn = page.getByTestId('config-ifbAlwaysOn-enabled');
  await alwaysOn.setChecked(!before.ifb.alwaysOn, { force: true });
  await page.getByTestId('config-apply-ifbAlwaysOn').click();
  await expect.poll(async () => (await settingsOf(api, UNIT)).ifb.alwaysOn, { timeout: 20_000 }).toBe(!before.ifb.alwaysOn);
  await api.dispose();
});

test('a refusal of the core (the unit went offline) is shown as the translated error', async ({ page, playwright, baseURL }) => {
  const unitId = 'LU800-0002';
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  await waitOnline(api, unitId);
  const before = await settingsOf(api, unitId);
  await signIn(page, 'luc_regular');
  await openConfig(page, unitId, 'videoAudio');
  await page.getByTestId('config-shootingMode-mode').selectOption(before.shootingMode === 'sports' ? 'lowLight' : 'sports');

  // The unit is powered off through the mock's control plane (super user): it stays offline until
  // powered on again, so the command below is refused whatever the machine's speed.
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const power = async (on: boolean) => {
    const res = await operator.post('mock/trpc/fault.inject', { data: { unitId, fault: { type: 'power', on } } });
    expect(res.ok()).toBe(true);
  };
  await power(false);
  try {
    await expect
      .poll(async () => ((await (await api.get(`api/v2/units/${unitId}`)).json()) as { status: string }).status, { timeout: 20_000, intervals: [200] })
      .toBe('offline');
    await page.getByTestId('config-apply-shootingMode').click();
    await expect(page.getByTestId('config-failure-shootingMode')).toHaveText('Selected channel busy or offline');
    // Nothing changed on the unit; the user's choice stays in the form to try again.
    expect((await settingsOf(api, unitId)).shootingMode).toBe(before.shootingMode);
    await expect(page.getByTestId('config-reset-shootingMode')).toBeVisible();
  } finally {
    await power(true);
    await operator.dispose();
    await api.dispose();
  }
});
