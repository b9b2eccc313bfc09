/**
 * /system_entities: one create, edit and delete for each entity kind the other admin specs leave
 * without one (spec 001 §2 "each kind a searchable, paged, sortable list with create, edit and
 * delete"), in Chromium against the real stack. A super user creates, edits and deletes a
 * video return server, an ingest server and a transceiver server, then a unit (registered in an
 * inventory the test makes) and a group (renamed); staff does the same for a channel (on a
 * multimedia hub the test makes), a video return channel and a user. Inventories, groups,
 * multimedia hubs and databridge gateways have theirs in system-entities.spec.ts and
 * system-devices.spec.ts.
 *
 * Every object carries a unique name and is deleted by the test's own delete step; `finally`
 * removes over REST only what a failed test left behind. Nothing seeded is changed: units, channels
 * and video return channels live in the test's own inventory.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, login, signIn } from './support';

/** A suffix no other run or worker uses (letters and digits: valid in every name kind). */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function openKind(page: Page, kind: string, testId: string): Promise<void> {
  await page.goto(`system_entities/${kind}?ignoreRouteDefault=1`);
  await expect(page.getByTestId('system-entities')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`${testId}-grid`)).toBeVisible({ timeout: 30_000 });
}

/** The list's row showing `text` (the search box narrowed the list to it first). */
async function findRow(page: Page, testId: string, search: string, text = search) {
  await page.getByTestId(`${testId}-search`).fill(search);
  const row = page.locator(`[data-testid^="${testId}-row-"]`, { hasText: text });
  await expect(row).toBeVisible();
  return row;
}

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, testId: string, typed: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** An inventory of the test's own (top level), so nothing it registers meets a seeded group or inventory. */
async function makeInventory(api: APIRequestContext, name: string): Promise<string> {
  const res = await api.post('api/v2/admin/inventories', { data: { name, parentId: null } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Deletes over REST what a test made and left behind (it stopped before its own delete): every
 * item of the `search` answer whose `nameKey` starts with `prefix`, by its `idKey`.
 */
async function cleanUp(api: APIRequestContext, search: string, nameKey: string, idKey: string, remove: string, prefix: string): Promise<void> {
  const res = await api.get(search);
  if (!res.ok()) return;
  for (const item of ((await res.json()) as { items: Record<string, unknown>[] }).items) {
    const name = item[nameKey];
    if (typeof name === 'string' && name.startsWith(prefix)) await api.delete(`${remove}/${String(item[idKey])}`);
  }
}

const SERVER_KINDS = [
  { kind: 'vr_servers', type: 'vr_server' },
  { kind: 'ingest_servers', type: 'ingest_server' },
  { kind: 'transceiver_servers', type: 'transceiver_server' },
] as const;

test('a super user creates, edits and deletes a server of each of the three remaining types', async ({ page, baseURL, playwright }) => {
  const stamp = unique();
  const api = await apiAs(playwright, baseURL, 'super_user');
  try {
    await login(page, 'super_user');
    for (const { kind } of SERVER_KINDS) {
      const name = `E2E-crud-${kind}-${stamp}`;
      await openKind(page, kind, 'servers');
      await page.getByTestId('servers-new').click();
      await page.getByTestId('server-name').fill(name);
      await page.getByTestId('server-serial').fill(`SN-${kind}-${stamp}`);
      await page.getByTestId('server-swVersion').fill('10.1');
      await page.getByTestId('server-save').click();
      await expect(page.getByTestId('server-modal')).toHaveCount(0);
      const row = await findRow(page, 'servers', name);
      await expect(row).toContainText(`SN-${kind}-${stamp}`);

      await row.click();
      await page.getByTestId('server-alias').fill(`Alias-${stamp}`);
      await page.getByTestId('server-save').click();
      await expect(page.getByTestId('server-modal')).toHaveCount(0);
      await expect(row).toContainText(`Alias-${stamp}`);

      await row.click();
      await page.getByTestId('server-delete').click();
      await page.getByTestId('server-delete-confirm').click();
      await expect(page.getByTestId('server-modal')).toHaveCount(0);
      await expect(page.getByTestId('servers-empty')).toBeVisible();
    }
  } finally {
    for (const { kind, type } of SERVER_KINDS) {
      await cleanUp(
        api,
        `api/v2/admin/servers?type=${type}&searchKey=name&searchValue=E2E-crud-${kind}-${stamp}`,
        'name',
        'id',
        'api/v2/admin/servers',
        `E2E-crud-${kind}-${stamp}`,
      );
    }
    await api.dispose();
  }
});

test('a super user registers a unit in an inventory of its own, edits and deletes it; a group there is created, renamed and deleted', async ({
  page,
  baseURL,
  playwright,
}) => {
  const stamp = unique();
  const inventory = `E2E-crud-inv-${stamp}`;
  const unit = `E2E-crud-unit-${stamp}`;
  const group = `E2E-crud-group-${stamp}`;
  const api = await apiAs(playwright, baseURL, 'super_user');
  const inventoryId = await makeInventory(api, inventory);
  try {
    await signIn(page, 'super_user');
    await openKind(page, 'units', 'units');
    await page.getByTestId('units-new').click();
    await page.getByTestId('unit-name').fill(unit);
    await page.getByTestId('unit-product-type').fill('LU800');
    await page.getByTestId('unit-serial').fill(`E2E${stamp}`);
    await choose(page, 'unit-inventory', inventory, inventory);
    await page.getByTestId('unit-save').click();
    // Registered: the modal now edits it (its association tabs show).
    await expect(page.getByTestId('unit-tab-inventories')).toBeVisible();
    await page.getByTestId('unit-comment').fill('E2E comment');
    await page.getByTestId('unit-ownership').click();
    await page.getByRole('option', { name: 'demo', exact: true }).click();
    await page.getByTestId('unit-save').click();
    await expect(page.getByTestId('toasts')).toContainText(`Unit ${unit} saved`);
    await page.getByTestId('unit-cancel').click();
    await expect(page.getByTestId('unit-modal')).toHaveCount(0);
    const unitRow = await findRow(page, 'units', unit);
    await expect(unitRow).toContainText('demo');
    // The comment has no column: the reopened form shows it.
    await unitRow.click();
    await expect(page.getByTestId('unit-comment')).toHaveValue('E2E comment');
    await page.getByTestId('unit-delete').click();
    await page.getByTestId('unit-delete-confirm').click();
    await expect(page.getByTestId('unit-modal')).toHaveCount(0);
    await expect(page.getByTestId('units-empty')).toBeVisible();

    await page.getByTestId('section-tab-groups').click();
    await expect(page.getByTestId('groups-grid')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('groups-new').click();
    await page.getByTestId('group-name').fill(group);
    await choose(page, 'group-inventory', inventory, inventory);
    await page.getByTestId('group-save').click();
    await expect(page.getByTestId('group-tab-units')).toBeVisible();
    await page.getByTestId('group-name').fill(`${group}-renamed`);
    await page.getByTestId('group-save').click();
    await expect(page.getByTestId('group-modal')).toContainText(`${group}-renamed`);
    await page.getByTestId('group-cancel').click();
    const groupRow = await findRow(page, 'groups', group, `${group}-renamed`);
    await expect(groupRow).toContainText(inventory);
    await groupRow.click();
    await page.getByTestId('group-delete').click();
    await page.getByTestId('group-delete-confirm').click();
    await expect(page.getByTestId('group-modal')).toHaveCount(0);
    await expect(page.getByTestId('groups-empty')).toBeVisible();
  } finally {
    await cleanUp(api, `api/v2/admin/units?searchKey=name&searchValue=${unit}`, 'name', 'uniqueId', 'api/v2/admin/units', unit);
    await cleanUp(api, `api/v2/admin/groups?searchKey=name&searchValue=${group}`, 'name', 'id', 'api/v2/admin/groups', group);
    await api.delete(`api/v2/admin/inventories/${inventoryId}`);
    await api.dispose();
  }
});

test('staff creates, renames and deletes a channel on a hub of its own and a video return channel in an inventory of its own', async ({
  page,
  baseURL,
  playwright,
}) => {
  const stamp = unique();
  const inventory = `E2E-crud-inv-${stamp}`;
  const hub = `E2E-crud-hub-${stamp}`;
  const channel = `E2E-crud-ch-${stamp}`;
  const vrChannel = `E2E-crud-vr-${stamp}`;
  const api = await apiAs(playwright, baseURL, 'staff');
  const inventoryId = await makeInventory(api, inventory);
  const made = await api.post('api/v2/admin/servers', {
    data: { serverType: 'mmh_server', name: hub, serial: `SN-hub-${stamp}`, swVersion: '10.1', inventoryId },
  });
  expect(made.status(), await made.text()).toBe(201);
  const hubId = ((await made.json()) as { id: string }).id;
  try {
    await signIn(page, 'staff');
    await openKind(page, 'channels', 'channels');
    await page.getByTestId('channels-new').click();
    await page.getByTestId('channel-name').fill(channel);
    await choose(page, 'channel-server', hub, `${hub} (mmh_server)`);
    await page.getByTestId('channel-save').click();
    await expect(page.getByTestId('channel-modal')).toHaveCount(0);
    const channelRow = await findRow(page, 'channels', channel);
    await expect(channelRow).toContainText(hub);

    await channelRow.click();
    await page.getByTestId('channel-name').fill(`${channel}-renamed`);
    await page.getByTestId('channel-save').click();
    await expect(page.getByTestId('channel-modal')).toHaveCount(0);
    await expect(channelRow).toContainText(`${channel}-renamed`);
    await channelRow.click();
    await page.getByTestId('channel-delete').click();
    await page.getByTestId('channel-delete-confirm').click();
    await expect(page.getByTestId('channel-modal')).toHaveCount(0);
    await expect(page.getByTestId('channels-empty')).toBeVisible();

    await page.getByTestId('section-tab-vrChannels').click();
    await expect(page.getByTestId('vr-channels-grid')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('vr-channels-new').click();
    await page.getByTestId('vr-channel-name').fill(vrChannel);
    await page.getByTestId('vr-channel-description').fill('E2E feed');
    await choose(page, 'vr-channel-inventory', inventory, inventory);
    await page.getByTestId('vr-channel-save').click();
    await expect(page.getByTestId('vr-channel-modal')).toHaveCount(0);
    const vrRow = await findRow(page, 'vr-channels', vrChannel);

    await vrRow.click();
    await expect(page.getByTestId('vr-channel-description')).toHaveValue('E2E feed');
    await page.getByTestId('vr-channel-serialNumber').fill(`SN-vr-${stamp}`);
    await page.getByTestId('vr-channel-save').click();
    await expect(page.getByTestId('vr-channel-modal')).toHaveCount(0);
    await expect(vrRow).toContainText(`SN-vr-${stamp}`);
    await vrRow.click();
    await page.getByTestId('vr-channel-delete').click();
    await page.getByTestId('vr-channel-delete-confirm').click();
    await expect(page.getByTestId('vr-channel-modal')).toHaveCount(0);
    await expect(page.getByTestId('vr-channels-empty')).toBeVisible();
  } finally {
    await cleanUp(api, `api/v2/admin/channels?searchKey=name&searchValue=${channel}`, 'channelName', 'channelId', 'api/v2/admin/channels', channel);
    await cleanUp(api, `api/v2/admin/vrChannels?searchKey=name&searchValue=${vrChannel}`, 'name', 'uniqueId', 'api/v2/admin/vrChannels', vrChannel);
    await api.delete(`api/v2/admin/servers/${hubId}`);
    await api.delete(`api/v2/admin/inventories/${inventoryId}`);
    await api.dispose();
  }
});

test('staff creates a user from the users list and deletes it', async ({ page, baseURL, playwright }) => {
  const username = `e2e.crud-${unique()}`;
  const password = 'E2e-pass-1';
  const api = await apiAs(playwright, baseURL, 'staff');
  try {
    await signIn(page, 'staff');
    await openKind(page, 'users', 'users');
    await page.getByTestId('users-new').click();
    await expect(page.getByTestId('user-editor')).toBeVisible();
    // Not searchable: its input is read-only under the pills box, which takes the click (forced onto the input, it bubbles there).
    await page.getByTestId('user-form-inventories').click({ force: true });
    await page.getByRole('option', { name: 'Global-News', exact: true }).click();
    await page.getByTestId('user-form-username').fill(username);
    await page.getByTestId('user-form-email').fill(`${username}@example.com`);
    await page.getByTestId('user-form-firstName').fill('Eve');
    await page.getByTestId('user-form-lastName').fill('Crud');
    await page.getByTestId('user-form-password').fill(password);
    await page.getByTestId('user-form-passwordConfirmation').fill(password);
    await page.getByTestId('user-form-save').click();
    // Created: the modal now shows the user (active), with its delete.
    await expect(page.getByTestId('user-modal-active')).toHaveAttribute('data-active', 'true');
    await page.getByTestId('user-form-cancel').click();
    await expect(page.getByTestId('user-modal')).toHaveCount(0);
    const row = await findRow(page, 'users', username);
    await expect(row).toContainText('Global-News');

    await row.click();
    await page.getByTestId('user-delete').click();
    await page.getByTestId('user-delete-yes').click();
    await expect(page.getByTestId('user-modal')).toHaveCount(0);
    await expect(page.getByTestId('users-empty')).toBeVisible();
  } finally {
    await cleanUp(api, `api/v2/users?searchKey=username&searchValue=${username}`, 'username', 'id', 'api/v2/users', username);
    await api.dispose();
  }
});
