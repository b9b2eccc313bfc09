/**
 * User accounts (the /users screen's calls: spec 001 §3 User, §5 user rules, §6, §8) against the
 * real core on real SQLite and PostgreSQL: the list (scope, search, sort, paging), create with
 * every rule and its exact message, update with optimistic concurrency, deactivate and delete
 * (sessions end at once), inventories and groups, the password an admin sets, the user licence of
 * the organisation, SSO/enterprise users, the type rule, self-removal, 401/403/404, that a
 * rejected request changes nothing, and the realtime events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  groupTopic,
  inventoryTopic,
  userAccountEndpoints,
  VALIDATION,
  type EndpointDef,
  type UserAccountDetail,
  type UserAccountPage,
} from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(userAccountEndpoints) as (keyof typeof userAccountEndpoints)[];
const PASSWORD = 'Brand-new1';

describe.each(providers())('user accounts on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let superUser: string;
  const published: Published[] = [];
  let serial = 0;

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    [admin, superUser] = await Promise.all([s.login('luc_admin'), s.login('super_user')]);
    recordPublished(s.app, published);
    // A user of Metro-TV only: foreign to every non-global user.
    await db().user.create({
      data: {
        id: 'usr-metro-only',
        username: 'metro.only',
        passwordHash: '',
        firstName: 'Metro',
        lastName: 'Only',
        userType: 'luc_regular',
        roles: ['luc_regular'],
      },
    });
    await db().userInventory.create({ data: { userId: 'usr-metro-only', inventoryId: 'inv-metro' } });
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => {
    const [users, inventories, groups, sessions] = await Promise.all([
      db().user.findMany({ orderBy: { id: 'asc' }, omit: { lastLoginAt: true } }),
      db().userInventory.findMany({ orderBy: [{ userId: 'asc' }, { inventoryId: 'asc' }] }),
      db().userGroup.findMany({ orderBy: [{ userId: 'asc' }, { groupId: 'asc' }] }),
      db().session.count(),
    ]);
    return JSON.stringify({ users, inventories, groups, sessions });
  };
  const body = (over: Record<string, unknown> = {}) => {
    serial++;
    return {
      username: `new.user+${serial}@x`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada${serial}@example.com`,
      userType: 'luc_regular',
      inventoryIds: ['inv-global'],
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      ...over,
    };
  };
  const create = async (over: Record<string, unknown> = {}, cookie = admin): Promise<UserAccountDetail> => {
    const res = await call('POST', '/v2/users', cookie, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const fieldMessage = (res: { json(): unknown }, path: string) =>
    (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields?.find((f) => f.path === `body.${path}`)?.message;

  it('answers 401 without a session and 403 outside the /users roles, changing nothing', async () => {
    const regular = await s.login('luc_regular');
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'usr-luc_read' });
      expect((await call(def.method, url, undefined, def.body ? body() : undefined)).statusCode, id).toBe(401);
      const res = await call(def.method, url, regular, def.body ? body() : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists the users of the caller’s inventories (global roles: all), searches, sorts and pages', async () => {
    const all: UserAccountPage = (await call('GET', '/v2/users?limit=1000', superUser)).json();
    expect(all.items.map((u) => u.id)).toContain('usr-metro-only');
    const mine: UserAccountPage = (await call('GET', '/v2/users?limit=1000', admin)).json();
    expect(mine.items.map((u) => u.id)).not.toContain('usr-metro-only');
    expect(mine.items.map((u) => u.username)).toContain('luc_read');
    expect(mine.total).toBe(mine.items.length);
    expect(mine.limit).toBe(1000);
    // Default page of 50, sorted by username.
    const first: UserAccountPage = (await call('GET', '/v2/users', admin)).json();
    expect(first.limit).toBe(50);
    expect(first.items.map((u) => u.username)).toEqual([...first.items.map((u) => u.username)].sort());
    const row = mine.items.find((u) => u.username === 'luc_read')!;
    expect(row.inventories).toEqual([{ id: 'inv-global', name: 'Global-News' }]);
    expect(row.managedExternally).toBe(false);
    // A row counts the user's groups, as their detail lists them.
    const regularRow = mine.items.find((u) => u.username === 'luc_regular')!;
    const regularDetail: UserAccountDetail = (await call('GET', `/v2/users/${regularRow.id}`, admin)).json();
    expect(regularRow.groupCount).toBeGreaterThan(0);
    expect(regularRow.groupCount).toBe(regularDetail.groups.length);
    const desc: UserAccountPage = (await call('GET', '/v2/users?sortBy=username&sortDir=desc&limit=2&offset=1', admin)).json();
    expect(desc.items.map((u) => u.username)).toEqual([...mine.items.map((u) => u.username)].sort().reverse().slice(1, 3));
    const byEmail: UserAccountPage = (await call('GET', '/v2/users?searchKey=email&searchValue=LUC.READ@', admin)).json();
    expect(byEmail.items.map((u) => u.username)).toEqual(['luc_read']);
    const name = `${row.firstName} ${row.lastName.slice(0, 3)}`;
    const byName: UserAccountPage = (await call('GET', `/v2/users?searchKey=name&searchValue=${encodeURIComponent(name)}`, admin)).json();
    expect(byName.items.map((u) => u.username)).toContain('luc_read');
    // Another inventory's users: a filter on an inventory of the caller's only.
    expect((await call('GET', '/v2/users?inventoryId=inv-metro', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/users?inventoryId=inv-no-such', admin)).statusCode).toBe(404);
    const metro: UserAccountPage = (await call('GET', '/v2/users?inventoryId=inv-metro&limit=1000', superUser)).json();
    expect(metro.items.map((u) => u.id)).toContain('usr-metro-only');
    expect(metro.items.map((u) => u.id)).not.toContain('usr-luc_read');
  });

  it('creates a user: hashed password that logs in, expiry by policy, groups, announced on the inventory topic', async () => {
    published.length = 0;
    const created = await create({ groupIds: ['grp-newsroom'], passwordExpiryPolicy: '3', userLabel: 'Night desk', onDemandActivation: true });
    expect(created).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: 'luc_regular',
      roles: ['luc_regular'],
      userLabel: 'Night desk',
      active: true,
      onDemandActivation: true,
      passwordExpiryPolicy: '3',
      inventories: [{ id: 'inv-global', name: 'Global-News' }],
      groupCount: 1,
      groups: [{ id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global', inventoryName: 'Global-News' }],
    });
    const days = (Date.parse(created.passwordExpiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    const stored = await db().user.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(stored.organisationId).toBe('org-demo');
    await s.login(created.username, PASSWORD);
    const announced = published.find((p) => p.event.type === 'user.changed' && p.event.user.id === created.id);
    // The inventory and its groups (consoles follow their user's groups): not another inventory's.
    expect(announced?.topics).toEqual(expect.arrayContaining([inventoryTopic('inv-global'), groupTopic('grp-newsroom'), groupTopic('grp-studio')]));
    expect(announced?.topics).not.toContain(groupTopic('grp-metro-live'));
    expect((await call('GET', `/v2/users/${created.id}`, admin)).json()).toEqual(created);
  });

  it('refuses every rule of spec 001 §5 with its message, and taken usernames and e-mails, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', VALIDATION.betweenChars(3, 255)],
      [{ username: 'a'.repeat(256) }, 'username', VALIDATION.betweenChars(3, 255)],
      [{ username: 'ada lovelace' }, 'username', VALIDATION.usernameCharacters],
      [{ firstName: 'ada' }, 'firstName', VALIDATION.firstNameUppercase],
      [{ firstName: 'A' }, 'firstName', VALIDATION.betweenChars(2, 255)],
      [{ lastName: 'L' }, 'lastName', VALIDATION.betweenChars(2, 255)],
      [{ email: 'not-an-address' }, 'email', VALIDATION.invalidEmail],
      [{ email: undefined }, 'email', VALIDATION.required],
      [{ userLabel: 'x'.repeat(31) }, 'userLabel', VALIDATION.maxChars(30)],
      [{ inventoryIds: [] }, 'inventoryIds', VALIDATION.userInventoryRequired],
      [{ password: 'short1A', passwordConfirmation: 'short1A' }, 'password', VALIDATION.passwordRule],
      [{ password: 'alllowercase1', passwordConfirmation: 'alllowercase1' }, 'password', VALIDATION.passwordRule],
      [{ password: 'NoDigitsOrMarks', passwordConfirmation: 'NoDigitsOrMarks' }, 'password', VALIDATION.passwordRule],
      [{ passwordConfirmation: 'Brand-new2' }, 'passwordConfirmation', VALIDATION.passwordsMustMatch],
      [{ passwordExpiryPolicy: '9' }, 'passwordExpiryPolicy', VALIDATION.invalidField],
    ];
    for (const [over, path, message] of cases) {
      const res = await call('POST', '/v2/users', admin, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(fieldMessage(res, path), JSON.stringify(over)).toBe(message);
    }
    const taken = await call('POST', '/v2/users', admin, body({ username: 'luc_read' }));
    expect([taken.statusCode, taken.json().error.message, fieldMessage(taken, 'username')]).toEqual([
      409,
      ERROR_CATALOGUE.USER_EXISTS.message,
      'User already exists',
    ]);
    const email = await call('POST', '/v2/users', admin, body({ email: 'luc.read@demo.example.com' }));
    expect([email.statusCode, email.json().error.message, fieldMessage(email, 'email')]).toEqual([
      409,
      'Email used by another user',
      'Email used by another user',
    ]);
    // Inventories and groups out of the caller's scope are unknown to them.
    expect((await call('POST', '/v2/users', admin, body({ inventoryIds: ['inv-metro'] }))).statusCode).toBe(404);
    expect((await call('POST', '/v2/users', admin, body({ groupIds: ['grp-metro-live'] }))).statusCode).toBe(404);
    const outside = await call('POST', '/v2/users', superUser, body({ groupIds: ['grp-metro-live'] }));
    expect([outside.statusCode, outside.json().error.code]).toEqual([409, 'GROUP_OUTSIDE_USER_INVENTORIES']);
    expect(await snapshot()).toBe(before);
  });

  it('lets no one create, change or remove a user of a type above their own', async () => {
    const before = await snapshot();
    for (const userType of ['super_user', 'staff', 'luc_media_group_admin']) {
      const res = await call('POST', '/v2/users', admin, body({ userType }));
      expect([res.statusCode, res.json().error.message, fieldMessage(res, 'userType')]).toEqual([
        403,
        'Not available for your user type',
        'Not available for your user type',
      ]);
    }
    const up = await call('PUT', '/v2/users/usr-super_user', admin, { userLabel: 'x' });
    expect([up.statusCode, up.json().error.code]).toEqual([403, 'NOT_AVAILABLE_FOR_USER_TYPE']);
    expect((await call('DELETE', '/v2/users/usr-luc_media_group_admin', admin)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    // The admin's own level is allowed.
    expect((await create({ userType: 'luc_admin' })).userType).toBe('luc_admin');
  });

  it('support staff (the system admin console) lists every user and changes one of any inventory', async () => {
    const staff = await s.login('staff');
    const all: UserAccountPage = (await call('GET', '/v2/users?limit=1000', staff)).json();
    expect(all.items.map((u) => u.username)).toEqual(expect.arrayContaining(['luc_read', 'super_user']));
    const u = await create({ inventoryIds: ['inv-metro'] }, superUser);
    const res = await call('PUT', `/v2/users/${u.id}`, staff, { lastName: 'Hopper', version: u.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/v2/users/${u.id}`, staff)).json()).toMatchObject({ lastName: 'Hopper', version: u.version + 1 });
    // Staff still cannot touch a user above their own type.
    expect((await call('PUT', '/v2/users/usr-super_user', staff, { lastName: 'Nope' })).statusCode).toBe(403);
  });

  it('updates with the version, answers 409 to a stale one, and announces the change', async () => {
    const u = await create();
    published.length = 0;
    const res = await call('PUT', `/v2/users/${u.id}`, admin, { firstName: 'Grace', userLabel: '  ', passwordExpiryPolicy: '12', version: u.version });
    expect(res.statusCode, res.body).toBe(200);
    const updated: UserAccountDetail = res.json();
    expect(updated).toMatchObject({ firstName: 'Grace', userLabel: null, passwordExpiryPolicy: '12', version: u.version + 1 });
    expect(published.some((p) => p.event.type === 'user.changed' && p.event.user.firstName === 'Grace')).toBe(true);
    const before = await snapshot();
    const stale = await call('PUT', `/v2/users/${u.id}`, admin, { firstName: 'Stale', version: u.version });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'CONFLICT']);
    const lower = await call('PUT', `/v2/users/${u.id}`, admin, { firstName: 'grace' });
    expect(fieldMessage(lower, 'firstName')).toBe(VALIDATION.firstNameUppercase);
    const clash = await call('PUT', `/v2/users/${u.id}`, admin, { username: 'luc_read' });
    expect(clash.json().error.code).toBe('USER_EXISTS');
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for unknown users and users of other inventories, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS.filter((i) => catalogue[i].path.includes('{id}'))) {
      const def: EndpointDef = catalogue[id];
      const payload =
        def.method === 'PUT' ? { active: true, inventoryIds: ['inv-global'], groupIds: [], password: PASSWORD, passwordConfirmation: PASSWORD } : undefined;
      const bodyFor = (b: typeof payload) => {
        if (!b) return undefined;
        if (id === 'setUserActive') return { active: true };
        if (id === 'setUserInventories') return { inventoryIds: b.inventoryIds };
        if (id === 'setUserGroups') return { groupIds: b.groupIds };
        if (id === 'setUserPassword') return { password: b.password, passwordConfirmation: b.passwordConfirmation };
        return { firstName: 'Foreign' };
      };
      for (const target of ['usr-metro-only', 'usr-no-such']) {
        const res = await call(def.method, buildPath(def.path, { id: target }), admin, bodyFor(payload));
        expect([res.statusCode, res.json().error.code], `${id} ${target}`).toEqual([404, 'NOT_FOUND']);
      }
    }
    expect(await snapshot()).toBe(before);
    expect((await call('GET', '/v2/users/usr-metro-only', superUser)).statusCode).toBe(200);
  });

  it('deactivating ends the user’s sessions at once and keeps them out; activating lets them in again', async () => {
    const u = await create();
    const cookie = await s.login(u.username, PASSWORD);
    expect((await call('GET', '/users/current', cookie)).statusCode).toBe(200);
    const res = await call('PUT', `/v2/users/${u.id}/active`, admin, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await call('GET', '/users/current', cookie)).statusCode).toBe(401);
    await expect(s.login(u.username, PASSWORD)).rejects.toThrow(/401/);
    expect(await db().session.count({ where: { userId: u.id } })).toBe(0);
    expect((await call('PUT', `/v2/users/${u.id}/active`, admin, { active: true })).json().active).toBe(true);
    await s.login(u.username, PASSWORD);
  });

  it('nobody deletes or deactivates themselves', async () => {
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['PUT', '/v2/users/usr-luc_admin/active', { active: false }],
      ['DELETE', '/v2/users/usr-luc_admin', undefined],
    ] as const) {
      const res = await call(method, url, admin, payload);
      expect([res.statusCode, res.json().error.message]).toEqual([409, ERROR_CATALOGUE.USER_SELF_REMOVAL.message]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('deletes a user: their sessions end, the row goes, user.removed is announced', async () => {
    const u = await create();
    const cookie = await s.login(u.username, PASSWORD);
    published.length = 0;
    const res = await call('DELETE', `/v2/users/${u.id}`, admin);
    expect([res.statusCode, res.json()]).toEqual([200, { id: u.id, deleted: true }]);
    expect((await call('GET', '/users/current', cookie)).statusCode).toBe(401);
    expect((await call('GET', `/v2/users/${u.id}`, admin)).statusCode).toBe(404);
    expect(published.some((p) => p.event.type === 'user.removed' && p.event.userId === u.id && p.topics.includes(inventoryTopic('inv-global')))).toBe(true);
  });

  it('SSO and enterprise users are managed only by an IT admin', async () => {
    const u = await create();
    await db().user.update({ where: { id: u.id }, data: { enterprise: true } });
    const row: UserAccountDetail = (await call('GET', `/v2/users/${u.id}`, admin)).json();
    expect(row.managedExternally).toBe(true);
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['PUT', `/v2/users/${u.id}`, { firstName: 'Edited' }],
      ['PUT', `/v2/users/${u.id}/active`, { active: false }],
      ['PUT', `/v2/users/${u.id}/password`, { password: PASSWORD, passwordConfirmation: PASSWORD }],
      ['DELETE', `/v2/users/${u.id}`, undefined],
    ] as const) {
      const res = await call(method, url, superUser, payload);
      expect([res.statusCode, res.json().error.message], url).toEqual([403, 'Enterprise users are managed only by an IT admin']);
    }
    expect(await snapshot()).toBe(before);
  });

  it('counts active users of the organisation against its user licences', async () => {
    const active = await db().user.count({ where: { organisationId: 'org-demo', active: true } });
    const { maxUsers } = await db().organisation.findUniqueOrThrow({ where: { id: 'org-demo' } });
    // GET v2/users/licences: what the /users screen shows; no limit while max users is 0.
    const licences = async (cookie = admin) => (await call('GET', '/v2/users/licences', cookie)).json();
    await db().organisation.update({ where: { id: 'org-demo' }, data: { maxUsers: 0 } });
    expect(await licences()).toEqual({ organisationId: 'org-demo', maxUsers: null, activeUsers: active, available: null });
    await db().organisation.update({ where: { id: 'org-demo' }, data: { maxUsers: active + 2 } });
    expect(await licences()).toEqual({ organisationId: 'org-demo', maxUsers: active + 2, activeUsers: active, available: 2 });
    expect((await call('GET', '/v2/users/licences', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/v2/users/licences', await s.login('luc_regular'))).statusCode).toBe(403);
    await db().organisation.update({ where: { id: 'org-demo' }, data: { maxUsers: active } });
    try {
      expect(await licences(superUser)).toEqual({ organisationId: 'org-demo', maxUsers: active, activeUsers: active, available: 0 });
      const before = await snapshot();
      const res = await call('POST', '/v2/users', admin, body());
      expect([res.statusCode, res.json().error.message]).toEqual([402, 'No available user license']);
      expect(await snapshot()).toBe(before);
      // An inactive user takes no licence; activating one needs a free licence.
      const idle = await create({ active: false });
      const activate = await call('PUT', `/v2/users/${idle.id}/active`, admin, { active: true });
      expect(activate.json().error.code).toBe('NO_USER_LICENSE');
    } finally {
      await db().organisation.update({ where: { id: 'org-demo' }, data: { maxUsers } });
    }
  });

  it('sets inventories among the caller’s (others stay; groups of inventories left go) and groups', async () => {
    const u = await create({ groupIds: ['grp-newsroom'] }, superUser);
    await call('PUT', `/v2/users/${u.id}/inventories`, superUser, { inventoryIds: ['inv-global', 'inv-metro'] });
    await call('PUT', `/v2/users/${u.id}/groups`, superUser, { groupIds: ['grp-newsroom', 'grp-metro-live'] });
    // The admin sees only inv-global: setting [inv-global] keeps Metro-TV.
    const sports = await db().userInventory.create({ data: { userId: 'usr-luc_admin', inventoryId: 'inv-global-sports' } });
    try {
      const admin2 = await s.login('luc_admin');
      const res = await call('PUT', `/v2/users/${u.id}/inventories`, admin2, { inventoryIds: ['inv-global-sports'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([{ id: 'inv-global-sports', name: 'Global-News-Sports' }]);
      const stored = await db().userInventory.findMany({ where: { userId: u.id }, orderBy: { inventoryId: 'asc' } });
      expect(stored.map((i) => i.inventoryId)).toEqual(['inv-global-sports', 'inv-metro']);
      // Newsroom (inv-global) went with the inventory; Metro-Live stays.
      const groups = await db().userGroup.findMany({ where: { userId: u.id }, orderBy: { groupId: 'asc' } });
      expect(groups.map((g) => g.groupId)).toEqual(['grp-metro-live']);
      const setGroups = await call('PUT', `/v2/users/${u.id}/groups`, admin2, { groupIds: ['grp-football'] });
      expect(setGroups.json()).toEqual([{ id: 'grp-football', name: 'Football', inventoryId: 'inv-global-sports', inventoryName: 'Global-News-Sports' }]);
      const wrong = await call('PUT', `/v2/users/${u.id}/groups`, admin2, { groupIds: ['grp-newsroom'] });
      expect(wrong.json().error.code).toBe('GROUP_OUTSIDE_USER_INVENTORIES');
      expect((await call('GET', `/v2/users/${u.id}/groups`, superUser)).json().map((g: { id: string }) => g.id)).toEqual(['grp-football', 'grp-metro-live']);
      const none = await call('PUT', `/v2/users/${u.id}/inventories`, admin2, { inventoryIds: [] });
      expect(fieldMessage(none, 'inventoryIds')).toBe(VALIDATION.userInventoryRequired);
    } finally {
      await db().userInventory.delete({ where: { userId_inventoryId: { userId: sports.userId, inventoryId: sports.inventoryId } } });
    }
  });

  it('sets a new password: the old one stops working, the new one logs in, the expiry restarts', async () => {
    const u = await create({ passwordExpiryPolicy: '6' });
    const mismatch = await call('PUT', `/v2/users/${u.id}/password`, admin, { password: 'Other-pass9', passwordConfirmation: 'Other-pass8' });
    expect(fieldMessage(mismatch, 'passwordConfirmation')).toBe(VALIDATION.passwordsMustMatch);
    const res = await call('PUT', `/v2/users/${u.id}/password`, admin, { password: 'Other-pass9', passwordConfirmation: 'Other-pass9' });
    expect(res.statusCode, res.body).toBe(200);
    await expect(s.login(u.username, PASSWORD)).rejects.toThrow(/401/);
    await s.login(u.username, 'Other-pass9');
    expect(Date.parse(res.json().passwordExpiresAt)).toBeGreaterThan(Date.now() + 170 * 86_400_000);
  });
});
