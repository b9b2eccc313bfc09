/**
 * The unit list in Chinese (README gallery), at 1440 × 900: every text of the console in Chinese, drawn
 * in a CJK face (the screenshots command installs Debian's Noto CJK where none is installed), with a
 * streaming unit's detail beside the list. The operator's language is put back to English afterwards.
 * Written to docs/screenshots/unit-list-zh.png (SCREENSHOTS_DIR to write elsewhere).
 */
import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { login } from '../support';

const dir = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dirname, '../../../docs/screenshots');

test('the unit list in Chinese', async ({ page }) => {
  await login(page, 'luc_regular');
  await page.goto('/list?ignoreRouteDefault=1');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-switch-zh').click();
  await expect(page.getByTestId('page-title')).toHaveText('单元列表');
  try {
    const streaming = page.locator('[data-testid^="unit-row-"][data-status="streaming"]');
    await expect(streaming.first()).toBeVisible({ timeout: 30_000 });
    await streaming.first().click();
    const chart = page.getByTestId('unit-detail-bitrate-chart');
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => Number(await chart.getAttribute('data-shown')), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('unit-detail-modems')).toBeVisible();
    await page.screenshot({ path: join(dir, 'unit-list-zh.png') });
  } finally {
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-en').click();
    await expect(page.getByTestId('language-switch')).toHaveAttribute('data-language', 'en');
  }
});
