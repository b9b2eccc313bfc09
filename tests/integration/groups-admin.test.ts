/**
 * Groups of spec 001 §7 against the real core on real SQLite (and PostgreSQL when DATABASE_URL_PG
 * is set): roles (401 / 403), the /groups list and the admin pages (search, paging, sort), the admin
 * and console create and update calls with the §5 name rules and the §8 errors, that a rejected
 * request changes nothing, and `group.changed` seen by a console on /ws. The stack and the helpers:
 * tests/support/groups.ts.
 */
import { describe, expect, it } from 'vitest';
import { VALIDATION, inventoryTopic, groupTopic, type GroupDetail, type GroupListRow, type GroupPage, RULES } from '@fleet/contracts';
import { CH1, CH2, FIELD_CREWS, GLOBAL, groupsStack, METRO, METRO_CHANNEL, METRO_GROUP, NEWSROOM } from '../support/groups.js';
import { providers } from '../support/stack.js';

describe.each(providers())('groups on %s', (provider) => {
  const { cookies, call, db, snapshot, expectError, fields, seedGroup, subscribe, seen } = groupsStack(provider);

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
      const res = await call(method, url, cookies.regular, payload);
      expectError(res, 'FORBIDDEN');
    }
    // The /groups screen's writes are MANAGE_ROLES: a read-only user and a partner's admin call are refused.
    expectError(await call('POST', '/groups/update', cookies.reader, { id: NEWSROOM, name: 'Renamed' }), 'FORBIDDEN');
    expectError(await call('GET', '/v2/admin/groups', cookies.partner), 'FORBIDDEN');
    expect(await snapshot()).toBe(before);
  });

  it('lists the caller’s groups as rows with their inventory, creation date and member counts', async () => {
    const res = await call('GET', '/groups/fetch', cookies.admin);
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
    expect((await call('GET', '/groups/fetch', cookies.reader)).statusCode).toBe(200);
    expect(((await call('GET', '/groups/fetch', cookies.superUser)).json() as GroupListRow[]).map((r) => r.id)).toContain(METRO_GROUP);
  });

  it('pages, searches and sorts the admin group lists (50 by default), within the admin’s inventories', async () => {
    const all: GroupPage = (await call('GET', '/v2/admin/groups', cookies.admin)).json();
    expect(all.limit).toBe(50);
    expect(all.offset).toBe(0);
    expect(all.items.every((g) => g.inventoryId === GLOBAL)).toBe(true);
    expect(all.total).toBe(all.items.length);
    const page: GroupPage = (await call('GET', '/v2/admin/groups?limit=1&offset=1&sortBy=name&sortDir=desc', cookies.admin)).json();
    const desc = [...all.items].sort((a, b) => (a.name < b.name ? 1 : -1));
    expect(page.items.map((g) => g.id)).toEqual([desc[1]!.id]);
    expect(page.total).toBe(all.total);
    const found: GroupPage = (await call('GET', '/v2/admin/groups?searchKey=name&searchValue=NEWS', cookies.admin)).json();
    expect(found.items.map((g) => g.id)).toEqual([NEWSROOM]);
    const byInventory: GroupPage = (await call('GET', '/v2/admin/groups?searchKey=inventoryName&searchValue=metro', cookies.superUser)).json();
    expect(byInventory.items.map((g) => g.inventoryId)).toEqual([METRO, METRO]);
    const inventory: GroupPage = (await call('GET', `/v2/admin/inventories/${METRO}/groups?sortBy=createdOn`, cookies.superUser)).json();
    expect(inventory.items.map((g) => g.id).sort()).toEqual(['grp-metro-archive', METRO_GROUP]);
    // Another admin's inventory and an unknown one: the same 404.
    expectError(await call('GET', `/v2/admin/inventories/${METRO}/groups`, cookies.admin), 'NOT_FOUND');
    expectError(await call('GET', '/v2/admin/inventories/inv-nope/groups', cookies.admin), 'NOT_FOUND');
    const bad = await call('GET', '/v2/admin/groups?limit=0', cookies.admin);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual([{ path: 'query.limit', message: VALIDATION.minValue(1) }]);
  });

  it('creates a group with the §5 name rules; a refused request stores nothing; consoles hear group.changed', async () => {
    const client = await subscribe(cookies.admin, [inventoryTopic(GLOBAL)]);
    // A console of a user with groups follows only those groups' topics: it hears of a new group of
    // their inventory too.
    const groupConsole = await subscribe(cookies.admin, [groupTopic(FIELD_CREWS)]);
    const before = await snapshot();
    for (const [name, message] of [
      [undefined, VALIDATION.required],
      ['', VALIDATION.required],
      ['Has space', VALIDATION.unitNameCharacters],
      ['x'.repeat(256), VALIDATION.max255],
    ] as const) {
      const res = await call('POST', '/v2/admin/groups', cookies.admin, { name, inventoryId: GLOBAL });
      expect(res.statusCode, String(name)).toBe(400);
      expect(fields(res)[0]).toEqual({ path: 'body.name', message });
    }
    const noInventory = await call('POST', '/groups/add', cookies.admin, { name: 'No-Inventory' });
    expect(fields(noInventory)).toEqual([{ path: 'body.inventoryId', message: VALIDATION.required }]);
    const taken = await call('POST', '/groups/add', cookies.admin, { name: 'Newsroom', inventoryId: GLOBAL });
    expect(taken.statusCode).toBe(409);
    expect(fields(taken)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    // Another admin's inventory and an unknown one: the same 404.
    expectError(await call('POST', '/v2/admin/groups', cookies.admin, { name: 'Elsewhere', inventoryId: METRO }), 'NOT_FOUND');
    expectError(await call('POST', '/groups/add', cookies.admin, { name: 'Elsewhere', inventoryId: 'inv-nope' }), 'NOT_FOUND');
    expect(await snapshot()).toBe(before);

    const res = await call('POST', '/v2/admin/groups', cookies.admin, { name: 'Night_Desk-1', inventoryId: GLOBAL, autoAssociation: { units: true } });
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
    expect((await call('POST', '/v2/admin/groups', cookies.superUser, { name: 'Night_Desk-1', inventoryId: METRO })).statusCode).toBe(201);
    const added = await call('POST', '/groups/add', cookies.partner, { name: 'Partner-Desk', inventoryId: GLOBAL });
    expect(added.statusCode, added.body).toBe(201);
    client.ws.close();
    groupConsole.ws.close();
  });

  it('adds a group with details and members; ids outside the group’s inventory are refused at their place', async () => {
    const before = await snapshot();
    const bad = await call('POST', '/groups/add_details', cookies.admin, {
      name: 'With-Members',
      inventoryId: GLOBAL,
      members: { channelIds: [CH1, METRO_CHANNEL], unitIds: ['LU800-0005'], userIds: ['usr-nobody'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(
      expect.arrayContaining([
        { path: 'body.members.channelIds.1', message: RULES.notOfInventory },
        { path: 'body.members.unitIds.0', message: RULES.notOfInventory },
        { path: 'body.members.userIds.0', message: RULES.notOfInventory },
      ]),
    );
    expect(await snapshot()).toBe(before);
    const res = await call('POST', '/groups/add_details', cookies.admin, {
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
    const client = await subscribe(cookies.admin, [groupTopic(id)]);
    const [detail] = (await call('GET', `/groups/fetch_details?groupUid=${id}`, cookies.admin)).json() as GroupDetail[];
    const before = await snapshot();
    expectError(await call('POST', '/groups/update', cookies.admin, { id, name: 'Renamed', version: detail!.version + 1 }), 'CONFLICT');
    const taken = await call('POST', '/groups/update', cookies.admin, { id, name: 'Studio' });
    expect(fields(taken)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    const badName = await call('POST', '/groups/update', cookies.admin, { id, name: 'Bad name!' });
    expect(fields(badName)).toEqual([{ path: 'body.name', message: VALIDATION.unitNameCharacters }]);
    expectError(await call('POST', '/groups/update', cookies.admin, { id: METRO_GROUP, name: 'Mine' }), 'NOT_FOUND');
    expect(await snapshot()).toBe(before);

    const renamed = await call('POST', '/groups/update', cookies.admin, { id, name: 'Renamed', version: detail!.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', version: detail!.version + 1 });
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.name === 'Renamed');

    const updated = await call('POST', '/groups/update_details', cookies.partner, {
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
    const again: GroupDetail = (await call('POST', '/groups/update_details', cookies.admin, { id, members: { unitIds: ['LU800-0002'] } })).json();
    expect(again.members).toMatchObject({ unitIds: ['LU800-0002'], channelIds: [CH1] });
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.counts.units === 1 && e.group.counts.channels === 1);
    // The admin PUT renames too.
    const put = await call('PUT', `/v2/admin/groups/${id}`, cookies.admin, { name: 'Renamed-Again', autoAssociation: { units: true } });
    expect(put.json()).toMatchObject({ name: 'Renamed-Again', autoAssociation: { units: true, users: true } });
    expect((await call('GET', `/v2/admin/groups/${id}`, cookies.admin)).json()).toMatchObject({ name: 'Renamed-Again' });
    client.ws.close();
  });
});
