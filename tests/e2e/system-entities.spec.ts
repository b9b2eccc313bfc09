/**
 * /system_entities inventories, groups, units and users (spec 001 §2 the system admin console for
 * super user and staff, §3 Inventory, Group, User, §5 names and "Parent inventory cannot be the
 * current inventory", §6 who sees the console) in Chromium against the real stack: super user
 * creates, edits and deletes an inventory and a group, a unit joins and leaves the group, and
 * another console sees the new inventory and the group's member count without a reload (/ws), and
 * a group made in an inventory newer than the console within seconds (the admin topic); staff
 * reaches the page, edits a user (put back afterwards) and sees the page in Chinese. The
 * inventory and group forms' messages (their own and the core's) are InventoriesEntity.test.tsx
 * and GroupsEntity.test.tsx beside apps/console/src/features/system-entities/; the route guard (luc_admin
 * sent to the unit list) is apps/console/src/routing/ManageGuards.test.tsx. Every object
 * made here carries a unique name and is deleted in `finally`; the unit used (XTND-0001) is used
 * by no other spec and only joins the group made here.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import zh from '../../apps/console/src/i18n/areas/systemEntities.zh.json' with { type: 'json' };
import { apiAs, ownUser, secondConsole, signIn, trackNavigations } from './support';

const UNIT = 'XTND-0001';

// Two consoles signed in, each loading the admin lists: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

async function openKind(page: Page, kind: string): Promise<void> {
  await page.goto(`system_entities/${kind}?ignoreRouteDefault=1`);
  await expect(page.getByTestId('system-entities')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`${kind}-grid`)).toBeVisible({ timeout: 30_000 });
}

async function search(page: Page, kind: string, text: string): Promise<void> {
  await page.getByTestId(`${kind}-search`).fill(text);
}

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, testId: string, typed: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function deleteByName(api: APIRequestContext, kind: 'inventories' | 'groups', name: string): Promise<void> {
  const found = await api.get(`api/v2/admin/${kind}?searchKey=name&searchValue=${encodeURIComponent(name)}`);
  if (!found.ok()) return;
  for (const item of ((await found.json()) as { items: { id: string; name: string }[] }).items) {
    if (item.name === name) await api.delete(`api/v2/admin/${kind}/${item.id}`);
  }
}

test('super user creates, edits and deletes an inventory; another console sees it live', async ({ page, browser, baseURL, playwright }) => {
  const name = `E2E-inventories-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  const other = await secondConsole(browser, baseURL, 'super_user');
  try {
    await openKind(other.page, 'inventories');
    const navigations = trackNavigations(other.page);
    await search(other.page, 'inventories', name);
    await expect(other.page.getByTestId('inventories-empty')).toBeVisible();

    await signIn(page, 'super_user');
    await openKind(page, 'inventories');
    // The seeded inventories, sortable by name.
    await search(page, 'inventories', 'Global-News');
    await expect(page.getByTestId('inventories-row-inv-global')).toBeVisible();
    await expect(page.getByTestId('inventories-row-inv-global-sports')).toBeVisible();
    await page.getByTestId('inventories-sort-name').click();
    await expect(page.getByTestId('inventories-grid').locator('tbody tr').first()).toHaveAttribute('data-testid', 'inventories-row-inv-global-sports');

    await page.getByTestId('inventories-new').click();
    await page.getByTestId('inventory-name').fill(name);
    await choose(page, 'inventory-parent', 'Global-News', /^Global-News$/);
    await page.getByTestId('inventory-save').click();
    // Created: the modal now edits it (its associations tabs show).
    await expect(page.getByTestId('inventory-tab-units')).toBeVisible();
    await expect(other.page.getByTestId('inventories-grid')).toContainText(name);

    await page.getByTestId('inventory-region').fill('e2e-region');
    await page.getByTestId('inventory-save').click();
    await expect(other.page.getByTestId('inventories-grid')).toContainText('e2e-region');

    await page.getByTestId('inventory-delete').click();
    await page.getByTestId('inventory-delete-confirm').click();
    await expect(page.getByTestId('inventory-modal')).toHaveCount(0);
    await search(page, 'inventories', name);
    await expect(page.getByTestId('inventories-empty')).toBeVisible();
    await expect(other.page.getByTestId('inventories-empty')).toBeVisible();
    expect(navigations).toEqual([]);
  } finally {
    await deleteByName(api, 'inventories', name);
    await other.close();
    await api.dispose();
  }
});

test('super user creates a group, a unit joins and leaves it, another console sees its count live; the group is deleted', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const name = `E2E-groups-${Date.now()}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  const unitName = ((await (await api.get(`api/v2/admin/units/${UNIT}`)).json()) as { name: string }).name;
  const other = await secondConsole(browser, baseURL, 'super_user');
  try {
    await openKind(other.page, 'groups');
    await search(other.page, 'groups', name);
    await expect(other.page.getByTestId('groups-empty')).toBeVisible();

    await signIn(page, 'super_user');
    await openKind(page, 'groups');
    await page.getByTestId('groups-new').click();
    await choose(page, 'group-inventory', 'Global-News', /^Global-News$/);
    await page.getByTestId('group-name').fill(name);
    await page.getByTestId('group-save').click();
    await expect(page.getByTestId('group-tab-units')).toBeVisible();
    const row = other.page.locator('[data-testid^="groups-row-"]', { hasText: name });
    await expect(row).toBeVisible();

    await page.getByTestId('group-tab-units').click();
    await expect(page.getByTestId('group-units-empty')).toBeVisible();
    await choose(page, 'group-units-candidate', unitName, new RegExp(`^${unitName}`));
    await page.getByTestId('group-units-add').click();
    await expect(page.getByTestId(`group-units-member-${UNIT}`)).toBeVisible();
    await expect(row.locator('td').nth(2)).toHaveText('1');
    await page.getByTestId(`group-units-remove-${UNIT}`).click();
    await expect(page.getByTestId(`group-units-member-${UNIT}`)).toHaveCount(0);
    await expect(row.locator('td').nth(2)).toHaveText('0');

    await page.getByTestId('group-tab-general').click();
    await page.getByTestId('group-delete').click();
    await page.getByTestId('group-delete-confirm').click();
    await expect(page.getByTestId('group-modal')).toHaveCount(0);
    await expect(row).toHaveCount(0);
  } finally {
    await deleteByName(api, 'groups', name);
    await other.close();
    await api.dispose();
  }
});

test('a group made in an inventory newer than the console reaches its list live, through the admin topic', async ({ page, baseURL, playwright }) => {
  const stamp = Date.now();
  const inventoryName = `E2E-feed-${stamp}`;
  const name = `E2E-feed-group-${stamp}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await signIn(page, 'staff');
    await openKind(page, 'groups');
    const navigations = trackNavigations(page);
    await search(page, 'groups', name);
    await expect(page.getByTestId('groups-empty')).toBeVisible();

    // Neither admin is a member of the new inventory: no topic of theirs carries its news.
    const inventory = await api.post('api/v2/admin/inventories', { data: { name: inventoryName, parentId: 'inv-global' } });
    expect(inventory.ok(), await inventory.text()).toBe(true);
    const inventoryId = ((await inventory.json()) as { id: string }).id;
    const group = await api.post('api/v2/admin/groups', { data: { name, inventoryId } });
    expect(group.ok(), await group.text()).toBe(true);
    const groupId = ((await group.json()) as { id: string }).id;

    // Well within the lists' 30 s fallback timer (which the admin topic turns off).
    await expect(page.getByTestId(`groups-row-${groupId}`)).toBeVisible({ timeout: 10_000 });
    expect((await api.delete(`api/v2/admin/groups/${groupId}`)).ok()).toBe(true);
    await expect(page.getByTestId(`groups-row-${groupId}`)).toHaveCount(0, { timeout: 10_000 });
    expect(navigations).toEqual([]);
  } finally {
    await deleteByName(api, 'groups', name);
    await deleteByName(api, 'inventories', inventoryName);
    await api.dispose();
  }
});

test('staff reaches the users list, edits a user (put back), and sees the page in Chinese', async ({ page, baseURL, playwright }) => {
  const api = await apiAs(playwright, baseURL, 'staff');
  const target = (
    (await (await api.get('api/v2/users?searchKey=username&searchValue=luc_curator')).json()) as {
      items: { id: string; username: string; lastName: string }[];
    }
  ).items.find((u) => u.username === 'luc_curator')!;
  // A staff user of this test's own: the language it switches to is kept in the user's preferences,
  // which a spec running beside this one as staff would otherwise load.
  const user = await ownUser(playwright, baseURL, 'staff', { label: 'lang-system-entities' });
  try {
    await signIn(page, user.username, user.password);
    await openKind(page, 'users');
    await search(page, 'users', 'luc_curator');
    await page.getByTestId(`users-row-${target.id}`).click();
    await expect(page.getByTestId('user-editor')).toBeVisible();
    await page.getByTestId('user-form-lastName').fill('Curatorson');
    await page.getByTestId('user-form-save').click();
    await expect(page.getByTestId(`users-row-${target.id}`)).toContainText('Curatorson');
    await page.getByTestId('user-form-cancel').click();

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-switch-zh').click();
    await expect(page.getByTestId('users-list')).toContainText(zh.list.searchBy);
    await page.getByTestId('section-tab-inventories').click();
    await expect(page.getByTestId('inventories-new')).toHaveText(zh.inventories.new);
  } finally {
    const current = (await (await api.get(`api/v2/users/${target.id}`)).json()) as { version: number };
    await api.put(`api/v2/users/${target.id}`, { data: { lastName: target.lastName, version: current.version } });
    await user.dispose();
    await api.dispose();
  }
});
