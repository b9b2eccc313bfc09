/**
 * /reports (spec 001 §2 for the manage roles; §4 usage kinds data and time, "over usage") in
 * Chromium against the real stack: the current inventory's usage over the last 30 days (seeded for
 * the last months, so a fresh stack shows data) with totals,
 * charts and a per-unit table; the period presets, a period out of order refused inline, the kind
 * switched to time; a simulated unit streaming makes its row grow without a reload (usage written
 * every few seconds, announced over /ws). A role without access sent to the unit list is asserted
 * by apps/console/src/routing/ManageGuards.test.tsx. The stream started is stopped again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import type { UsageReport } from '@fleet/contracts';
import { apiAs, leaseUnit, releaseUnits, signIn } from './support';

test.afterEach(releaseUnits);

async function openReports(page: Page): Promise<void> {
  await page.goto('reports?ignoreRouteDefault=1');
  await expect(page.getByTestId('reports-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('reports-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
  await expect(page.getByTestId('reports-table')).toBeVisible({ timeout: 30_000 });
}

test("an admin reads the inventory's usage: totals, charts, a row per unit; presets, kinds and a bad period", async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_admin');
  const report: UsageReport = await (await api.get('api/v2/inventories/inv-global/usageReport')).json();
  await api.dispose();
  await signIn(page, 'luc_admin');
  // The page asks for the last 30 days up to today (the browser's day, read around the request: a run may cross midnight).
  const dayBefore = new Date().toISOString().slice(0, 10);
  const asked = page.waitForRequest((r) => r.url().includes('/usageReport?'));
  await openReports(page);
  const dayAfter = new Date().toISOString().slice(0, 10);
  const period = new URL((await asked).url()).searchParams;
  expect([dayBefore, dayAfter]).toContain(period.get('to'));
  const to = period.get('to') ?? '';
  expect(period.get('from')).toBe(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
  // A fresh stack already has the seeded usage of the last months.
  expect(report.totals.dataBytes).toBeGreaterThan(0);
  expect(report.totals.seconds).toBeGreaterThan(0);
  await expect(page.getByTestId('reports-total-units')).toHaveText(String(report.totals.units));
  await expect(page.getByTestId('reports-chart-days')).toBeVisible();
  await expect(page.getByTestId('reports-chart-units')).toBeVisible();
  for (const u of report.units.slice(0, 3)) await expect(page.getByTestId(`reports-row-${u.unitId}`)).toBeVisible();
  await expect(page.getByTestId('reports-to')).toHaveValue(to);
  await expect(page.getByTestId('reports-from')).toHaveValue(period.get('from') ?? '');

  await page.getByTestId('reports-preset').getByText('Last 7 days').click();
  const today = Date.parse(`${to}T00:00:00Z`);
  await expect(page.getByTestId('reports-from')).toHaveValue(new Date(today - 6 * 86_400_000).toISOString().slice(0, 10));
  await page.getByTestId('reports-kind').getByText('Time').click();
  await expect(page.getByTestId('reports-chart-days')).toContainText('Time per day');

  await page.getByTestId('reports-from').fill('2099-01-01');
  await expect(page.getByTestId('reports-period-error')).toHaveText('The first day must not come after the last');
  await page.getByTestId('reports-preset').getByText('Last 30 days').click();
  await expect(page.getByTestId('reports-period-error')).toHaveCount(0);
});

test("a streaming unit's usage grows in the report without a reload", async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const report: UsageReport = await (await api.get('api/v2/inventories/inv-global/usageReport')).json();
  // An idle unit of the inventory that may stream, picked now (others may be streaming from earlier specs).
  const id = await leaseUnit(async () => {
    const idle: string[] = [];
    for (const u of report.units) {
      const d = (await (await api.get(`api/v2/units/${u.unitId}`)).json()) as { status: string; cameraConnected: boolean; licenseValid: boolean };
      if (d.status === 'idle' && d.cameraConnected && d.licenseValid) idle.push(u.unitId);
    }
    return idle;
  }, 'an idle unit of Global-News');
  await signIn(page, 'luc_admin');
  await openReports(page);
  const cell = page.getByTestId(`reports-data-${id}`);
  const before = Number(await cell.getAttribute('data-value'));
  // The seed's usage of the last months is already there: the row grows from it.
  const timeBefore = Number(await page.getByTestId(`reports-time-${id}`).getAttribute('data-value'));
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  try {
    expect((await api.post(`api/v2/units/${id}/stream`)).ok()).toBe(true);
    await expect.poll(async () => Number(await cell.getAttribute('data-value')), { timeout: 30_000 }).toBeGreaterThan(before);
    await expect
      .poll(async () => Number(await page.getByTestId(`reports-time-${id}`).getAttribute('data-value')), { timeout: 30_000 })
      .toBeGreaterThan(timeBefore);
    expect(navigations).toEqual([]);
  } finally {
    await api.delete(`api/v2/units/${id}/stream`);
    await expect
      .poll(async () => ((await (await api.get(`api/v2/units/${id}`)).json()) as { status: string }).status, { timeout: 30_000 })
      .not.toMatch(/streaming/);
    await api.dispose();
  }
});
