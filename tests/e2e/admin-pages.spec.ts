/**
 * The admin pages (spec 001 §2 /whats_new, system messages and the global notification banner,
 * /access_approvals, /remote_actions for super user and staff; §4 access approvals; §9 expiry
 * flags) in Chromium against the real stack: a what's new entry created, published and deleted by
 * the super user and seen live by a second (staff) console; the spec's message inline; a global
 * system message shown in another user's banner without a reload and gone once deleted; an access
 * approval (opened through REST by the support access remote action on a unit no other spec uses)
 * revoked; staff's remote actions over every inventory (luc_admin sent from /access_approvals to the
 * unit list is asserted by apps/console/src/routing/ManageGuards.test.tsx).
 * Everything made here is deleted or ends (the approval) within the test.
 */
import { expect, test } from './sandbox';
import { apiAs, secondConsole, signIn, trackNavigations } from './support';

// Each test signs in two consoles (or a console and a REST client) on a stack shared with other specs: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });

test("what's new: created, published and deleted by the super user, seen live by another console; the title rule inline", async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `E2E-admin-pages-${Date.now()}`;
  await signIn(page, 'super_user');
  await page.goto('whats_new?ignoreRouteDefault=1');
  await expect(page.getByTestId('whats-new-section')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('wn-row-wnw-10-1')).toBeVisible({ timeout: 30_000 });

  const other = await secondConsole(browser, baseURL, 'staff');
  try {
    await other.page.goto('whats_new?ignoreRouteDefault=1');
    await expect(other.page.getByTestId('wn-row-wnw-10-1')).toBeVisible({ timeout: 30_000 });
    const navigations = trackNavigations(other.page);

    // The spec's message, before anything is sent.
    await page.getByTestId('wn-create').click();
    await page.getByTestId('wn-save').click();
    await expect(page.getByTestId('wn-error.title')).toHaveText('This field is required');
    await page.getByTestId('wn-title').fill(title);
    await page.getByTestId('wn-link').fill('ftp://example.com');
    await page.getByTestId('wn-save').click();
    await expect(page.getByTestId('wn-error.link')).toHaveText('Must be an http or https address');
    await page.getByTestId('wn-link').fill('https://example.com/notes');
    await page.getByTestId('wn-save').click();
    await expect(page.getByTestId('wn-form')).toHaveCount(0);

    const mine = page.locator(`[data-testid^="wn-row-"][data-title="${title}"]`);
    await expect(mine).toBeVisible();
    const id = (await mine.getAttribute('data-testid'))!.replace('wn-row-', '');
    try {
      await expect(page.getByTestId(`wn-status-${id}`)).toHaveAttribute('data-status', 'draft');
      // The other console sees it arrive, then published, without a reload.
      await expect(other.page.getByTestId(`wn-row-${id}`)).toBeVisible({ timeout: 15_000 });
      await page.getByTestId(`wn-publish-${id}`).click();
      await expect(page.getByTestId(`wn-status-${id}`)).toHaveAttribute('data-status', 'published');
      await expect(other.page.getByTestId(`wn-status-${id}`)).toHaveAttribute('data-status', 'published', { timeout: 15_000 });

      await page.getByTestId(`wn-delete-${id}`).click();
      await expect(page.getByTestId('wn-delete-question')).toContainText(title);
      await page.getByTestId('wn-delete-confirm').click();
      await expect(page.getByTestId(`wn-row-${id}`)).toHaveCount(0);
      await expect(other.page.getByTestId(`wn-row-${id}`)).toHaveCount(0, { timeout: 15_000 });
      expect(navigations).toEqual([]);
    } finally {
      // Already deleted above unless the test stopped early (then this removes it; a 404 is fine).
      await page.request.delete(`api/v2/admin/whatsNew/${id}`);
    }
  } finally {
    await other.close();
  }
});

test("a global system message shows in another user's banner without a reload and leaves it once deleted", async ({ page, browser, baseURL }) => {
  const text = `E2E-admin-pages message ${Date.now()}`;
  const other = await secondConsole(browser, baseURL, 'luc_regular');
  try {
    const navigations = trackNavigations(other.page);
    await signIn(page, 'super_user');
    await page.goto('whats_new?ignoreRouteDefault=1');
    await page.getByTestId('tab-system-messages').click();
    await expect(page.getByTestId('system-messages-section')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('sm-create').click();
    // The spec's messages inline: the text is required, the expiry date lies in the future.
    await page.getByTestId('sm-save').click();
    await expect(page.getByTestId('sm-error.message')).toHaveText('This field is required');
    await page.getByTestId('sm-message').fill(text);
    await page.getByTestId('sm-expire').fill('2020-01-01T10:00');
    await page.getByTestId('sm-save').click();
    await expect(page.getByTestId('sm-error.expireDate')).toHaveText('Expiry date must be in the future');
    await page.getByTestId('sm-expire').fill('');
    await page.getByTestId('sm-save').click();
    await expect(page.getByTestId('sm-form')).toHaveCount(0);

    const row = page.locator(`[data-testid^="sm-row-"][data-message="${text}"]`);
    await expect(row).toBeVisible();
    const id = (await row.getAttribute('data-testid'))!.replace('sm-row-', '');
    try {
      await expect(other.page.getByTestId(`notification-${id}`)).toContainText(text, { timeout: 15_000 });
      await page.getByTestId(`sm-delete-${id}`).click();
      await page.getByTestId('sm-delete-confirm').click();
      await expect(row).toHaveCount(0);
      await expect(other.page.getByTestId(`notification-${id}`)).toHaveCount(0, { timeout: 15_000 });
      expect(navigations).toEqual([]);
    } finally {
      // Already deleted above unless the test stopped early (then this removes it; a 404 is fine).
      await page.request.delete(`api/v2/admin/systemMessages/${id}`);
    }
  } finally {
    await other.close();
  }
});

test('an access approval opened by support access is revoked on /access_approvals', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const res = await api.post('api/v2/remoteActions', {
    data: { deviceType: 'unit', deviceId: 'LUSMART-0002', action: 'supportAccess', reason: `E2E-admin-pages ${Date.now()}` },
  });
  expect(res.ok()).toBe(true);
  const approvalId = ((await res.json()) as { supportAccess: { id: string } }).supportAccess.id;
  try {
    await signIn(page, 'super_user');
    await page.goto('access_approvals?ignoreRouteDefault=1');
    await expect(page.getByTestId('access-approvals-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('aa-search').fill('LUSMART-0002');
    const row = page.getByTestId(`aa-row-${approvalId}`);
    await expect(row).toHaveAttribute('data-status', 'active', { timeout: 30_000 });
    await page.getByTestId(`aa-revoke-${approvalId}`).click();
    await expect(row).toHaveAttribute('data-status', 'expired');
    await expect(page.getByTestId(`aa-ended-${approvalId}`)).toContainText('super_user');
    await expect(page.getByTestId(`aa-revoke-${approvalId}`)).toHaveCount(0);
  } finally {
    // Whatever happened above, the access ends (an already ended one answers 409).
    await api.put(`api/v2/admin/accessApprovals/${approvalId}/revoke`, { data: {} });
    await api.dispose();
  }
});

test("staff opens the admin remote actions: every inventory's devices, narrowed by the inventory filter", async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('remote_actions?ignoreRouteDefault=1');
  await expect(page.getByTestId('remote-actions-admin-view')).toBeVisible({ timeout: 30_000 });
  // Units of two organisations' inventories (a partner would see only its own).
  await expect(page.getByTestId('ra-device-LU800-0001')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ra-device-LU800-0005')).toBeVisible();
  await page.getByTestId('ra-inventory-filter').click();
  await page.getByRole('option', { name: 'Metro-TV', exact: true }).click();
  await expect(page.getByTestId('ra-device-LU800-0001')).toHaveCount(0);
  await expect(page.getByTestId('ra-device-LU800-0005')).toBeVisible();
  await expect(page.getByTestId('ra-history').or(page.getByTestId('ra-history-empty'))).toBeVisible();
});
