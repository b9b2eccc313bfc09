/**
 * What a person sees ten seconds after `npm start` (README "What you will see"): the unit list and the map of the
 * operator a demo signs in as. The demo is reset first (the fleet from its seed, the lively preset from its start),
 * so "ten seconds" is read on the simulator's clock from that start. Then, at 1280 × 720 (the smallest window the
 * console is made for): the unit list, a streaming unit's detail beside it (its bitrate graph once it holds a few
 * samples, all of them shown), and Multiview with streaming units on its wall. Written to docs/screenshots/ (SCREENSHOTS_DIR to write
 * elsewhere).
 */
import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { apiAs, login } from '../support';

const dir = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dirname, '../../../docs/screenshots');
const TEN_SECONDS = 10_000;

test('the unit list and the map ten seconds after start', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const simulatedNow = async () => ((await (await operator.get('/mock/trpc/clock.get')).json()) as { result: { data: { now: number }[] } }).result.data[0]!.now;
  expect((await operator.post('/mock/trpc/demo.set', { data: { preset: 'lively', reset: true } })).ok()).toBe(true);
  const start = await simulatedNow();

  await login(page, 'luc_regular');
  await page.goto('/list?ignoreRouteDefault=1');
  await expect(page.locator('[data-testid^="unit-status-"]', { hasText: /^streaming/ }).first()).toBeVisible({ timeout: 15_000 });
  // The picture is of the tenth second on the simulator's clock, not of the first moment something streams.
  await expect.poll(async () => (await simulatedNow()) - start, { timeout: 30_000 }).toBeGreaterThanOrEqual(TEN_SECONDS);
  await page.screenshot({ path: join(dir, 'unit-list.png') });

  await page.goto('/map?ignoreRouteDefault=1');
  const map = page.getByTestId('unit-map');
  await expect(map).toHaveAttribute('data-drawn-clusters', /^[1-9]/, { timeout: 15_000 });
  // The map opens at the spec's zoom 3, centre 0/0, where luc_regular's European cities sit at the top edge:
  // "Fit to units", as a person would, frames the fleet (the map shows its zoom once the flight has ended).
  await page.getByTestId('map-fit').click();
  await expect(map).not.toHaveAttribute('data-zoom', '3');
  await expect(page.getByTestId('map-city').first()).toBeInViewport();
  await page.screenshot({ path: join(dir, 'map.png') });
});

test('at 1280 × 720: the unit list, a streaming unit’s detail and Multiview', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, 'luc_regular');
  await page.goto('/list?ignoreRouteDefault=1');
  const streaming = page.locator('[data-testid^="unit-row-"][data-status="streaming"]');
  await expect(streaming.first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: join(dir, 'unit-list-1280.png') });

  // The detail of a streaming unit: its graph drawn once it holds three samples (telemetry every 5 s).
  await streaming.first().click();
  const chart = page.getByTestId('unit-detail-bitrate-chart');
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => Number(await chart.getAttribute('data-shown')), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('unit-detail-modems')).toBeVisible();
  // Ten seconds after start the samples span less than the 5 minutes shown first: the picture shows all of them.
  await page.getByTestId('unit-detail-bitrate-range').getByText('All points').click();
  await expect(page.getByTestId('unit-detail-bitrate-range')).toHaveAttribute('data-range', 'all');
  await page.screenshot({ path: join(dir, 'unit-detail.png') });

  // Multiview: up to four streaming units put on the wall from its list.
  await page.goto('/multiview?ignoreRouteDefault=1');
  await expect(page.locator('[data-testid^="multiview-unit-"]').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('multiview-status-filter').click();
  await page.getByRole('option', { name: /^streaming$/i }).click();
  const items = page.locator('[data-testid^="multiview-unit-"][data-shown="false"]');
  for (let i = 0; i < 4 && (await items.count()) > 0; i++) await items.first().click();
  await expect(page.locator('[data-testid^="multiview-tile-status-"]').first()).toHaveText('streaming');
  // The pictures (the mock's test cards) loaded, each with its sparkline's first points.
  const pictures = page.locator('[data-testid^="multiview-tile-image-"]');
  await expect(pictures.first()).toBeVisible();
  await expect
    .poll(() => pictures.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await expect
    .poll(async () => Number(await page.locator('[data-testid^="multiview-tile-sparkline-"]').first().getAttribute('data-samples')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: join(dir, 'multiview.png') });
});
