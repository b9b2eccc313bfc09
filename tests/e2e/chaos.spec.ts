/**
 * The console under chaos rules (the mock's control plane, `chaos.*`), driven over HTTP as a QA
 * suite would: an error rule on the unit list read shows the list's error state, and its Retry
 * works once the rule is removed; a /ws cut shows the LIVE pill lost and live values stale until
 * the rule is removed. The rules name the test's own user, so the other specs on this stack are
 * unaffected (they only see the header's warning while the rules exist).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './sandbox';
import type { ChaosRule } from '@fleet/contracts';
import en from '../../apps/console/src/i18n/en.json' with { type: 'json' };
import chaosEn from '../../apps/console/src/i18n/areas/chaos.en.json' with { type: 'json' };
import { apiAs, ownUser, signIn } from './support';

async function addRule(admin: APIRequestContext, rule: unknown): Promise<string> {
  const res = await admin.post('mock/trpc/chaos.add', { data: rule });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { result: { data: ChaosRule } }).result.data.id;
}

async function ruleOf(admin: APIRequestContext, id: string): Promise<ChaosRule | undefined> {
  const res = await admin.get('mock/trpc/chaos.list');
  return ((await res.json()) as { result: { data: ChaosRule[] } }).result.data.find((r) => r.id === id);
}

test('under chaos rules the console shows its error, retry and stale states, and the header warns', async ({ page, playwright, baseURL }) => {
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'chaos' });
  const admin = await apiAs(playwright, baseURL, 'super_user');
  const added: string[] = [];
  try {
    added.push(await addRule(admin, { surface: 'http', match: { callId: 'fetchDevices', user: user.username }, effect: { kind: 'error', status: 500 } }));
    const failing = added[0]!;
    await signIn(page, user.username, user.password);
    // The list is opened once the console's live topics are acknowledged: a read on its way at the
    // acknowledgement is sent again (its answer may predate the subscription), which would add reads.
    await page.goto('channels');
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });
    expect((await ruleOf(admin, failing))?.hits).toBe(0);
    await page.getByTestId('nav-unitList').click();

    // The read fails (the console retries a 500 twice, then says so) and the header says why.
    const error = page.getByTestId('units-error');
    await expect(error).toContainText(en.units.internalError, { timeout: 15_000 });
    const warning = page.getByTestId('chaos-indicator');
    await expect(warning).toContainText(chaosEn.header.pill_one.replace('{{count}}', '1'));
    // An operator cannot open the panel: the warning is no link for them.
    await expect(warning).not.toHaveAttribute('href');
    expect((await ruleOf(admin, failing))?.hits).toBe(3);

    // Removed: Retry reads the list again, and the warning goes.
    expect((await admin.post('mock/trpc/chaos.remove', { data: { id: failing } })).ok()).toBe(true);
    await page.getByTestId('units-retry').click();
    await expect(page.getByTestId('unit-table')).toBeVisible();
    await expect(warning).toBeHidden();

    // The realtime connection cut while the rule is active: the pill says it is lost, live values are stale.
    const pill = page.getByTestId('realtime-status');
    await expect(pill).toHaveAttribute('data-status', 'open', { timeout: 30_000 });
    added.push(await addRule(admin, { surface: 'ws', match: { user: user.username }, effect: { kind: 'cut' } }));
    await expect(pill).toHaveAttribute('data-lost', 'true');
    await expect(pill).toHaveText(en.realtime.status.lost);
    await expect(page.locator('[data-testid^="unit-live-status-"][data-stale="connection"]').first()).toBeVisible();
    expect((await ruleOf(admin, added[1]!))?.hits).toBeGreaterThanOrEqual(1);

    // Removed: the console reconnects on its own and its values are live again.
    expect((await admin.post('mock/trpc/chaos.remove', { data: { id: added[1]! } })).ok()).toBe(true);
    await expect(pill).toHaveAttribute('data-lost', 'false', { timeout: 30_000 });
    await expect(page.locator('[data-testid^="unit-live-status-"][data-stale="connection"]')).toHaveCount(0);
  } finally {
    for (const id of added) await admin.post('mock/trpc/chaos.remove', { data: { id } });
    await admin.dispose();
    await user.dispose();
  }
});
