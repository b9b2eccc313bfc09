/**
 * What is live is true: a unit whose stream ended loses its tally and bitrate in the list and the
 * detail at once (over /ws, no reload); with the console's realtime connection cut, the LIVE pill
 * says the connection is lost and the unit list's live values are greyed with the time they were
 * last reported, until the connection is back.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import en from '../../apps/console/src/i18n/en.json' with { type: 'json' };
import detailEn from '../../apps/console/src/i18n/areas/unitDetail.en.json' with { type: 'json' };
import simulatorEn from '../../apps/console/src/i18n/areas/simulator.en.json' with { type: 'json' };
import { leaseUnit, ownUser, releaseUnits, signIn, stopStreamConfirming, trackNavigations } from './support';

test.afterEach(releaseUnits);

/** An idle unit of the list whose start is offered, leased from the other specs that pick one. */
async function idleUnit(page: Page): Promise<string> {
  const idle = page.locator('[data-testid^="unit-status-"]', { hasText: /^idle$/ });
  await expect(idle.first()).toBeVisible({ timeout: 30_000 });
  return leaseUnit(async () => {
    const startable: string[] = [];
    for (const status of await idle.all()) {
      const candidate = ((await status.getAttribute('data-testid')) ?? '').replace('unit-status-', '');
      if (candidate !== '' && (await page.getByTestId(`unit-start-${candidate}`).isEnabled())) startable.push(candidate);
    }
    return startable;
  }, 'an idle unit of the list whose start is offered');
}

test('a unit whose stream ended shows no tally and no longer its stream’s bitrate in the list and the detail', async ({ page, playwright, baseURL }) => {
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'live-truth-stream' });
  try {
    await signIn(page, user.username, user.password);
    await page.goto('list');
    const id = await idleUnit(page);
    await page.getByTestId(`unit-row-${id}`).click();
    await expect(page.getByTestId('unit-detail-status')).toBeVisible();
    const navigations = trackNavigations(page);

    await page.getByTestId(`unit-start-${id}`).click();
    await expect(page.getByTestId('unit-detail-status')).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
    await expect(page.getByTestId('unit-detail-tally')).toContainText(/Program|Preview/, { timeout: 20_000 });
    await expect(page.getByTestId('unit-detail-total-bitrate')).not.toHaveAttribute('data-kbps', '0', { timeout: 20_000 });
    await expect(page.getByTestId(`unit-live-bitrate-${id}`)).toContainText('Mbps', { timeout: 20_000 });
    const kbps = async () => Number(await page.getByTestId('unit-detail-total-bitrate').getAttribute('data-kbps'));

    // The unit is on air (tally program): the stop asks first, naming it.
    await stopStreamConfirming(page, id, page.getByTestId(`unit-stop-${id}`));
    await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('idle', { timeout: 20_000 });
    await expect(page.getByTestId('unit-detail-tally')).toContainText(detailEn.detailValues.none, { timeout: 10_000 });
    // No stream left: what the idle unit still sends (its control traffic), no longer the stream's megabits.
    await expect.poll(kbps, { timeout: 10_000 }).toBeLessThan(1000);
    await expect(page.getByTestId(`unit-live-bitrate-${id}`)).not.toContainText('Mbps');
    // What the core answers agrees.
    const detail = (await (await page.request.get(`api/v2/units/${id}`)).json()) as { tally: string | null; totalBitrate: number };
    expect(detail.tally).toBeNull();
    expect(detail.totalBitrate).toBeLessThan(1000);
    expect(navigations).toEqual([]);
  } finally {
    await user.dispose();
  }
});

test('with the realtime connection cut, the LIVE pill says it is lost and live values are marked stale', async ({ page, playwright, baseURL }) => {
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'live-truth-cut' });
  // The console's /ws goes through the test: passed on to the core while `cut` is false, closed at once while it is true.
  // Playwright routes no worker's socket: this page makes its connection on the page (runtime-config.json `realtimeWorker`).
  await page.route(/runtime-config\.json$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), realtimeWorker: false } });
  });
  let cut = false;
  const open: { close: (options?: { code?: number; reason?: string }) => Promise<void> }[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (cut) {
      void ws.close({ code: 1011, reason: 'cut by the test' });
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  try {
    await signIn(page, user.username, user.password);
    await page.goto('list');
    const pill = page.getByTestId('realtime-status');
    await expect(pill).toHaveAttribute('data-status', 'open', { timeout: 30_000 });
    // This stack's simulator runs at ×4: the pill says so instead of Live (the mock's clock, read behind the probe).
    await expect(pill).toHaveAttribute('data-clock', 'accelerated');
    await expect(pill).toContainText(simulatorEn.headerClock.simulated.replace('{{factor}}', '4'));
    await expect(pill).toHaveAttribute('data-lost', 'false');
    const status = page.locator('[data-testid^="unit-live-status-"]').first();
    await expect(status).toHaveAttribute('data-stale', /false|offline/);

    cut = true;
    for (const ws of open.splice(0)) await ws.close({ code: 1011, reason: 'cut by the test' });
    await expect(pill).toHaveAttribute('data-lost', 'true');
    await expect(pill).toHaveText(en.realtime.status.lost);
    const streamingOrIdle = page.locator('[data-testid^="unit-live-status-"][data-stale="connection"]').first();
    await expect(streamingOrIdle).toBeVisible();
    await expect(streamingOrIdle).toContainText(/last reported \d\d:\d\d:\d\d/);
    expect(await page.locator('[data-testid^="unit-live-bitrate-"][data-stale="false"]').count()).toBe(0);
    // The greyed value keeps its text, readable: the operator still reads what was last known.
    const filter = await streamingOrIdle
      .locator('span')
      .first()
      .evaluate((el) => getComputedStyle(el).filter);
    expect(filter).toContain('grayscale');

    cut = false;
    await expect(pill).toHaveAttribute('data-status', 'open', { timeout: 30_000 });
    await expect(pill).toHaveAttribute('data-lost', 'false');
    await expect(page.locator('[data-testid^="unit-live-status-"][data-stale="connection"]')).toHaveCount(0);
  } finally {
    await user.dispose();
  }
});
