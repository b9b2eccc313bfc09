/**
 * The channel picker open (README gallery): a streaming demo fleet's unit, its Camera tab, the channel
 * field opened — the user's channels by name in natural order, each with its hub, its status by label
 * (idle, collecting from which unit, offline) and its licence, those the unit cannot take now greyed
 * with the reason. Written to docs/screenshots/channel-picker.png (SCREENSHOTS_DIR to write elsewhere).
 */
import { expect, test } from '@playwright/test';
import { join, resolve } from 'node:path';
import { login } from '../support';

const dir = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dirname, '../../../docs/screenshots');

test('the channel picker open on a unit’s Camera tab', async ({ page }) => {
  await login(page, 'luc_regular');
  await page.goto('/list?ignoreRouteDefault=1');
  // Some units stream, so some channels collect: the picture shows free and busy ones side by side.
  await expect(page.locator('[data-testid^="unit-status-"]', { hasText: /^streaming/ }).first()).toBeVisible({ timeout: 30_000 });
  const units = (await (await page.request.get('/api/devices/fetch')).json()) as { uniqueId: string; typeGroup: string; status: string }[];
  const unit = units.find((u) => u.typeGroup === 'fieldUnits' && u.status === 'idle') ?? units[0];
  expect(unit).toBeDefined();
  await page.goto(`/list?unit=${unit!.uniqueId}&tab=camera&ignoreRouteDefault=1`);
  const input = page.getByTestId('unit-detail-channel-input');
  await expect(input).toBeVisible({ timeout: 30_000 });
  await input.scrollIntoViewIfNeeded();
  await input.click();
  // Searched by the hub of a channel that collects: its channels in natural order, free and busy ones together.
  const busy = page.locator('[data-testid="unit-detail-channel-input-option"][data-use="busy"]').first();
  await expect(busy).toBeAttached({ timeout: 30_000 });
  const busyId = await busy.getAttribute('data-channel');
  const channels = (await (await page.request.get('/api/channels/fetch')).json()) as { channels: { channelId: string; serverName: string }[] };
  const hub = channels.channels.find((c) => c.channelId === busyId)?.serverName ?? '';
  await input.fill(hub);
  await expect(page.getByTestId('unit-detail-channel-input-option').first()).toContainText(hub);
  await page.screenshot({ path: join(dir, 'channel-picker.png') });
});
