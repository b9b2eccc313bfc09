/**
 * /entities/:kind for contractors (spec 001 §2 "one list view with a chosen entity kind";
 * "Contractor entities need luc_contractor") in Chromium against the real stack: the units of the
 * contractor's inventory (not another's), a search, a sort, then other kinds picked from the tabs
 * (channels, multimedia hubs, databridge gateways), each with its own columns.
 */
import { expect, test } from './sandbox';
import { apiAs, signIn } from './support';

test('a contractor switches entity kinds and searches', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_contractor');
  const found = await api.get('api/v2/admin/units?searchKey=uniqueId&searchValue=LU800-0003');
  expect(found.ok()).toBe(true);
  const unitName = ((await found.json()) as { items: { name: string }[] }).items[0]?.name ?? '';
  expect(unitName).not.toBe('');

  await signIn(page, 'luc_contractor');
  await page.goto('entities/units?ignoreRouteDefault=1');
  await expect(page.getByTestId('entities-units')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('entities-row-LU800-0001')).toBeVisible();
  // Metro-TV is not the contractor's inventory.
  await expect(page.getByTestId('entities-row-LU800-0005')).toHaveCount(0);

  await page.getByTestId('entities-search').fill(unitName);
  await expect(page.getByTestId('entities-row-LU800-0003')).toBeVisible();
  await expect(page.getByTestId('entities-row-LU800-0001')).toHaveCount(0);
  await page.getByTestId('entities-search').fill('');
  await expect(page.getByTestId('entities-row-LU800-0001')).toBeVisible();

  // Sorting by ID, descending: the last ID comes first.
  await page.getByTestId('entities-sort-uniqueId').click();
  await page.getByTestId('entities-sort-uniqueId').click();
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('ID');
  // The core sorts: the header shows the new order at once, the rows once its answer is in.
  const rowIds = () => page.locator('[data-testid^="entities-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));
  await expect
    .poll(async () => {
      const ids = await rowIds();
      return ids.length > 1 && ids.join() === [...ids].sort().reverse().join();
    })
    .toBe(true);

  await page.getByTestId('section-tab-channels').click();
  await expect(page).toHaveURL(/\/entities\/channels/);
  await expect(page.getByTestId('entities-row-MMH-0001-CH1')).toBeVisible();
  await expect(page.getByTestId('entities-row-MMH-0002-CH1')).toHaveCount(0);
  await page.getByTestId('entities-search').fill('MMH-0001-CH2');
  await page.getByTestId('entities-search-key').click();
  await page.getByRole('option', { name: 'ID', exact: true }).click();
  await expect(page.getByTestId('entities-row-MMH-0001-CH2')).toBeVisible();
  await expect(page.getByTestId('entities-row-MMH-0001-CH1')).toHaveCount(0);

  await page.getByTestId('section-tab-mmh_servers').click();
  await expect(page.getByTestId('entities-row-MMH-0001')).toBeVisible();
  // A new kind starts without the previous search.
  await expect(page.getByTestId('entities-search')).toHaveValue('');

  await page.getByTestId('section-tab-db_gateways').click();
  await expect(page.getByTestId('entities-row-dbg-0001')).toContainText('dbg1.example.net:7000');
});

test('a gateway added, renamed and removed in another console shows in the contractor’s list without a reload', async ({ page, playwright, baseURL }) => {
  const admin = await apiAs(playwright, baseURL, 'super_user');
  await signIn(page, 'luc_contractor');
  await page.goto('entities/db_gateways?ignoreRouteDefault=1');
  await expect(page.getByTestId('entities-row-dbg-0001')).toBeVisible({ timeout: 30_000 });
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  let id: string | null = null;
  try {
    const created = await admin.post('api/v2/admin/dbGateways', {
      data: { name: 'E2E-live-gw', host: 'e2e-live.example.net', port: 7100, inventoryId: 'inv-global' },
    });
    expect(created.status(), await created.text()).toBe(201);
    id = ((await created.json()) as { id: string }).id;
    const row = page.getByTestId(`entities-row-${id}`);
    await expect(row).toContainText('E2E-live-gw');
    expect((await admin.put(`api/v2/admin/dbGateways/${id}`, { data: { name: 'E2E-live-gw-2' } })).ok()).toBe(true);
    await expect(row).toContainText('E2E-live-gw-2');
    expect((await admin.delete(`api/v2/admin/dbGateways/${id}`)).ok()).toBe(true);
    id = null;
    await expect(row).toHaveCount(0);
    expect(navigations).toEqual([]);
  } finally {
    if (id !== null) await admin.delete(`api/v2/admin/dbGateways/${id}`);
  }
});
