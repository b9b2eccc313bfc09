/**
 * Groups of spec 001 §7 against the real core on real SQLite (and PostgreSQL when DATABASE_URL_PG
 * is set): the /groups list and the admin pages (search, paging, sort), member pages and channel /
 * video return channel associations, the admin and console create / update / remove calls with
 * the §5 name rules and the §8 errors, fetch_details, fetch_machinegroups, the default unit
 * configuration and multi-camera channels; roles, object scope (404 for unknown and foreign), that
 * a rejected request changes nothing, and `group.changed` / `group.removed` seen by a console on /ws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  VALIDATION,
  inventoryTopic,
  groupTopic,
  type ChannelLive,
  type GroupDefaultConfiguration,
  type GroupDetail,
  type GroupListRow,
  type GroupPage,
  type MachineGroups,
  type RealtimeEvent,
} from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack, coreCall, type Method } from '../support/stack.js';
import { connect, type WsClient } from './realtime-client.js';

const GLOBAL = 'inv-global';
const NEWSROOM = 'grp-newsroom';
const FIELD_CREWS = 'grp-field-crews';
const METRO_GROUP = 'grp-metro-live';
const METRO = 'inv-metro';
const CH1 = 'MMH-0001-CH1';
const CH2 = 'MMH-0001-CH2';
const METRO_CHANNEL = 'MMH-0002-CH1';

describe.each(providers())('groups on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let superUser: string;
  let admin: string; // luc_admin of inv-global
  let regular: string;
  let reader: string;
  let partner: string; // luc_partner: the /groups screen, not the admin calls

  beforeAll(async () => {
    s = await startTestStack({ provider });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    [superUser, admin, regular, reader, partner] = await Promise.all([
      s.login('super_user'),
      s.login('luc_admin'),
      s.login('luc_regular'),
      s.login('luc_read'),
      s.login('luc_partner'),
    ]);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => {
    const [groups, units, channels, vrChannels, users] = await Promise.all([
      db().group.findMany({ orderBy: { id: 'asc' } }),
      db().unitGroup.findMany({ orderBy: [{ groupId: 'asc' }, { unitId: 'asc' }] }),
      db().groupChannel.findMany({ orderBy: [{ groupId: 'asc' }, { channelId: 'asc' }] }),
      db().groupVrChannel.findMany({ orderBy: [{ groupId: 'asc' }, { vrChannelId: 'asc' }] }),
      db().userGroup.findMany({ orderBy: [{ groupId: 'asc' }, { userId: 'asc' }] }),
    ]);
    return JSON.stringify({ groups, units, channels, vrChannels, users });
  };
  const expectError = (res: { statusCode: number; json(): unknown; body: string }, code: keyof typeof ERROR_CATALOGUE) => {
    expect(res.statusCode, res.body).toBe(ERROR_CATALOGUE[code].status);
    expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({ code, message: ERROR_CATALOGUE[code].message });
  };
  const fields = (res: { json(): unknown }) => (res.json() as { error: { fields: unknown[] } }).error.fields;
  /** A group made through storage for one test (so tests do not depend on each other's groups). */
  const seedGroup = async (name: string, inventoryId = GLOBAL) => {
    const g = await db().group.create({ data: { name, inventoryId } });
    await eventually(async () => s.app.services.readModel.groups.get(g.id) !== undefined);
    return g.id;
  };
  /** A console subscribed to these topics on /ws. */
  const subscribe = async (cookie: string, topics: string[]): Promise<WsClient> => {
    const client = await connect(base, { cookie });
    await client.next((m) => m.op === 'hello');
    client.send({ op: 'subscribe', topics });
    await client.next((m) => m.op === 'subscribed');
    return client;
  };
  const seen = (client: WsClient, pred: (e: RealtimeEvent) => boolean) => eventually(async () => client.events.some((e) => pred(e.event)), 5000);

  it('answers 401 without a session and 403 to roles outside the call’s set; nothing changes', async () => {
    const before = await snapshot();
    expect((await call('GET', '/groups/fetch', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/groups/add', undefined, { name: 'X', inventoryId: GLOBAL })).statusCode).toBe(401);
    for (const [method, url, payload] of [
      ['GET', '/v2/admin/groups', undefined],
      ['POST', '/v2/admin/groups', { name: 'Nope', inventoryId: GLOBAL }],
      ['DELETE', `/v2/admin/groups/${FIELD_CREWS}`, undefined],
      ['PUT', `/v2/admin/groups/${NEWSROOM}/channels/${CH2}`, undefined],
      ['POST', '/groups/add', { name: 'Nope', inventoryId: GLOBAL }],
      ['POST', '/groups/remove_multiple', { ids: [FIELD_CREWS] }],
      ['GET', `/groups/fetch_details?groupUid=${NEWSROOM}`, undefined],
    ] as const) {
      const res = await call(method, url, regular, payload);
      expectError(res, 'FORBIDDEN');
    }
    // The /groups screen's writes are MANAGE_ROLES: a read-only user and a partner's admin call are refused.
    expectError(await call('POST', '/groups/update', reader, { id: NEWSROOM, name: 'Renamed' }), 'FORBIDDEN');
    expectError(await call('GET', '/v2/admin/groups', partner), 'FORBIDDEN');
    expect(await snapshot()).toBe(before);
  });

  it('lists the caller’s groups as rows with their inventory, creation date and member counts', async () => {
    const res = await call('GET', '/groups/fetch', admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows: GroupListRow[] = res.json();
    expect(rows.map((r) => r.inventoryId).every((i) => i === GLOBAL)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(METRO_GROUP);
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort());
    const newsroom = rows.find((r) => r.id === NEWSROOM)!;
    const [units, channels, vrChannels, users] = await Promise.all([
      db().unitGroup.count({ where: { groupId: NEWSROOM } }),
      db().groupChannel.count({ where: { groupId: NEWSROOM } }),
      db().groupVrChannel.count({ where: { groupId: NEWSROOM } }),
      db().userGroup.count({ where: { groupId: NEWSROOM } }),
    ]);
    expect(newsroom).toMatchObject({ name: 'Newsroom', inventoryName: 'Global-News', counts: { units, channels, vrChannels, users } });
    expect(units).toBeGreaterThan(0);
    expect(Date.parse(newsroom.createdOn)).not.toBeNaN();
    // Every console role reads it (the unit area needs it); a global role sees Metro's groups too.
    expect((await call('GET', '/groups/fetch', reader)).statusCode).toBe(200);
    expect(((await call('GET', '/groups/fetch', superUser)).json() as GroupListRow[]).map((r) => r.id)).toContain(METRO_GROUP);
  });

  it('pages, searches and sorts the admin group lists (50 by default), within the admin’s inventories', async () => {
    const all: GroupPage = (await call('GET', '/v2/admin/groups', admin)).json();
    expect(all.limit).toBe(50);
    expect(all.offset).toBe(0);
    expect(all.items.every((g) => g.inventoryId === GLOBAL)).toBe(true);
    expect(all.total).toBe(all.items.length);
    const page: GroupPage = (await call('GET', '/v2/admin/groups?limit=1&offset=1&sortBy=name&sortDir=desc', admin)).json();
    const desc = [...all.items].sort((a, b) => (a.name < b.name ? 1 : -1));
    expect(page.items.map((g) => g.id)).toEqual([desc[1]!.id]);
    expect(page.total).toBe(all.total);
    const found: GroupPage = (await call('GET', '/v2/admin/groups?searchKey=name&searchValue=NEWS', admin)).json();
    expect(found.items.map((g) => g.id)).toEqual([NEWSROOM]);
    const byInventory: GroupPage = (await call('GET', '/v2/admin/groups?searchKey=inventoryName&searchValue=metro', superUser)).json();
    expect(byInventory.items.map((g) => g.inventoryId)).toEqual([METRO, METRO]);
    const inventory: GroupPage = (await call('GET', `/v2/admin/inventories/${METRO}/groups?sortBy=createdOn`, superUser)).json();
    expect(inventory.items.map((g) => g.id).sort()).toEqual(['grp-metro-archive', METRO_GROUP]);
    // Another admin's inventory and an unknown one: the same 404.
    expectError(await call('GET', `/v2/admin/inventories/${METRO}/groups`, admin), 'NOT_FOUND');
    expectError(await call('GET', '/v2/admin/inventories/inv-nope/groups', admin), 'NOT_FOUND');
    const bad = await call('GET', '/v2/admin/groups?limit=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual([{ path: 'query.limit', message: VALIDATION.minValue(1) }]);
  });

  it('creates a group with the §5 name rules; a refused request stores nothing; consoles hear group.changed', async () => {
    const client = await subscribe(admin, [inventoryTopic(GLOBAL)]);
    // A console of a user with groups follows only those groups' topics: it hears of a new group of
    // their inventory too.
    const groupConsole = await subscribe(admin, [groupTopic(FIELD_CREWS)]);
    const before = await snapshot();
    for (const [name, message] of [
      [undefined, VALIDATION.required],
      ['', VALIDATION.required],
      ['Has space', VALIDATION.unitNameCharacters],
      ['x'.repeat(256), VALIDATION.max255],
    ] as const) {
      const res = await call('POST', '/v2/admin/groups', admin, { name, inventoryId: GLOBAL });
      expect(res.statusCode, String(name)).toBe(400);
      expect(fields(res)[0]).toEqual({ path: 'body.name', message });
    }
    const noInventory = await call('POST', '/groups/add', admin, { name: 'No-Inventory' });
    expect(fields(noInventory)).toEqual([{ path: 'body.inventoryId', message: VALIDATION.required }]);
    const taken = await call('POST', '/groups/add', admin, { name: 'Newsroom', inventoryId: GLOBAL });
    expect(taken.statusCode).toBe(409);
    expect(fields(taken)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    // Another admin's inventory and an unknown one: the same 404.
    expectError(await call('POST', '/v2/admin/groups', admin, { name: 'Elsewhere', inventoryId: METRO }), 'NOT_FOUND');
    expectError(await call('POST', '/groups/add', admin, { name: 'Elsewhere', inventoryId: 'inv-nope' }), 'NOT_FOUND');
    expect(await snapshot()).toBe(before);

    const res = await call('POST', '/v2/admin/groups', admin, { name: 'Night_Desk-1', inventoryId: GLOBAL, autoAssociation: { units: true } });
    expect(res.statusCode, res.body).toBe(201);
    const created: GroupDetail = res.json();
    expect(created).toMatchObject({
      name: 'Night_Desk-1',
      inventoryId: GLOBAL,
      inventoryName: 'Global-News',
      counts: { units: 0, channels: 0, vrChannels: 0, users: 0 },
      autoAssociation: { units: true, channels: false, vrChannels: false, users: false },
      hasDefaultConfiguration: false,
    });
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === created.id && e.group.name === 'Night_Desk-1');
    await seen(groupConsole, (e) => e.type === 'group.changed' && e.group.id === created.id);
    // The same name is free in another inventory; a partner (the /groups screen) creates in their own.
    expect((await call('POST', '/v2/admin/groups', superUser, { name: 'Night_Desk-1', inventoryId: METRO })).statusCode).toBe(201);
    const added = await call('POST', '/groups/add', partner, { name: 'Partner-Desk', inventoryId: GLOBAL });
    expect(added.statusCode, added.body).toBe(201);
    client.ws.close();
    groupConsole.ws.close();
  });

  it('adds a group with details and members; ids outside the group’s inventory are refused at their place', async () => {
    const before = await snapshot();
    const bad = await call('POST', '/groups/add_details', admin, {
      name: 'With-Members',
      inventoryId: GLOBAL,
      members: { channelIds: [CH1, METRO_CHANNEL], unitIds: ['LU800-0005'], userIds: ['usr-nobody'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(
      expect.arrayContaining([
        { path: 'body.members.channelIds.1', message: VALIDATION.invalidField },
        { path: 'body.members.unitIds.0', message: VALIDATION.invalidField },
        { path: 'body.members.userIds.0', message: VALIDATION.invalidField },
      ]),
    );
    expect(await snapshot()).toBe(before);
    const res = await call('POST', '/groups/add_details', admin, {
      name: 'With-Members',
      inventoryId: GLOBAL,
      autoAssociation: { channels: true },
      members: { channelIds: [CH1, CH2], unitIds: ['LU800-0001'], vrChannelIds: ['VRC-0001'], userIds: ['usr-luc_regular'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const g: GroupDetail = res.json();
    expect(g.counts).toEqual({ units: 1, channels: 2, vrChannels: 1, users: 1 });
    expect(g.members).toEqual({ unitIds: ['LU800-0001'], channelIds: [CH1, CH2], vrChannelIds: ['VRC-0001'], userIds: ['usr-luc_regular'] });
    expect(g.autoAssociation.channels).toBe(true);
  });

  it('renames and updates details with the optimistic version; a stale version or a taken name changes nothing', async () => {
    const id = await seedGroup('Rename-Me');
    const client = await subscribe(admin, [groupTopic(id)]);
    const [detail] = (await call('GET', `/groups/fetch_details?groupUid=${id}`, admin)).json() as GroupDetail[];
    const before = await snapshot();
    expectError(await call('POST', '/groups/update', admin, { id, name: 'Renamed', version: detail!.version + 1 }), 'CONFLICT');
    const taken = await call('POST', '/groups/update', admin, { id, name: 'Studio' });
    expect(fields(taken)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    const badName = await call('POST', '/groups/update', admin, { id, name: 'Bad name!' });
    expect(fields(badName)).toEqual([{ path: 'body.name', message: VALIDATION.unitNameCharacters }]);
    expectError(await call('POST', '/groups/update', admin, { id: METRO_GROUP, name: 'Mine' }), 'NOT_FOUND');
    expect(await snapshot()).toBe(before);

    const renamed = await call('POST', '/groups/update', admin, { id, name: 'Renamed', version: detail!.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', version: detail!.version + 1 });
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.name === 'Renamed');

    const updated = await call('POST', '/groups/update_details', partner, {
      id,
      version: detail!.version + 1,
      autoAssociation: { users: true },
      members: { channelIds: [CH1], unitIds: ['LU800-0002', 'LU800-0001'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after: GroupDetail = updated.json();
    expect(after.members.channelIds).toEqual([CH1]);
    expect(after.members.unitIds).toEqual(['LU800-0001', 'LU800-0002']);
    expect(after.autoAssociation).toMatchObject({ users: true });
    // Kinds not given stay; a kind given replaces.
    const again: GroupDetail = (await call('POST', '/groups/update_details', admin, { id, members: { unitIds: ['LU800-0002'] } })).json();
    expect(again.members).toMatchObject({ unitIds: ['LU800-0002'], channelIds: [CH1] });
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.counts.units === 1 && e.group.counts.channels === 1);
    // The admin PUT renames too.
    const put = await call('PUT', `/v2/admin/groups/${id}`, admin, { name: 'Renamed-Again', autoAssociation: { units: true } });
    expect(put.json()).toMatchObject({ name: 'Renamed-Again', autoAssociation: { units: true, users: true } });
    expect((await call('GET', `/v2/admin/groups/${id}`, admin)).json()).toMatchObject({ name: 'Renamed-Again' });
    client.ws.close();
  });

  it('shares channels and video return channels of the group’s inventory with it; duplicates and foreign ones are refused', async () => {
    const id = await seedGroup('Associations');
    const put = await call('PUT', `/v2/admin/groups/${id}/channels/${CH2}`, admin);
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as GroupListRow).counts.channels).toBe(1);
    const before = await snapshot();
    expectError(await call('PUT', `/v2/admin/groups/${id}/channels/${CH2}`, admin), 'ASSOCIATION_EXISTS');
    expectError(await call('PUT', `/v2/admin/groups/${id}/channels/${METRO_CHANNEL}`, superUser), 'NOT_FOUND');
    expectError(await call('PUT', `/v2/admin/groups/${id}/channels/NO-SUCH`, admin), 'NOT_FOUND');
    expectError(await call('PUT', `/v2/admin/groups/${METRO_GROUP}/channels/${CH2}`, admin), 'NOT_FOUND');
    expect(await snapshot()).toBe(before);
    const vr = await call('PUT', `/v2/admin/groups/${id}/vrChannels/VRC-0001`, admin);
    expect((vr.json() as GroupListRow).counts.vrChannels).toBe(1);
    expectError(await call('PUT', `/v2/admin/groups/${id}/vrChannels/VRC-0001`, admin), 'ASSOCIATION_EXISTS');
    expectError(await call('PUT', `/v2/admin/groups/${id}/vrChannels/VRC-0004`, superUser), 'NOT_FOUND');
    // The channel list and the channel read show it; removing it twice leaves it out once.
    expect((await db().groupChannel.findMany({ where: { groupId: id } })).map((r) => r.channelId)).toEqual([CH2]);
    for (let i = 0; i < 2; i++) {
      const del = await call('DELETE', `/v2/admin/groups/${id}/channels/${CH2}`, admin);
      expect((del.json() as GroupListRow).counts.channels).toBe(0);
    }
    expect((await call('DELETE', `/v2/admin/groups/${id}/vrChannels/VRC-0001`, admin)).json()).toMatchObject({ counts: { vrChannels: 0 } });
  });

  it('keeps a channel a transceiver shares as its feed: not removed from its group, nor its group deleted', async () => {
    const feed = await db().channel.findFirst({ where: { server: { serverType: 'transceiver_server' } }, include: { groups: true } });
    expect(feed, 'the seed has a transceiver with a channel').toBeTruthy();
    await db().channel.update({ where: { id: feed!.id }, data: { sharing: true } });
    const groupId = feed!.groups[0]?.groupId ?? (await db().groupChannel.create({ data: { groupId: 'grp-football', channelId: feed!.id } })).groupId;
    await eventually(
      async () =>
        s.app.services.readModel.channels.get(feed!.id)?.sharing === true &&
        s.app.services.readModel.channels.get(feed!.id)!.groups.some((g) => g.groupId === groupId),
    );
    const before = await snapshot();
    expectError(await call('DELETE', `/v2/admin/groups/${groupId}/channels/${feed!.id}`, superUser), 'TRANSCEIVER_FEED_IN_USE');
    expectError(await call('DELETE', `/v2/admin/groups/${groupId}`, superUser), 'TRANSCEIVER_FEED_IN_USE');
    expectError(await call('POST', '/groups/update_details', superUser, { id: groupId, members: { channelIds: [] } }), 'TRANSCEIVER_FEED_IN_USE');
    expect(await snapshot()).toBe(before);
    await db().channel.update({ where: { id: feed!.id }, data: { sharing: false } });
  });

  it('announces a membership changed by another call (a unit joining through the admin unit calls) with the new counts', async () => {
    const id = await seedGroup('Followed');
    const client = await subscribe(admin, [groupTopic(id)]);
    const res = await call('PUT', `/v2/admin/units/LU800-0003/groups/${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.counts.units === 1);
    client.ws.close();
  });

  it('pages a group’s units, channels, video return channels and users', async () => {
    const units = (await call('GET', `/v2/admin/groups/${NEWSROOM}/units?limit=2&offset=1`, admin)).json();
    const all = await db().unitGroup.count({ where: { groupId: NEWSROOM } });
    expect(units).toMatchObject({ total: all, offset: 1, limit: 2 });
    expect(units.items).toHaveLength(Math.min(2, all - 1));
    const channels = (await call('GET', `/v2/admin/groups/${NEWSROOM}/channels`, admin)).json();
    expect(channels.items.map((c: { id: string }) => c.id)).toContain(CH1);
    expect(channels.limit).toBe(50);
    const vr = (await call('GET', `/v2/admin/groups/${NEWSROOM}/vrChannels`, admin)).json();
    expect(vr.items.map((v: { id: string }) => v.id)).toContain('VRC-0001');
    const users = (await call('GET', `/v2/admin/groups/${NEWSROOM}/users?limit=1`, admin)).json();
    expect(users.total).toBe(await db().userGroup.count({ where: { groupId: NEWSROOM } }));
    expect(users.items).toHaveLength(1);
    expect(users.items[0]).toHaveProperty('username');
    expectError(await call('GET', `/v2/admin/groups/${METRO_GROUP}/users`, admin), 'NOT_FOUND');
    expectError(await call('GET', '/v2/admin/groups/grp-nope/units', admin), 'NOT_FOUND');
  });

  it('removes several groups all or nothing; memberships go, units stay; consoles hear group.removed', async () => {
    const a = await seedGroup('Remove-A');
    const b = await seedGroup('Remove-B');
    await db().unitGroup.create({ data: { groupId: a, unitId: 'LU800-0001' } });
    const client = await subscribe(admin, [inventoryTopic(GLOBAL)]);
    const groupConsole = await subscribe(admin, [groupTopic(FIELD_CREWS)]);
    const before = await snapshot();
    expectError(await call('POST', '/groups/remove_multiple', admin, { ids: [a, METRO_GROUP] }), 'NOT_FOUND');
    expectError(await call('POST', '/groups/remove_multiple', admin, { ids: [a, 'grp-nope'] }), 'NOT_FOUND');
    const empty = await call('POST', '/groups/remove_multiple', admin, { ids: [] });
    expect(fields(empty)).toEqual([{ path: 'body.ids', message: VALIDATION.required }]);
    expect(await snapshot()).toBe(before);
    const res = await call('POST', '/groups/remove_multiple', admin, { ids: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: [a, b] });
    expect(await db().group.count({ where: { id: { in: [a, b] } } })).toBe(0);
    expect(await db().unitGroup.count({ where: { groupId: a } })).toBe(0);
    expect(await db().unit.findUnique({ where: { id: 'LU800-0001' } })).toBeTruthy();
    await seen(client, (e) => e.type === 'group.removed' && e.groupId === a);
    await seen(client, (e) => e.type === 'group.removed' && e.groupId === b);
    await seen(groupConsole, (e) => e.type === 'group.removed' && e.groupId === a);
    // The admin delete: another admin's group is 404; the group's memberships go with it.
    const c = await seedGroup('Remove-C');
    expectError(await call('DELETE', `/v2/admin/groups/${METRO_GROUP}`, admin), 'NOT_FOUND');
    expect((await call('DELETE', `/v2/admin/groups/${c}`, admin)).json()).toEqual({ id: c, deleted: true });
    expectError(await call('GET', `/v2/admin/groups/${c}`, admin), 'NOT_FOUND');
    client.ws.close();
    groupConsole.ws.close();
  });

  it('answers fetch_details by group or by inventory, and 404 for foreign and unknown ones', async () => {
    const one: GroupDetail[] = (await call('GET', `/groups/fetch_details?groupUid=${NEWSROOM}`, admin)).json();
    expect(one.map((g) => g.id)).toEqual([NEWSROOM]);
    expect(one[0]!.members.unitIds.length).toBe(one[0]!.counts.units);
    const inv: GroupDetail[] = (await call('GET', `/groups/fetch_details?inventoryUid=${GLOBAL}`, admin)).json();
    expect(inv.map((g) => g.id)).toEqual(expect.arrayContaining([NEWSROOM, FIELD_CREWS]));
    expect(inv.every((g) => g.inventoryId === GLOBAL)).toBe(true);
    for (const q of ['', `groupUid=${NEWSROOM}&inventoryUid=${GLOBAL}`]) {
      const res = await call('GET', `/groups/fetch_details?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(fields(res)).toEqual([{ path: 'query.groupUid', message: VALIDATION.required }]);
    }
    for (const q of [`groupUid=${METRO_GROUP}`, 'groupUid=grp-nope', `inventoryUid=${METRO}`, 'inventoryUid=inv-nope']) {
      expectError(await call('GET', `/groups/fetch_details?${q}`, admin), 'NOT_FOUND');
    }
  });

  it('names every member in fetch_details (units, channels, video return channels by name; users by username and full name), for a partner too', async () => {
    const id = await seedGroup('Named');
    const vr = await db().videoReturnChannel.findFirstOrThrow({ where: { inventories: { some: { inventoryId: GLOBAL } } }, select: { id: true, name: true } });
    const member = await db().user.findFirstOrThrow({
      where: { inventories: { some: { inventoryId: GLOBAL } } },
      orderBy: { username: 'asc' },
      select: { id: true, username: true, firstName: true, lastName: true },
    });
    const saved = await call('POST', '/groups/update_details', admin, {
      id,
      members: { unitIds: ['LU800-0001'], channelIds: [CH1], vrChannelIds: [vr.id], userIds: [member.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [unit, channel] = await Promise.all([
      db().unit.findUniqueOrThrow({ where: { id: 'LU800-0001' }, select: { name: true } }),
      db().channel.findUniqueOrThrow({ where: { id: CH1 }, select: { name: true } }),
    ]);
    for (const cookie of [admin, partner]) {
      const res = await call('GET', `/groups/fetch_details?groupUid=${id}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const [detail] = res.json() as GroupDetail[];
      // The ids stay for clients that read them.
      expect(detail!.members).toEqual({ unitIds: ['LU800-0001'], channelIds: [CH1], vrChannelIds: [vr.id], userIds: [member.id] });
      expect(detail!.memberNames).toEqual({
        units: [{ id: 'LU800-0001', name: unit.name }],
        channels: [{ id: CH1, name: channel.name }],
        vrChannels: [{ id: vr.id, name: vr.name }],
        users: [{ id: member.id, username: member.username, fullName: `${member.firstName} ${member.lastName}`.trim() }],
      });
    }
  });

  it('removes a unit whose membership expired, as an admin removal does: it leaves the group’s details, consoles hear it', async () => {
    const id = await seedGroup('Expiring');
    await db().unitGroup.createMany({
      data: [
        { groupId: id, unitId: 'LU800-0001', expiresAt: new Date(Date.now() - 60_000) },
        { groupId: id, unitId: 'LU800-0002', expiresAt: new Date(Date.now() + 3_600_000) },
      ],
    });
    await s.app.services.readModel.invalidate([{ table: 'units', ids: ['LU800-0001', 'LU800-0002'] }]);
    const client = await subscribe(admin, [groupTopic(id)]);
    expect((await s.app.services.invitations.sweepExpiredUnits()) >= 1).toBe(true);
    expect(await db().unitGroup.findMany({ where: { groupId: id }, select: { unitId: true } })).toEqual([{ unitId: 'LU800-0002' }]);
    // The unit itself stays.
    expect(await db().unit.findUnique({ where: { id: 'LU800-0001' } })).toBeTruthy();
    const [detail] = (await call('GET', `/groups/fetch_details?groupUid=${id}`, admin)).json() as GroupDetail[];
    expect(detail!.members.unitIds).toEqual(['LU800-0002']);
    await seen(client, (e) => e.type === 'device.removed' && e.unitId === 'LU800-0001');
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.counts.units === 1);
    expect((await call('GET', `/v2/groups/${id}/units/LU800-0001/expiration`, admin)).statusCode).toBe(404);
    // A membership given a later expiration between the sweep's read and its removal stays.
    const kept = await db().unit.findUniqueOrThrow({ where: { id: 'LU800-0002' }, include: { inventories: true, groups: true } });
    await expect(s.app.services.adminUnits.leaveGroup(kept, id, new Date())).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await db().unitGroup.count({ where: { groupId: id, unitId: 'LU800-0002' } })).toBe(1);
    client.ws.close();
  });

  it('answers the groups of each unit asked for, and 404 for a unit the caller cannot see', async () => {
    const res = await call('GET', '/groups/fetch_machinegroups?unitIds=LU300-0001,LU800-0001', regular);
    expect(res.statusCode, res.body).toBe(200);
    const list: MachineGroups = res.json();
    expect(list.map((x) => x.unitId)).toEqual(['LU300-0001', 'LU800-0001']);
    expect(list[0]!.groups.map((g) => g.id).sort()).toEqual([NEWSROOM, 'grp-studio'].sort());
    expectError(await call('GET', '/groups/fetch_machinegroups?unitIds=LU800-0001,LU800-0005', regular), 'NOT_FOUND');
    expectError(await call('GET', '/groups/fetch_machinegroups?unitIds=NOPE', regular), 'NOT_FOUND');
  });

  it('creates, reads and changes a group’s default configuration; a second create is refused', async () => {
    const id = await seedGroup('Defaults');
    const empty: GroupDefaultConfiguration = (await call('GET', `/v2/groups/${id}/defaultConfiguration`, admin)).json();
    expect(empty).toMatchObject({ groupId: id, exists: false, settings: {} });
    const before = await snapshot();
    const capped = await call('POST', `/v2/groups/${id}/defaultConfiguration`, admin, { totalKbps: 2000, cellularKbps: 3000 });
    expect(fields(capped)).toEqual([{ path: 'body.cellularKbps', message: VALIDATION.cellularAboveTotal }]);
    const none = await call('POST', `/v2/groups/${id}/defaultConfiguration`, admin, {});
    expect(none.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
    const created = await call('POST', `/v2/groups/${id}/defaultConfiguration`, admin, { delayMs: 3000, transmissionMode: 'live' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ exists: true, settings: { delayMs: 3000, transmissionMode: 'live' }, version: empty.version + 1 });
    const after = await snapshot();
    expectError(await call('POST', `/v2/groups/${id}/defaultConfiguration`, admin, { delayMs: 2000 }), 'GROUP_CONFIGURATION_EXISTS');
    expectError(await call('PUT', `/v2/groups/${id}/defaultConfiguration`, admin, { delayMs: 2000, version: empty.version }), 'CONFLICT');
    expect(await snapshot()).toBe(after);
    const put = await call('PUT', `/v2/groups/${id}/defaultConfiguration`, admin, { audioBitrateKbps: 128, version: empty.version + 1 });
    expect(put.json()).toMatchObject({ exists: true, settings: { delayMs: 3000, transmissionMode: 'live', audioBitrateKbps: 128 } });
    expect(((await call('GET', `/groups/fetch_details?groupUid=${id}`, admin)).json() as GroupDetail[])[0]!.hasDefaultConfiguration).toBe(true);
    expectError(await call('GET', `/v2/groups/${METRO_GROUP}/defaultConfiguration`, admin), 'NOT_FOUND');
    expectError(await call('GET', `/v2/groups/${NEWSROOM}/defaultConfiguration`, regular), 'FORBIDDEN');
  });

  it('lists a group’s channels a unit can stream to for multiple camera, input channels left out', async () => {
    const res = await call('GET', `/v2/groups/${NEWSROOM}/multiChannels`, regular);
    expect(res.statusCode, res.body).toBe(200);
    const channels: ChannelLive[] = res.json();
    const inGroup = await db().groupChannel.findMany({ where: { groupId: NEWSROOM }, include: { channel: true } });
    const expected = inGroup
      .filter((m) => m.channel.inputKind === null)
      .map((m) => m.channelId)
      .sort();
    expect(channels.map((c) => c.channelId).sort()).toEqual(expected);
    expect(channels.every((c) => !c.isInput)).toBe(true);
    expect(inGroup.length).toBeGreaterThan(0);
    expectError(await call('GET', `/v2/groups/${METRO_GROUP}/multiChannels`, regular), 'NOT_FOUND');
  });

  it('reads the same group and members after the read model reloads them from storage', async () => {
    const id = await seedGroup('Durable');
    await call('POST', '/groups/update_details', admin, { id, members: { channelIds: [CH1] } });
    const before = (await call('GET', `/groups/fetch_details?groupUid=${id}`, admin)).json();
    await s.app.services.readModel.invalidate([
      { table: 'groups', ids: null },
      { table: 'channels', ids: null },
    ]);
    expect((await call('GET', `/groups/fetch_details?groupUid=${id}`, admin)).json()).toEqual(before);
  });
});
