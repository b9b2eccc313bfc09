/**
 * Software versions (spec 001 §3 Software version, §8 "software version exists", §9 "Version
 * numbers 3.5 up to 10.1, compared by major, minor, patch") against the real core on real SQLite
 * and PostgreSQL: the /sw_version list (paging, search, sort by number as versions, filters), read,
 * create, update, delete (not while an upgrade targets it), assigning and withdrawing inventories;
 * roles, availability (a version of another inventory answers 404), the validation messages, a
 * rejected request changing nothing, and the realtime events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  softwareVersionEndpoints,
  VALIDATION,
  type EndpointDef,
  type Role,
  type SoftwareVersion,
  type SoftwareVersionPage,
  RULES,
} from '@fleet/contracts';
import { groupTopic, type CurrentUser } from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';
import { connect, until } from './realtime-client.js';

const IDS = Object.keys(softwareVersionEndpoints) as (keyof typeof softwareVersionEndpoints)[];

describe.each(providers())('software versions on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let partner: string; // luc_partner: reads only
  let superUser: string;
  const cookies = new Map<Role, string>();
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [admin, partner, superUser] = await Promise.all([s.login('luc_admin'), s.login('luc_partner'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const cookieOf = async (role: Role) => {
    if (!cookies.has(role)) cookies.set(role, await s.login(role));
    return cookies.get(role)!;
  };
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify(await db().softwareVersion.findMany({ orderBy: { id: 'asc' }, include: { inventories: { orderBy: { inventoryId: 'asc' } } } }));
  const create = (body: Record<string, unknown>, cookie = superUser) => call('POST', '/v2/softwareVersions', cookie, body);
  const list = async (qs: string, cookie = superUser): Promise<SoftwareVersionPage> => (await call('GET', `/v2/softwareVersions${qs}`, cookie)).json();
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const eventsOf = (type: string) => published.filter((p) => p.event.type === type);
  const lastEvent = (type: string, id: string) =>
    eventsOf(type)
      .filter((p) => 'softwareVersionId' in p.event && p.event.softwareVersionId === id)
      .at(-1);

  it('answers 401 without a session, 403 to roles outside each call, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'swv-10-1', inventoryId: 'inv-global' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      for (const role of (['luc_regular', 'luc_read', 'luc_admin', 'luc_partner', 'luc_contractor', 'staff'] as const).filter(
        (r) => !(def.roles as readonly Role[]).includes(r),
      )) {
        const res = await call(def.method, url, await cookieOf(role), def.body ? { number: '7.7', description: 'x' } : undefined);
        expect(res.statusCode, `${id} as ${role}`).toBe(403);
      }
    }
    // Reading is for the manage roles and staff; writing for super user and staff; assigning for the admin roles.
    expect(catalogue.listSoftwareVersions.roles).toEqual(
      expect.arrayContaining(['luc_admin', 'luc_contractor', 'luc_partner', 'luc_media_group_admin', 'staff']),
    );
    expect(catalogue.createSoftwareVersion.roles).toEqual(['super_user', 'staff']);
    expect(catalogue.assignSoftwareVersionInventory.roles).not.toContain('luc_partner');
    expect(await snapshot()).toBe(before);
  });

  it('lists the versions sorted by number compared as versions, pages of 50, searches and filters', async () => {
    const page = await list('');
    expect(page.limit).toBe(50);
    expect(page.total).toBe(13);
    expect(page.items.slice(0, 4).map((v) => v.number)).toEqual(['10.1', '10.0', '9.2.1', '8.5']);
    const asc = await list('?sortDir=asc&limit=5');
    // As versions: 10.x comes last, not after 1 (as text would put it).
    expect(asc.items.map((v) => v.number)).toEqual(['3.5', '5.1', '6.0', '6.1.2', '6.2.1']);
    expect(asc.total).toBe(13);
    expect((await list('?sortDir=asc&offset=11')).items.map((v) => v.number)).toEqual(['10.0', '10.1']);
    expect((await list('?searchValue=6.')).items.map((v) => v.number)).toEqual(['6.5', '6.4', '6.2.1', '6.1.2', '6.0']);
    expect((await list('?searchKey=description&searchValue=RELEASE%2010')).items.map((v) => v.number)).toEqual(['10.1', '10.0']);
    expect((await list('?deprecated=true')).items.map((v) => v.number)).toEqual(['6.0', '5.1', '3.5']);
    expect((await list('?deprecated=false')).total).toBe(10);
    const servers = await list('?device=mmh_server');
    expect(servers.items.map((v) => v.number)).not.toContain('3.5');
    expect(servers.total).toBe(11);
    const v10 = page.items[0]!;
    expect(v10).toMatchObject({
      id: 'swv-10-1',
      description: 'Release 10.1',
      releaseNotesUrl: 'https://docs.example.com/releases/10.1',
      deprecated: false,
      global: false,
    });
    expect(v10.inventories.map((i) => i.name)).toEqual(['Global-News', 'Global-News-Sports', 'Metro-TV']);
    expect(page.items.find((v) => v.number === '6.5')).toMatchObject({ global: true, inventories: [] });
    // Bad query values are the spec's messages, not a 500.
    const bad = await call('GET', '/v2/softwareVersions?sortBy=colour&limit=0', superUser);
    expect(bad.statusCode).toBe(400);
  });

  it('shows a non-global caller the versions available to their inventories, and only their own inventories of each', async () => {
    const metroOnly = await create({ number: '7.1', inventoryIds: ['inv-metro'] });
    expect(metroOnly.statusCode).toBe(201);
    const { id } = metroOnly.json() as SoftwareVersion;
    const seen = await list('?limit=100', admin);
    expect(seen.items.map((v) => v.number)).not.toContain('7.1');
    expect(seen.total).toBe(13);
    expect(seen.items.find((v) => v.number === '10.1')!.inventories.map((i) => i.id)).toEqual(['inv-global']);
    // Unknown and foreign answer alike.
    const foreign = await call('GET', `/v2/softwareVersions/${id}`, admin);
    const unknown = await call('GET', '/v2/softwareVersions/swv-no-such', admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    // Filtering by another's inventory tells nothing.
    expect((await list('?inventoryId=inv-metro', admin)).total).toBe(0);
    expect((await list('?inventoryId=inv-metro')).items.map((v) => v.number)).toContain('7.1');
    expect((await call('GET', `/v2/softwareVersions/${id}`, superUser)).json()).toMatchObject({
      number: '7.1',
      inventories: [{ id: 'inv-metro', name: 'Metro-TV' }],
    });
    expect((await call('DELETE', `/v2/softwareVersions/${id}`, superUser)).statusCode).toBe(200);
  });

  it('creates a version in its one spelling and announces it to every inventory when it is for all', async () => {
    const res = await create({
      number: ' 6.3.0 ',
      description: 'Field fixes',
      releaseNotesUrl: 'https://docs.example.com/6.3',
      supportedDevices: ['fieldUnits', 'mmh_server', 'fieldUnits'],
    });
    expect(res.statusCode).toBe(201);
    const created: SoftwareVersion = res.json();
    expect(created).toMatchObject({
      number: '6.3',
      description: 'Field fixes',
      supportedDevices: ['fieldUnits', 'mmh_server'],
      global: true,
      deprecated: false,
      version: 0,
    });
    const event = lastEvent('softwareVersion.changed', created.id);
    expect(event?.event).toMatchObject({ number: '6.3' });
    expect(event?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'inventory:inv-metro', 'inventory:inv-global-sports']));
    // The admin's list shows it (for every inventory).
    expect((await list('?searchValue=6.3', admin)).items.map((v) => v.id)).toEqual([created.id]);
    // The same version in any spelling exists already.
    for (const number of ['6.3', '6.3.0']) {
      const before = await snapshot();
      const dup = await create({ number });
      expect(dup.statusCode, number).toBe(409);
      expect(dup.json().error).toMatchObject({ code: 'SOFTWARE_VERSION_EXISTS', message: ERROR_CATALOGUE.SOFTWARE_VERSION_EXISTS.message });
      expect(fields(dup)).toEqual([{ path: 'body.number', message: 'Software version exists' }]);
      expect(await snapshot()).toBe(before);
    }
    expect((await call('DELETE', `/v2/softwareVersions/${created.id}`, superUser)).statusCode).toBe(200);
  });

  it('refuses each invalid field with the spec wording, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'body.number', VALIDATION.required],
      [{ number: '' }, 'body.number', VALIDATION.required],
      [{ number: '3.4' }, 'body.number', VALIDATION.softwareVersionNumber],
      [{ number: '10.2' }, 'body.number', VALIDATION.softwareVersionNumber],
      [{ number: '11' }, 'body.number', VALIDATION.softwareVersionNumber],
      [{ number: '7.x' }, 'body.number', VALIDATION.softwareVersionNumber],
      [{ number: '7.05' }, 'body.number', VALIDATION.softwareVersionNumber],
      [{ number: '7.5.1.2' }, 'body.number', VALIDATION.softwareVersionNumber],
      [{ number: '7.7', releaseNotesUrl: 'ftp://docs.example.com' }, 'body.releaseNotesUrl', VALIDATION.releaseNotesUrl],
      [{ number: '7.7', releaseNotesUrl: 'not a url' }, 'body.releaseNotesUrl', VALIDATION.releaseNotesUrl],
      [{ number: '7.7', description: 'x'.repeat(256) }, 'body.description', VALIDATION.max255],
      [{ number: '7.7', supportedDevices: ['toaster'] }, 'body.supportedDevices.0', VALIDATION.invalidField],
      [{ number: '7.7', inventoryIds: ['inv-no-such'] }, 'body.inventoryIds.0', RULES.unknownInventory],
      [{ number: '7.7', inventoryIds: ['inv-global', 'inv-global'] }, 'body.inventoryIds.1', VALIDATION.fieldUnique],
      [{ number: 7.7 }, 'body.number', VALIDATION.invalidField],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toContainEqual({ path, message });
    }
    // The limits themselves are valid (a patch of 10.1 too).
    for (const number of ['3.5', '10.1']) expect((await create({ number })).statusCode, number).toBe(409);
    expect(await snapshot()).toBe(before);
    const patch = await create({ number: '10.1.3' });
    expect(patch.statusCode).toBe(201);
    expect((await call('DELETE', `/v2/softwareVersions/${(patch.json() as SoftwareVersion).id}`, superUser)).statusCode).toBe(200);
  });

  it('lets one of two racing creates of the same version through', async () => {
    const answers = await Promise.all([create({ number: '7.2.5' }), create({ number: '7.2.5' }), create({ number: '7.2.5' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.code).toBe('SOFTWARE_VERSION_EXISTS');
    expect(await db().softwareVersion.count({ where: { number: '7.2.5' } })).toBe(1);
    const id = (answers.find((a) => a.statusCode === 201)!.json() as SoftwareVersion).id;
    expect((await call('DELETE', `/v2/softwareVersions/${id}`, superUser)).statusCode).toBe(200);
  });

  it('updates fields over the version read, sets the inventories, and refuses a stale version or a taken number', async () => {
    const { id } = (await create({ number: '7.3', inventoryIds: ['inv-global'] })).json() as SoftwareVersion;
    const staff = await cookieOf('staff');
    const res = await call('PUT', `/v2/softwareVersions/${id}`, staff, { description: 'Hotfix', deprecated: true, releaseNotesUrl: '', version: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Hotfix', deprecated: true, releaseNotesUrl: null, version: 1 });
    expect(lastEvent('softwareVersion.changed', id)?.topics).toContain('inventory:inv-global');
    expect(lastEvent('softwareVersion.changed', id)?.topics).not.toContain('inventory:inv-metro');
    let before = await snapshot();
    const stale = await call('PUT', `/v2/softwareVersions/${id}`, superUser, { description: 'Late', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    const taken = await call('PUT', `/v2/softwareVersions/${id}`, superUser, { number: '10.0.0' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SOFTWARE_VERSION_EXISTS');
    const invalid = await call('PUT', `/v2/softwareVersions/${id}`, superUser, { number: '2.0', inventoryIds: ['inv-no-such'] });
    expect(invalid.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
    // The whole inventory list: Metro only (the old one hears of it too), then none (available to all).
    const moved = await call('PUT', `/v2/softwareVersions/${id}`, superUser, { inventoryIds: ['inv-metro'], number: '7.3.1' });
    expect(moved.json()).toMatchObject({ number: '7.3.1', inventories: [{ id: 'inv-metro' }], global: false, version: 2 });
    expect(lastEvent('softwareVersion.changed', id)?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'inventory:inv-metro']));
    expect((await call('GET', `/v2/softwareVersions/${id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/v2/softwareVersions/${id}`, superUser, { inventoryIds: [] })).json()).toMatchObject({ global: true, inventories: [] });
    expect((await call('GET', `/v2/softwareVersions/${id}`, admin)).statusCode).toBe(200);
    before = await snapshot();
    expect((await call('PUT', `/v2/softwareVersions/swv-no-such`, superUser, { description: 'x' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    expect((await call('DELETE', `/v2/softwareVersions/${id}`, superUser)).statusCode).toBe(200);
  });

  it('keeps a version a pending or running upgrade targets: no delete, no new number; deprecating is fine', async () => {
    const { id } = (await create({ number: '7.4' })).json() as SoftwareVersion;
    const job = await db().upgradeJob.create({
      data: { deviceType: 'unit', deviceId: 'LU800-0001', fromVersion: '7.0', targetVersion: '7.4.0', state: 'upgrading' },
    });
    try {
      const before = await snapshot();
      const del = await call('DELETE', `/v2/softwareVersions/${id}`, superUser);
      expect(del.statusCode).toBe(409);
      expect(del.json().error).toMatchObject({ code: 'SOFTWARE_VERSION_IN_USE', message: ERROR_CATALOGUE.SOFTWARE_VERSION_IN_USE.message });
      expect((await call('PUT', `/v2/softwareVersions/${id}`, superUser, { number: '7.4.1' })).json().error.code).toBe('SOFTWARE_VERSION_IN_USE');
      expect(await snapshot()).toBe(before);
      expect((await call('PUT', `/v2/softwareVersions/${id}`, superUser, { deprecated: true })).statusCode).toBe(200);
      await db().upgradeJob.update({ where: { id: job.id }, data: { state: 'succeeded' } });
      const gone = await call('DELETE', `/v2/softwareVersions/${id}`, superUser);
      expect(gone.json()).toEqual({ id, number: '7.4', deleted: true });
      expect(lastEvent('softwareVersion.removed', id)?.event).toMatchObject({ number: '7.4' });
      expect(lastEvent('softwareVersion.removed', id)?.topics).toContain('inventory:inv-metro');
      expect((await call('GET', `/v2/softwareVersions/${id}`, superUser)).statusCode).toBe(404);
    } finally {
      await db().upgradeJob.delete({ where: { id: job.id } });
    }
  });

  it("lets an admin make a version available to their own inventories and withdraw it, never another's", async () => {
    const { id } = (await create({ number: '7.6', inventoryIds: ['inv-global', 'inv-metro'] })).json() as SoftwareVersion;
    // The admin sees only their own of its inventories.
    expect((await call('GET', `/v2/softwareVersions/${id}`, admin)).json()).toMatchObject({ inventories: [{ id: 'inv-global' }], global: false });
    let before = await snapshot();
    // Another's inventory: 404 as an unknown one; a partner may not assign at all.
    for (const [method, inv] of [
      ['PUT', 'inv-metro'],
      ['DELETE', 'inv-metro'],
      ['PUT', 'inv-no-such'],
    ] as const) {
      expect((await call(method, `/v2/softwareVersions/${id}/inventories/${inv}`, admin)).statusCode, `${method} ${inv}`).toBe(404);
    }
    expect((await call('PUT', `/v2/softwareVersions/${id}/inventories/inv-global`, partner)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    // Assigning an inventory it has changes nothing.
    expect((await call('PUT', `/v2/softwareVersions/${id}/inventories/inv-global`, admin)).json()).toMatchObject({ version: 0 });
    // Withdrawing the admin's inventory: Metro keeps it, the admin no longer sees it.
    const withdrawn = await call('DELETE', `/v2/softwareVersions/${id}/inventories/inv-global`, admin);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ inventories: [], global: false, version: 1 });
    expect(lastEvent('softwareVersion.changed', id)?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'inventory:inv-metro']));
    expect((await call('GET', `/v2/softwareVersions/${id}`, admin)).statusCode).toBe(404);
    // The last inventory is not withdrawn (the version would be for everyone), nor one from a version for all.
    before = await snapshot();
    const last = await call('DELETE', `/v2/softwareVersions/${id}/inventories/inv-metro`, superUser);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('SOFTWARE_VERSION_LAST_INVENTORY');
    const forAll = await call('DELETE', '/v2/softwareVersions/swv-6-5/inventories/inv-global', admin);
    expect(forAll.statusCode).toBe(409);
    expect(forAll.json().error).toMatchObject({ code: 'SOFTWARE_VERSION_GLOBAL', message: ERROR_CATALOGUE.SOFTWARE_VERSION_GLOBAL.message });
    expect((await call('PUT', '/v2/softwareVersions/swv-6-5/inventories/inv-global', admin)).json()).toMatchObject({ global: true, version: 0 });
    expect(await snapshot()).toBe(before);
    // A global role assigns it back to the admin's inventory.
    const back = await call('PUT', `/v2/softwareVersions/${id}/inventories/inv-global`, superUser);
    expect(back.json().inventories.map((i: { id: string }) => i.id)).toEqual(['inv-global', 'inv-metro']);
    expect((await call('GET', `/v2/softwareVersions/${id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/v2/softwareVersions/${id}`, superUser)).statusCode).toBe(200);
  });
  it("reaches an admin's console over /ws for a version of their inventory or for all, not for another inventory's", async () => {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const me: CurrentUser = (await call('GET', '/users/current', admin)).json();
    const client = await connect(base, { cookie: admin });
    try {
      await client.next((m) => m.op === 'hello');
      client.send({ op: 'subscribe', topics: me.groups.map((g) => groupTopic(g.id)) });
      await client.next((m) => m.op === 'subscribed');
      const heard = (id: string) => client.events.filter((e) => 'softwareVersionId' in e.event && e.event.softwareVersionId === id);
      const metro = ((await create({ number: '7.8', inventoryIds: ['inv-metro'] })).json() as SoftwareVersion).id;
      const own = ((await create({ number: '7.8.1', inventoryIds: ['inv-global'] })).json() as SoftwareVersion).id;
      await until(() => heard(own).length > 0, 5000, "the event of a version of the admin's inventory");
      expect(heard(own)[0]!.event).toMatchObject({ type: 'softwareVersion.changed', number: '7.8.1' });
      // Announced in order: by the time the later one arrived, the other inventory's would have too.
      expect(heard(metro)).toEqual([]);
      expect((await call('DELETE', `/v2/softwareVersions/${own}`, superUser)).statusCode).toBe(200);
      await until(() => heard(own).some((e) => e.event.type === 'softwareVersion.removed'), 5000, 'the removal');
      expect((await call('DELETE', `/v2/softwareVersions/${metro}`, superUser)).statusCode).toBe(200);
    } finally {
      client.ws.close();
    }
  });
});
