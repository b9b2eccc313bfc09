/**
 * The README gallery in the dark theme: a browser whose system asks for dark (the console follows it
 * while the user has not chosen a theme), at 1280 × 720: the unit list, a streaming unit's detail,
 * Multiview with streaming units on its wall; then the map at 1440 × 900 zoomed in once over the units. Written to
 * docs/screenshots/*-dark.png (SCREENSHOTS_DIR to write elsewhere).
 */
import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { login } from '../support';

const dir = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dirname, '../../../docs/screenshots');

test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 720 } });

test('the unit list, a unit’s detail, Multiview and the map in the dark theme', async ({ page }) => {
  await login(page, 'luc_regular');
  await page.goto('/list?ignoreRouteDefault=1');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const streaming = page.locator('[data-testid^="unit-row-"][data-status="streaming"]');
  await expect(streaming.first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: join(dir, 'unit-list-dark.png') });

  await streaming.first().click();
  const chart = page.getByTestId('unit-detail-bitrate-chart');
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => Number(await chart.getAttribute('data-shown')), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await page.getByTestId('unit-detail-bitrate-range').getByText('All points').click();
  await expect(page.getByTestId('unit-detail-bitrate-range')).toHaveAttribute('data-range', 'all');
  await page.screenshot({ path: join(dir, 'unit-detail-dark.png') });

  await page.goto('/multiview?ignoreRouteDefault=1');
  await expect(page.locator('[data-testid^="multiview-unit-"]').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('multiview-status-filter').click();
  await page.getByRole('option', { name: /^streaming$/i }).click();
  const items = page.locator('[data-testid^="multiview-unit-"][data-shown="false"]');
  for (let i = 0; i < 4 && (await items.count()) > 0; i++) await items.first().click();
  await expect(page.locator('[data-testid^="multiview-tile-status-"]').first()).toHaveText('streaming');
  await page.screenshot({ path: join(dir, 'multiview-dark.png') });

  // The map as the light gallery has it: 1440 × 900, zoomed in once over a marker with the wheel.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/map?ignoreRouteDefault=1');
  const marker = page.locator('.leaflet-marker-icon').first();
  await expect(marker).toBeVisible({ timeout: 15_000 });
  const box = await marker.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -100);
  await expect(page.getByTestId('unit-map')).not.toHaveAttribute('data-zoom', '3');
  await page.screenshot({ path: join(dir, 'map-dark.png') });
});
