/**
 * /batch_upgrade (spec 001 §2 super-user page, §5 "Batch upgrade CSV: at most 500 devices", §9
 * "500 devices per batch", §4 states, §8 codes) in Chromium against the real stack: a CSV of a few
 * lines lists the refused ones with their line and message (again after a reload, in English and
 * Chinese: the core stores them with the batch), and its accepted device runs to its end live, in
 * the batch and in the list of batches. A CSV of 501 devices refused before anything is sent
 * (apps/console/src/features/batch-upgrade/BatchUpgrade.page.test.tsx; the core's refusal:
 * tests/integration/upgrade-batches.test.ts) and a user who is not a super user sent to the unit
 * list (apps/console/src/routing/ManageGuards.test.tsx) are asserted at lower tiers.
 *
 * Device: UNIT (no other spec uses it; every run starts from a fresh seed) is upgraded once, to a
 * version the core offers it, with its outcome forced to success by a control-plane fault (the
 * test's).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import zhBatch from '../../apps/console/src/i18n/areas/batchUpgrade.zh.json' with { type: 'json' };
import { apiAs, ownUser, signIn, reloadInPlace } from './support';

const UNIT = 'DRONE-0001';

async function openBatchUpgrade(page: Page): Promise<void> {
  await page.goto('batch_upgrade?ignoreRouteDefault=1');
  await expect(page.getByTestId('batch-upgrade-page')).toBeVisible({ timeout: 30_000 });
}

const csvOf = (rows: readonly (readonly [string, string])[]) => ['deviceId,targetVersion', ...rows.map(([d, v]) => `${d},${v}`)].join('\n');

test('a CSV of a few lines: refused lines with their messages, the accepted device runs to its end live', async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const operator = await apiAs(playwright, baseURL, 'super_user');
  // A run without a forced outcome may fail by itself (the simulator's failure rate): force success.
  const forced = await operator.post('mock/trpc/fault.inject', { data: { unitId: UNIT, fault: { type: 'upgradeOutcome', code: null } } });
  expect(forced.ok()).toBe(true);
  // A super user of this test's own: the language it switches to is kept in the user's preferences,
  // which a spec running beside this one as super_user would otherwise load.
  const user = await ownUser(playwright, baseURL, 'super_user', { label: 'lang-batch' });
  try {
    const offered = (await (await operator.get(`api/v2/units/${UNIT}/upgrade/targets`)).json()) as {
      currentVersion: string;
      targets: { number: string; eligible: boolean }[];
    };
    const TARGET = offered.targets.find((t) => t.eligible && t.number !== offered.currentVersion)?.number ?? '';
    expect(TARGET).not.toBe('');
    await signIn(page, user.username, user.password);
    await openBatchUpgrade(page);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    const name = `E2E-batch-${Date.now()}`;
    await page.getByTestId('batch-name').fill(name);
    await page.getByTestId('batch-csv').fill(
      csvOf([
        [UNIT, TARGET],
        ['NOPE-0001', '10.1'],
        [UNIT, TARGET],
      ]),
    );
    await expect(page.getByTestId('batch-count')).toHaveText('3 devices in the file');
    await page.getByTestId('batch-submit').click();

    // Line 3 names an unknown device, line 4 the unit again.
    await expect(page.getByTestId('batch-row-results')).toHaveAttribute('data-accepted', '1');
    await expect(page.getByTestId('batch-refused-line-3')).toContainText('NOPE-0001');
    await expect(page.getByTestId('batch-refused-line-3')).toContainText('Device not found');
    await expect(page.getByTestId('batch-refused-line-4')).toContainText('Device is listed more than once');
    await expect(page.getByTestId('batch-refused-line-2')).toHaveCount(0);
    // The same text is not sent twice.
    await expect(page.getByTestId('batch-submit')).toBeDisabled();

    // The batch opens with its device, which runs to its end live.
    await expect(page.getByTestId('batch-detail')).toBeVisible();
    // The refused repeat is in the answer only: the unit has one job, which runs.
    const job = page.locator(`[data-testid^="batch-job-"][data-device="${UNIT}"]`);
    await expect(job).toHaveCount(1);
    const runId = (await job.getAttribute('data-testid'))!.replace('batch-job-', '');
    await expect(page.getByTestId(`batch-job-state-${runId}`)).toHaveAttribute('data-state', /pending|upgrading/);
    await expect(page.getByTestId(`batch-job-state-${runId}`)).toHaveAttribute('data-state', 'succeeded', { timeout: 150_000 });
    await expect(page.getByTestId('batch-detail-counts')).toHaveAttribute('data-succeeded', '1');
    await expect(page.getByTestId('batch-detail-state')).toHaveText('Completed');
    const batchId = await page.getByTestId('batch-detail').getAttribute('data-batch-id');
    await expect(page.getByTestId(`batch-row-${batchId}`)).toHaveAttribute('data-state', 'completed');
    await expect(page.getByTestId(`batch-row-${batchId}`)).toContainText(name);
    expect(navigations.filter((url) => !url.includes('batch='))).toEqual([]);

    // The batch is stored with its lines: it opens again after a reload, the refused lines and why with it.
    await reloadInPlace(page);
    await expect(page.getByTestId(`batch-job-state-${runId}`)).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
    await expect(page.getByTestId('batch-row-results')).toHaveAttribute('data-accepted', '1');
    await expect(page.getByTestId('batch-row-results')).toHaveAttribute('data-refused', '2');
    await expect(page.getByTestId('batch-refused-line-3')).toContainText('NOPE-0001');
    await expect(page.getByTestId('batch-refused-line-3')).toContainText('Device not found');
    await expect(page.getByTestId('batch-refused-line-4')).toContainText('Device is listed more than once');
    // In Chinese too.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-zh').click();
    await expect(page.getByTestId('batch-row-results')).toContainText(zhBatch.rows.title);
    await expect(page.getByTestId('batch-refused-line-3')).toContainText(zhBatch.messages.batchUpgradeDeviceNotFound);
    await expect(page.getByTestId('batch-refused-line-4')).toContainText(zhBatch.messages.batchUpgradeDuplicateDevice);
  } finally {
    await user.dispose();
    await operator.dispose();
  }
});
