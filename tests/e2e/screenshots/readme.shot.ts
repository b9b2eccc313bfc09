/**
 * What a person sees ten seconds after `npm start` (README "What you will see"): the unit list and the map of the
 * operator a demo signs in as. Written to docs/screenshots/ (SCREENSHOTS_DIR to write elsewhere).
 */
import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { login } from '../support';

const dir = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dirname, '../../../docs/screenshots');
/** When the stack answered (Playwright starts the test once /healthz does). */
const started = Date.now();
const TEN_SECONDS = 10_000;

test('the unit list and the map ten seconds after start', async ({ page }) => {
  await login(page, 'luc_regular');
  await page.goto('/list?ignoreRouteDefault=1');
  await expect(page.locator('[data-testid^="unit-status-"]', { hasText: /^streaming/ }).first()).toBeVisible({ timeout: 15_000 });
  // The picture is of the tenth second, not of the first moment something streams.
  await page.waitForTimeout(Math.max(0, started + TEN_SECONDS - Date.now()));
  await page.screenshot({ path: join(dir, 'unit-list.png') });

  await page.goto('/map?ignoreRouteDefault=1');
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: join(dir, 'map.png') });
});
