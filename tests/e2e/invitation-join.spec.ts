/**
 * Joining a group with an invitation code (spec 001 §1 "Guests and freelancers take part through
 * ad-hoc or permanent invitations", §2 add LU-Smart/Lite and the easy-live page) in Chromium against
 * the real stack: an admin turns ad-hoc joining on in the Add LU-Smart/Lite modal and reads the code
 * and its easy-live link; another user opens the link, finds the code filled in and joins with an
 * LU-Smart; the admin's open group modal shows the new unit among the group's members without a
 * reload, and the simulator brings it online. Everything is the test's own (a group, two users, the
 * unit), made through the API and removed after.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, ownUser, signIn, trackNavigations, waitOnline } from './support';

async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test("a device joins a group with the ad-hoc code's easy-live link; the group's open modal shows it live", async ({ page, browser, baseURL, playwright }) => {
  // Two users of its own signing in, two browser contexts, a device booting: room for a loaded machine.
  test.setTimeout(120_000);
  const api = await apiAs(playwright, baseURL, 'super_user');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const groupName = `E2E-Join-${stamp}`;
  const deviceName = `E2E-Guest-${stamp}`;
  let groupId: string | null = null;
  let unitId: string | null = null;
  const users: { dispose: () => Promise<void> }[] = [];
  const guestContext = await browser.newContext({ baseURL });
  try {
    const created = await api.post('api/v2/admin/groups', { data: { name: groupName, inventoryId: 'inv-global' } });
    expect(created.ok(), await created.text()).toBe(true);
    groupId = ((await created.json()) as { id: string }).id;
    const admin = await ownUser(playwright, baseURL, 'luc_admin', { label: 'join-admin', inventoryIds: ['inv-global'], groupIds: [groupId] });
    users.push(admin);
    // Not a member of the group: the code is all the guest needs.
    const guest = await ownUser(playwright, baseURL, 'luc_regular', { label: 'join-guest', inventoryIds: ['inv-global'], groupIds: ['grp-studio'] });
    users.push(guest);

    // The admin turns ad-hoc joining on and reads the code and its link.
    await signIn(page, admin.username, admin.password);
    await page.goto(`groups?ignoreRouteDefault=1&group=${groupId}&tab=invitations`);
    await expect(page.getByTestId('group-invitations')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('group-add-lusmart').click();
    await expect(page.getByTestId('lusmart-adhoc')).toBeVisible();
    await choose(page, 'lusmart-adhoc-mode', 'Ad-hoc LU-Smart');
    await choose(page, 'lusmart-adhoc-period', '1 day');
    await page.getByTestId('lusmart-adhoc-save').click();
    const codeText = page.getByTestId('lusmart-adhoc-code');
    await expect(codeText).toHaveText(/^[A-Z2-9]{8}$/);
    const code = (await codeText.textContent()) ?? '';
    const linkText = page.getByTestId('lusmart-adhoc-code-link');
    await expect(linkText).toHaveText(new URL(`easy_live?invitation=${code}&ignoreRouteDefault=1`, baseURL).href);
    await expect(page.getByTestId('lusmart-adhoc-valid')).toContainText('Valid until');
    const link = (await linkText.textContent()) ?? '';
    await page.getByTestId('lusmart-close').click();
    await expect(page.getByTestId('lusmart-modal')).toHaveCount(0);

    // The admin watches the group's general tab: no unit yet.
    await page.getByTestId('group-tab-general').click();
    const units = page.getByTestId('group-members-units');
    await expect(units).toHaveAttribute('data-count', '0');
    const navigations = trackNavigations(page);

    // The guest opens the link: the easy-live page, the code filled in; joins with an LU-Smart.
    const guestPage = await guestContext.newPage();
    await signIn(guestPage, guest.username, guest.password);
    await guestPage.goto(link);
    await expect(guestPage.getByTestId('easy-live-page')).toBeVisible({ timeout: 30_000 });
    await expect(guestPage.getByTestId('join-code')).toHaveValue(code);
    await guestPage.getByTestId('join-device-name').fill(deviceName);
    await guestPage.getByTestId('join-product').getByText('LU-Smart', { exact: true }).click();
    await expect(guestPage.getByRole('radio', { name: 'LU-Smart' })).toBeChecked();
    await guestPage.getByTestId('join-submit').click();
    const done = guestPage.getByTestId('join-done');
    await expect(done).toContainText(`${deviceName} is now a unit of the group ${groupName}.`);
    await expect(done).toContainText('Plan: Ad-hoc LU-Smart (LU-Smart).');
    await expect(guestPage.getByTestId('join-done-stay')).toContainText('It stays in the group until');
    unitId = await done.getAttribute('data-unit');
    expect(unitId).toMatch(/^LUSMART-/);

    // The admin's open modal shows the unit among the group's members, live.
    await expect(units).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId(`group-member-units-${unitId}`)).toContainText(deviceName);
    expect(navigations).toEqual([]);
    // The simulator runs it like any unit.
    await waitOnline(api, unitId ?? '');

    // The code is the group's: a wrong one is refused under the field, in the spec's words.
    await guestPage.getByTestId('join-another').click();
    await guestPage.getByTestId('join-code').fill('ZZZZ2222');
    await guestPage.getByTestId('join-device-name').fill(`${deviceName}-2`);
    await guestPage.getByTestId('join-submit').click();
    await expect(guestPage.getByTestId('join-with-code')).toContainText('Invalid field');
    await expect(guestPage.getByTestId('join-done')).toHaveCount(0);
  } finally {
    await guestContext.close();
    if (unitId !== null) expect((await api.delete(`api/v2/admin/units/${unitId}`)).ok()).toBe(true);
    if (groupId !== null) expect((await api.delete(`api/v2/admin/groups/${groupId}`)).ok()).toBe(true);
    for (const user of users) await user.dispose();
    await api.dispose();
  }
});

test("the Simulator panel's 'Join with a code' makes a simulated LU-Lite join with a permanent key; the simulator runs it", async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(playwright, baseURL, 'super_user');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const groupName = `E2E-SimJoin-${stamp}`;
  const deviceName = `E2E-SimLite-${stamp}`;
  let groupId: string | null = null;
  let unitId: string | null = null;
  let operator: { username: string; password: string; dispose: () => Promise<void> } | null = null;
  try {
    const created = await api.post('api/v2/admin/groups', { data: { name: groupName, inventoryId: 'inv-global' } });
    expect(created.ok(), await created.text()).toBe(true);
    groupId = ((await created.json()) as { id: string; version: number }).id;
    const settings = await api.get(`api/groups/${groupId}/permanent`);
    const { version } = (await settings.json()) as { version: number };
    const saved = await api.put(`api/groups/${groupId}/permanent`, { data: { mode: 'PERMANENT_LITE', regenerate: 'never', version } });
    expect(saved.ok(), await saved.text()).toBe(true);
    const key = ((await saved.json()) as { key: string }).key;
    // An operator of the test's own: the pages it opens are saved in its preferences.
    operator = await ownUser(playwright, baseURL, 'super_user', { label: 'sim-join' });

    await signIn(page, operator.username, operator.password);
    await page.goto('simulator?ignoreRouteDefault=1');
    await expect(page.getByTestId('simulator-join')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('simulator-join-code').fill(key);
    await page.getByTestId('simulator-join-name').fill(deviceName);
    // An LU-Smart is not what the plan admits: the core's words.
    await page.getByTestId('simulator-join-submit').click();
    await expect(page.getByTestId('simulator-join-error')).toContainText('Invalid field');
    await page.getByTestId('simulator-join-product').getByText('LU-Lite', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'LU-Lite' })).toBeChecked();
    await page.getByTestId('simulator-join-submit').click();
    const done = page.getByTestId('simulator-join-done');
    await expect(done).toContainText(`(${deviceName}) joined ${groupName} under PERMANENT_LITE.`);
    unitId = await done.getAttribute('data-unit');
    expect(unitId).toMatch(/^LULITE-/);
    await waitOnline(api, unitId ?? '');

    // The unit is the group's, and its detail opens from the answer's link.
    const members = (await (await api.get(`api/groups/fetch_details?groupUid=${groupId}`)).json()) as { members: { unitIds: string[] } }[];
    expect(members[0]?.members.unitIds).toEqual([unitId]);
    await page.getByTestId('simulator-join-open').click();
    await expect(page).toHaveURL(new RegExp(`/list\\?unit=${unitId}`));
  } finally {
    if (unitId !== null) expect((await api.delete(`api/v2/admin/units/${unitId}`)).ok()).toBe(true);
    if (groupId !== null) expect((await api.delete(`api/v2/admin/groups/${groupId}`)).ok()).toBe(true);
    await operator?.dispose();
    await api.dispose();
  }
});
