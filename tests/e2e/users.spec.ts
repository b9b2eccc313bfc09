/**
 * /users (spec 001 §2 "manage users", §3 User, §6) in Chromium against the real stack: the seeded
 * users listed, a new user saved and signing in, a user deactivated, and a change made by another
 * client (a second session over REST) reaching the list with no reload (the user licences beside
 * "New user" read again on such a change: Users.page.test.tsx), and an edit in progress kept over
 * another session's save with the form saying so. The §5 user rules and the
 * core's §8 conflicts inline with nothing stored, the password expiry policy sent, and a user of a
 * higher type read-only for an admin are asserted by the component tests
 * (apps/console/src/features/users/UserModal.test.tsx). Every user a test creates is deleted at its end.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, signIn } from './support';

const ADMIN = 'luc_admin';
const NEW_PASSWORD = 'E2e-pass-1';

const rows = (page: Page) => page.locator('[data-testid^="user-row-"]');
const row = (page: Page, username: string) => page.locator(`[data-testid^="user-row-"][data-username="${username}"]`);

async function openUsers(page: Page): Promise<void> {
  await page.goto('users?ignoreRouteDefault=1');
  await expect(page.getByTestId('users-page')).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

/** Deletes the users of these usernames (clean-up: the next specs find the seeded users only). */
async function deleteUsers(api: APIRequestContext, usernames: readonly string[]): Promise<void> {
  for (const username of usernames) {
    const res = await api.get(`api/v2/users?searchKey=username&searchValue=${encodeURIComponent(username)}`);
    const page = (await res.json()) as { items: { id: string; username: string }[] };
    for (const u of page.items.filter((i) => i.username === username)) expect((await api.delete(`api/v2/users/${u.id}`)).ok()).toBe(true);
  }
}

async function createUser(api: APIRequestContext, username: string, over: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const res = await api.post('api/v2/users', {
    data: {
      username,
      firstName: 'Eve',
      lastName: 'Tester',
      email: `${username}@example.com`,
      userType: 'luc_regular',
      inventoryIds: ['inv-global'],
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; version: number };
}

test('a new user is saved and listed, and signs in with its password', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const username = 'e2e.new-user';
  try {
    await signIn(page, ADMIN);
    await openUsers(page);
    await page.getByTestId('users-new').click();
    await expect(page.getByTestId('user-editor')).toBeVisible();
    await page.getByTestId('user-form-username').fill(username);
    await page.getByTestId('user-form-email').fill('e2e.new-user@example.com');
    await page.getByTestId('user-form-firstName').fill('Eve');
    await page.getByTestId('user-form-lastName').fill('Tester');
    await page.getByTestId('user-form-password').fill(NEW_PASSWORD);
    await page.getByTestId('user-form-passwordConfirmation').fill(NEW_PASSWORD);
    await page.getByTestId('user-form-save').click();
    // Saved: the modal shows the new user, and the list has its row.
    await expect(page.getByTestId('user-modal-active')).toHaveAttribute('data-active', 'true');
    await page.getByTestId('user-form-cancel').click();
    await expect(row(page, username)).toBeVisible();
    // The password works.
    const login2 = await (await playwright.request.newContext({ baseURL })).post('mock/auth/login', { data: { username, password: NEW_PASSWORD } });
    expect(login2.ok()).toBe(true);
  } finally {
    await deleteUsers(api, [username]);
  }
});

test('a user joins a group and is deactivated from the modal', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const username = 'e2e.deactivated';
  try {
    const created = await createUser(api, username);
    await signIn(page, ADMIN);
    await openUsers(page);
    await row(page, username).click();
    await expect(page.getByTestId('user-modal-active')).toHaveAttribute('data-active', 'true');
    // A group of the user's inventory, saved through its own call.
    await page.getByTestId('user-form-groups').click();
    await page.getByRole('option', { name: 'Newsroom' }).click();
    await page.getByTestId('user-groups-apply').click();
    await expect
      .poll(async () => ((await (await api.get(`api/v2/users/${created.id}/groups`)).json()) as { name: string }[]).map((g) => g.name))
      .toEqual(['Newsroom']);
    // The console has its answer (the apply button is idle again) before the user's next change.
    await expect(page.getByTestId('user-groups-apply')).toBeDisabled();
    await page.getByTestId('user-toggle-active').click();
    await expect(page.getByTestId('user-modal-active')).toHaveAttribute('data-active', 'false');
    await expect(row(page, username)).toHaveAttribute('data-active', 'false');
    // The deactivated user cannot sign in.
    const attempt = await (await playwright.request.newContext({ baseURL })).post('mock/auth/login', { data: { username, password: NEW_PASSWORD } });
    expect(attempt.status()).toBe(401);
  } finally {
    await deleteUsers(api, [username]);
  }
});

test('an edit in progress survives a save of the same user in another session: the form names the field both changed, and Reload theirs takes their values', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const username = 'e2e.edit-conflict';
  try {
    const created = await createUser(api, username);
    await signIn(page, ADMIN);
    await openUsers(page);
    await row(page, username).click();
    const lastName = page.getByTestId('user-form-lastName');
    await expect(lastName).toHaveValue('Tester');
    await lastName.fill('Mine');
    // Another session saves the same user: the last name and the first name.
    const res = await api.put(`api/v2/users/${created.id}`, { data: { firstName: 'Theirs', lastName: 'Theirs', version: created.version } });
    expect(res.ok(), await res.text()).toBe(true);
    const notice = page.getByTestId('user-form-edit-conflict');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-fields', 'lastName');
    await expect(notice).toContainText('Last name');
    await expect(lastName).toHaveValue('Mine');
    await expect(page.getByTestId('user-form-firstName')).toHaveValue('Theirs');
    await page.getByTestId('user-form-edit-conflict-reload').click();
    await expect(lastName).toHaveValue('Theirs');
    await expect(notice).toHaveCount(0);
  } finally {
    await deleteUsers(api, [username]);
  }
});

test('the seeded users of the admin’s inventory show with their type and state; a user created and changed in another session appears in the list without a reload', async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await apiAs(playwright, baseURL, 'super_user');
  // Sorted first by username: on the first page.
  const username = 'aaa.e2e-live';
  await signIn(page, ADMIN);
  await openUsers(page);
  await expect(row(page, 'luc_read')).toBeVisible();
  await expect(row(page, 'luc_read')).toHaveAttribute('data-active', 'true');
  const readId = await row(page, 'luc_read').getAttribute('data-testid');
  await expect(page.getByTestId(`user-type-${readId!.replace('user-row-', '')}`)).toHaveText('Read only');
  const total = Number(await page.getByTestId('users-summary').getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(16);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  try {
    const created = await createUser(other, username);
    await expect(row(page, username)).toBeVisible();
    const res = await other.put(`api/v2/users/${created.id}`, { data: { lastName: 'Renamed', version: created.version } });
    expect(res.ok()).toBe(true);
    await expect(page.getByTestId(`user-name-${created.id}`)).toHaveText('Eve Renamed');
    expect((await other.delete(`api/v2/users/${created.id}`)).ok()).toBe(true);
    await expect(row(page, username)).toHaveCount(0);
    expect(navigations).toEqual([]);
  } finally {
    await deleteUsers(other, [username]);
  }
  // Search by username narrows the list (the core searches).
  await page.getByTestId('users-search').fill('luc_rea');
  await expect(page.getByTestId('users-summary')).toHaveAttribute('data-total', '1');
  await expect(row(page, 'luc_read')).toBeVisible();
});
