/**
 * The unit detail panel (spec 000 §2 unit detail tabs; §4 transitions, channel selection,
 * transmission modes) in /list?unit=<id>, against the real stack and simulator: tabs switched and a
 * stream started and stopped live. The §4 and §5 refusals and validation, the configuration modal
 * and dialogs in the URL and a read-only user's panel are asserted by the component tests
 * (apps/console/src/features/unit-detail/UnitDetailRules.test.tsx).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { leaseUnit, login, releaseUnits, stopStreamConfirming } from './support';
import detailEn from '../../apps/console/src/i18n/areas/unitDetail.en.json' with { type: 'json' };

test.afterEach(releaseUnits);

const TABS = ['multiCamera', 'intercom', 'databridge', 'videoReturn', 'xtend', 'camera'] as const;

interface ListedUnit {
  uniqueId: string;
  status: string;
  cameraConnected: boolean;
  licenseValid: boolean;
  typeGroup: string;
  applications: Record<string, unknown>;
}

/** Waits (through REST, with the page's session) for an idle unit that can stream: camera connected, valid licence. */
async function idleStreamableUnit(page: Page, prefer: readonly string[] = []): Promise<string> {
  return leaseUnit(
    async () => {
      const res = await page.request.get('api/devices/fetch');
      if (!res.ok()) return [];
      const units = (await res.json()) as ListedUnit[];
      return units
        .filter((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.typeGroup === 'fieldUnits' && Object.keys(u.applications).length === 0)
        .map((u) => u.uniqueId);
    },
    'an idle unit with a camera',
    prefer,
  );
}

/**
 * Records every data-state the element `testId` shows (a MutationObserver in the page), so a short
 * transition is seen even when the machine is slower than the unit.
 */
async function recordStates(page: Page, testId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    const w = window as unknown as Record<string, string[]>;
    w[`states:${id}`] = seen;
    const note = () => {
      const value = document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') ?? null;
      if (value !== null && seen.at(-1) !== value) seen.push(value);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  }, testId);
  return () => page.evaluate((id) => (window as unknown as Record<string, string[]>)[`states:${id}`] ?? [], testId);
}

/** Marks the loaded document; the mark is gone after a reload (URL updates of the SPA keep it). */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as Record<string, boolean>).__unitDetailMark = true;
  });
  return () => page.evaluate(() => (window as unknown as Record<string, boolean>).__unitDetailMark === true);
}

test('a regular user switches tabs and starts and stops a stream live, without a reload', async ({ page }) => {
  await login(page, 'luc_regular');
  const id = await idleStreamableUnit(page, ['LU800-0001']);
  await page.goto(`list?unit=${id}&ignoreRouteDefault=1`);
  const panel = page.getByTestId('unit-detail');
  await expect(panel).toHaveAttribute('data-unit-id', id);
  await expect(page.getByTestId('unit-detail-status')).toHaveAttribute('data-status', 'idle');
  const sameDocument = await markDocument(page);

  // Tabs follow the URL (`tab`), the other params stay.
  for (const tab of TABS) {
    await page.getByTestId(`unit-detail-tab-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tab=${tab}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]unit=${id}(&|$)`));
    await expect(panel).toHaveAttribute('data-tab', tab);
  }

  // Start: connecting → running (streaming), then stop: disconnecting → stopped (idle).
  const state = page.getByTestId('unit-detail-stream-state');
  await expect(state).toHaveAttribute('data-state', 'off');
  const states = await recordStates(page, 'unit-detail-stream-state');
  await page.getByTestId('unit-detail-stream-start').click();
  await expect(state).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
  expect(await states()).toEqual(['off', 'connecting', 'running']);
  await expect(page.getByTestId('unit-detail-status')).toHaveAttribute('data-status', 'streaming');

  // Live telemetry (every 5 s) reaches the bitrate graph and the header without a reload.
  const points = page.getByTestId('unit-detail-bitrate-points');
  const before = await points.getAttribute('data-last');
  await expect.poll(async () => points.getAttribute('data-last'), { timeout: 20_000 }).not.toBe(before);
  await expect.poll(async () => Number(await page.getByTestId('unit-detail-total-bitrate').getAttribute('data-kbps')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('unit-detail-battery')).toHaveAttribute('data-colour', /^(green|yellow|red)$/);

  await stopStreamConfirming(page, id, page.getByTestId('unit-detail-stream-stop'));
  await expect(state).toHaveAttribute('data-state', 'off', { timeout: 20_000 });
  expect(await states()).toEqual(['off', 'connecting', 'running', 'disconnecting', 'off']);
  await expect(state).toHaveText(detailEn.state.off);
  await expect(page.getByTestId('unit-detail-status')).toHaveAttribute('data-status', 'idle');
  expect(await sameDocument()).toBe(true);
});

test('a regular user chooses the unit’s channel by the name the pages show, and the unit then shows it by name', async ({ page }) => {
  await login(page, 'luc_regular');
  const id = await idleStreamableUnit(page, ['LU800-0001']);
  const unit = (await (await page.request.get(`api/v2/units/${id}`)).json()) as { inventoryIds: string[]; selectedChannel: { channelId: string | null } };
  const list = (await (await page.request.get('api/channels/fetch')).json()) as {
    channels: { channelId: string; channelName: string; serverName: string; status: string; supportedByUnit: boolean; inventoryIds: string[] }[];
  };
  // An idle channel of the unit's inventories, other than the one it has.
  const channel = list.channels.find(
    (c) =>
      c.status === 'idle' && c.supportedByUnit && c.channelId !== unit.selectedChannel.channelId && c.inventoryIds.some((i) => unit.inventoryIds.includes(i)),
  );
  expect(channel, 'an idle channel of the unit’s inventories').toBeDefined();
  const { channelId, channelName: name, serverName: hub } = channel!;

  await page.goto(`list?unit=${id}&tab=camera&ignoreRouteDefault=1`);
  const input = page.getByTestId('unit-detail-channel-input');
  await expect(input).toBeVisible({ timeout: 30_000 });
  await input.click();
  await input.fill(name);
  const option = page.getByTestId('unit-detail-channel-input-option').and(page.locator(`[data-channel="${channelId}"]`));
  await expect(option).toContainText(hub);
  await expect(option).toContainText('Idle');
  await option.click();
  await expect(input).toHaveValue(`${name} · ${hub}`);

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/devices/${id}/commands/setVirtualChannel`));
  await page.getByTestId('unit-detail-channel-apply').click();
  expect((await sent).postDataJSON()).toEqual({ channelId });
  await expect(page.getByTestId('unit-detail-channel-result')).toHaveAttribute('data-outcome', 'selected', { timeout: 20_000 });
  await expect(page.getByTestId('unit-detail-channel-result')).toContainText(name);
  await expect(page.getByTestId('unit-detail-channel')).toContainText(name);
});
