/**
 * Groups of spec 001 §7 against the real core on real SQLite (and PostgreSQL when DATABASE_URL_PG
 * is set): channel and video return channel associations, memberships and member pages, removal,
 * fetch_details, fetch_machinegroups, the default unit configuration and multi-camera channels, the
 * read model reloaded from storage; object scope (404 for unknown and foreign), that a rejected
 * request changes nothing, and `group.changed` / `group.removed` seen by a console on /ws. The
 * stack and the helpers: tests/support/groups.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  VALIDATION,
  inventoryTopic,
  groupTopic,
  type ChannelLive,
  type GroupDefaultConfiguration,
  type GroupDetail,
  type GroupListRow,
  type MachineGroups,
} from '@fleet/contracts';
import { CH1, CH2, FIELD_CREWS, GLOBAL, groupsStack, METRO, METRO_CHANNEL, METRO_GROUP, NEWSROOM } from '../support/groups.js';
import { eventually, providers } from '../support/stack.js';

describe.each(providers())('groups on %s', (provider) => {
  const { ctx, cookies, call, db, snapshot, expectError, fields, seedGroup, subscribe, seen } = groupsStack(provider);

  it('shares channels and video return channels of the group’s inventory with it; duplicates and foreign ones are refused', async () => {
    const id = await seedGroup('Associations');
    const put = await call('PUT', `/v2/admin/groups/${id}/channels/${CH2}`, cookies.admin);
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as GroupListRow).counts.channels).toBe(1);
    const before = await snapshot();
    expectError(await call('PUT', `/v2/admin/groups/${id}/channels/${CH2}`, cookies.admin), 'ASSOCIATION_EXISTS');
    expectError(await call('PUT', `/v2/admin/groups/${id}/channels/${METRO_CHANNEL}`, cookies.superUser), 'NOT_FOUND');
    expectError(await call('PUT', `/v2/admin/groups/${id}/channels/NO-SUCH`, cookies.admin), 'NOT_FOUND');
    expectError(await call('PUT', `/v2/admin/groups/${METRO_GROUP}/channels/${CH2}`, cookies.admin), 'NOT_FOUND');
    expect(await snapshot()).toBe(before);
    const vr = await call('PUT', `/v2/admin/groups/${id}/vrChannels/VRC-0001`, cookies.admin);
    expect((vr.json() as GroupListRow).counts.vrChannels).toBe(1);
    expectError(await call('PUT', `/v2/admin/groups/${id}/vrChannels/VRC-0001`, cookies.admin), 'ASSOCIATION_EXISTS');
    expectError(await call('PUT', `/v2/admin/groups/${id}/vrChannels/VRC-0004`, cookies.superUser), 'NOT_FOUND');
    // The channel list and the channel read show it; removing it twice leaves it out once.
    expect((await db().groupChannel.findMany({ where: { groupId: id } })).map((r) => r.channelId)).toEqual([CH2]);
    for (let i = 0; i < 2; i++) {
      const del = await call('DELETE', `/v2/admin/groups/${id}/channels/${CH2}`, cookies.admin);
      expect((del.json() as GroupListRow).counts.channels).toBe(0);
    }
    expect((await call('DELETE', `/v2/admin/groups/${id}/vrChannels/VRC-0001`, cookies.admin)).json()).toMatchObject({ counts: { vrChannels: 0 } });
  });

  it('keeps a channel a transceiver shares as its feed: not removed from its group, nor its group deleted', async () => {
    const feed = await db().channel.findFirst({ where: { server: { serverType: 'transceiver_server' } }, include: { groups: true } });
    expect(feed, 'the seed has a transceiver with a channel').toBeTruthy();
    await db().channel.update({ where: { id: feed!.id }, data: { sharing: true } });
    const groupId = feed!.groups[0]?.groupId ?? (await db().groupChannel.create({ data: { groupId: 'grp-football', channelId: feed!.id } })).groupId;
    await eventually(
      async () =>
        ctx.s.app.services.readModel.channels.get(feed!.id)?.sharing === true &&
        ctx.s.app.services.readModel.channels.get(feed!.id)!.groups.some((g) => g.groupId === groupId),
    );
    const before = await snapshot();
    expectError(await call('DELETE', `/v2/admin/groups/${groupId}/channels/${feed!.id}`, cookies.superUser), 'TRANSCEIVER_FEED_IN_USE');
    expectError(await call('DELETE', `/v2/admin/groups/${groupId}`, cookies.superUser), 'TRANSCEIVER_FEED_IN_USE');
    expectError(await call('POST', '/groups/update_details', cookies.superUser, { id: groupId, members: { channelIds: [] } }), 'TRANSCEIVER_FEED_IN_USE');
    expect(await snapshot()).toBe(before);
    await db().channel.update({ where: { id: feed!.id }, data: { sharing: false } });
  });

  it('announces a membership changed by another call (a unit joining through the admin unit calls) with the new counts', async () => {
    const id = await seedGroup('Followed');
    const client = await subscribe(cookies.admin, [groupTopic(id)]);
    const res = await call('PUT', `/v2/admin/units/LU800-0003/groups/${id}`, cookies.admin);
    expect(res.statusCode, res.body).toBe(200);
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.counts.units === 1);
    client.ws.close();
  });

  it('pages a group’s units, channels, video return channels and users', async () => {
    const units = (await call('GET', `/v2/admin/groups/${NEWSROOM}/units?limit=2&offset=1`, cookies.admin)).json();
    const all = await db().unitGroup.count({ where: { groupId: NEWSROOM } });
    expect(units).toMatchObject({ total: all, offset: 1, limit: 2 });
    expect(units.items).toHaveLength(Math.min(2, all - 1));
    const channels = (await call('GET', `/v2/admin/groups/${NEWSROOM}/channels`, cookies.admin)).json();
    expect(channels.items.map((c: { id: string }) => c.id)).toContain(CH1);
    expect(channels.limit).toBe(50);
    const vr = (await call('GET', `/v2/admin/groups/${NEWSROOM}/vrChannels`, cookies.admin)).json();
    expect(vr.items.map((v: { id: string }) => v.id)).toContain('VRC-0001');
    const users = (await call('GET', `/v2/admin/groups/${NEWSROOM}/users?limit=1`, cookies.admin)).json();
    expect(users.total).toBe(await db().userGroup.count({ where: { groupId: NEWSROOM } }));
    expect(users.items).toHaveLength(1);
    expect(users.items[0]).toHaveProperty('username');
    expectError(await call('GET', `/v2/admin/groups/${METRO_GROUP}/users`, cookies.admin), 'NOT_FOUND');
    expectError(await call('GET', '/v2/admin/groups/grp-nope/units', cookies.admin), 'NOT_FOUND');
  });

  it('removes several groups all or nothing; memberships go, units stay; consoles hear group.removed', async () => {
    const a = await seedGroup('Remove-A');
    const b = await seedGroup('Remove-B');
    await db().unitGroup.create({ data: { groupId: a, unitId: 'LU800-0001' } });
    const client = await subscribe(cookies.admin, [inventoryTopic(GLOBAL)]);
    const groupConsole = await subscribe(cookies.admin, [groupTopic(FIELD_CREWS)]);
    const before = await snapshot();
    expectError(await call('POST', '/groups/remove_multiple', cookies.admin, { ids: [a, METRO_GROUP] }), 'NOT_FOUND');
    expectError(await call('POST', '/groups/remove_multiple', cookies.admin, { ids: [a, 'grp-nope'] }), 'NOT_FOUND');
    const empty = await call('POST', '/groups/remove_multiple', cookies.admin, { ids: [] });
    expect(fields(empty)).toEqual([{ path: 'body.ids', message: VALIDATION.required }]);
    expect(await snapshot()).toBe(before);
    const res = await call('POST', '/groups/remove_multiple', cookies.admin, { ids: [a, b] });
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
    expectError(await call('DELETE', `/v2/admin/groups/${METRO_GROUP}`, cookies.admin), 'NOT_FOUND');
    expect((await call('DELETE', `/v2/admin/groups/${c}`, cookies.admin)).json()).toEqual({ id: c, deleted: true });
    expectError(await call('GET', `/v2/admin/groups/${c}`, cookies.admin), 'NOT_FOUND');
    client.ws.close();
    groupConsole.ws.close();
  });

  it('answers fetch_details by group or by inventory, and 404 for foreign and unknown ones', async () => {
    const one: GroupDetail[] = (await call('GET', `/groups/fetch_details?groupUid=${NEWSROOM}`, cookies.admin)).json();
    expect(one.map((g) => g.id)).toEqual([NEWSROOM]);
    expect(one[0]!.members.unitIds.length).toBe(one[0]!.counts.units);
    const inv: GroupDetail[] = (await call('GET', `/groups/fetch_details?inventoryUid=${GLOBAL}`, cookies.admin)).json();
    expect(inv.map((g) => g.id)).toEqual(expect.arrayContaining([NEWSROOM, FIELD_CREWS]));
    expect(inv.every((g) => g.inventoryId === GLOBAL)).toBe(true);
    for (const q of ['', `groupUid=${NEWSROOM}&inventoryUid=${GLOBAL}`]) {
      const res = await call('GET', `/groups/fetch_details?${q}`, cookies.admin);
      expect(res.statusCode, q).toBe(400);
      expect(fields(res)).toEqual([{ path: 'query.groupUid', message: VALIDATION.required }]);
    }
    for (const q of [`groupUid=${METRO_GROUP}`, 'groupUid=grp-nope', `inventoryUid=${METRO}`, 'inventoryUid=inv-nope']) {
      expectError(await call('GET', `/groups/fetch_details?${q}`, cookies.admin), 'NOT_FOUND');
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
    const saved = await call('POST', '/groups/update_details', cookies.admin, {
      id,
      members: { unitIds: ['LU800-0001'], channelIds: [CH1], vrChannelIds: [vr.id], userIds: [member.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [unit, channel] = await Promise.all([
      db().unit.findUniqueOrThrow({ where: { id: 'LU800-0001' }, select: { name: true } }),
      db().channel.findUniqueOrThrow({ where: { id: CH1 }, select: { name: true } }),
    ]);
    for (const cookie of [cookies.admin, cookies.partner]) {
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
    await ctx.s.app.services.readModel.invalidate([{ table: 'units', ids: ['LU800-0001', 'LU800-0002'] }]);
    const client = await subscribe(cookies.admin, [groupTopic(id)]);
    expect((await ctx.s.app.services.invitations.sweepExpiredUnits()) >= 1).toBe(true);
    expect(await db().unitGroup.findMany({ where: { groupId: id }, select: { unitId: true } })).toEqual([{ unitId: 'LU800-0002' }]);
    // The unit itself stays.
    expect(await db().unit.findUnique({ where: { id: 'LU800-0001' } })).toBeTruthy();
    const [detail] = (await call('GET', `/groups/fetch_details?groupUid=${id}`, cookies.admin)).json() as GroupDetail[];
    expect(detail!.members.unitIds).toEqual(['LU800-0002']);
    await seen(client, (e) => e.type === 'device.removed' && e.unitId === 'LU800-0001');
    await seen(client, (e) => e.type === 'group.changed' && e.group.id === id && e.group.counts.units === 1);
    expect((await call('GET', `/v2/groups/${id}/units/LU800-0001/expiration`, cookies.admin)).statusCode).toBe(404);
    // A membership given a later expiration between the sweep's read and its removal stays.
    const kept = await db().unit.findUniqueOrThrow({ where: { id: 'LU800-0002' }, include: { inventories: true, groups: true } });
    await expect(ctx.s.app.services.adminUnits.leaveGroup(kept, id, new Date())).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await db().unitGroup.count({ where: { groupId: id, unitId: 'LU800-0002' } })).toBe(1);
    client.ws.close();
  });

  it('answers the groups of each unit asked for, and 404 for a unit the caller cannot see', async () => {
    const res = await call('GET', '/groups/fetch_machinegroups?unitIds=LU300-0001,LU800-0001', cookies.regular);
    expect(res.statusCode, res.body).toBe(200);
    const list: MachineGroups = res.json();
    expect(list.map((x) => x.unitId)).toEqual(['LU300-0001', 'LU800-0001']);
    expect(list[0]!.groups.map((g) => g.id).sort()).toEqual([NEWSROOM, 'grp-studio'].sort());
    expectError(await call('GET', '/groups/fetch_machinegroups?unitIds=LU800-0001,LU800-0005', cookies.regular), 'NOT_FOUND');
    expectError(await call('GET', '/groups/fetch_machinegroups?unitIds=NOPE', cookies.regular), 'NOT_FOUND');
  });

  it('creates, reads and changes a group’s default configuration; a second create is refused', async () => {
    const id = await seedGroup('Defaults');
    const empty: GroupDefaultConfiguration = (await call('GET', `/v2/groups/${id}/defaultConfiguration`, cookies.admin)).json();
    expect(empty).toMatchObject({ groupId: id, exists: false, settings: {} });
    const before = await snapshot();
    const capped = await call('POST', `/v2/groups/${id}/defaultConfiguration`, cookies.admin, { totalKbps: 2000, cellularKbps: 3000 });
    expect(fields(capped)).toEqual([{ path: 'body.cellularKbps', message: VALIDATION.cellularAboveTotal }]);
    const none = await call('POST', `/v2/groups/${id}/defaultConfiguration`, cookies.admin, {});
    expect(none.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
    const created = await call('POST', `/v2/groups/${id}/defaultConfiguration`, cookies.admin, { delayMs: 3000, transmissionMode: 'live' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ exists: true, settings: { delayMs: 3000, transmissionMode: 'live' }, version: empty.version + 1 });
    const after = await snapshot();
    expectError(await call('POST', `/v2/groups/${id}/defaultConfiguration`, cookies.admin, { delayMs: 2000 }), 'GROUP_CONFIGURATION_EXISTS');
    expectError(await call('PUT', `/v2/groups/${id}/defaultConfiguration`, cookies.admin, { delayMs: 2000, version: empty.version }), 'CONFLICT');
    expect(await snapshot()).toBe(after);
    const put = await call('PUT', `/v2/groups/${id}/defaultConfiguration`, cookies.admin, { audioBitrateKbps: 128, version: empty.version + 1 });
    expect(put.json()).toMatchObject({ exists: true, settings: { delayMs: 3000, transmissionMode: 'live', audioBitrateKbps: 128 } });
    expect(((await call('GET', `/groups/fetch_details?groupUid=${id}`, cookies.admin)).json() as GroupDetail[])[0]!.hasDefaultConfiguration).toBe(true);
    expectError(await call('GET', `/v2/groups/${METRO_GROUP}/defaultConfiguration`, cookies.admin), 'NOT_FOUND');
    expectError(await call('GET', `/v2/groups/${NEWSROOM}/defaultConfiguration`, cookies.regular), 'FORBIDDEN');
  });

  it('lists a group’s channels a unit can stream to for multiple camera, input channels left out', async () => {
    const res = await call('GET', `/v2/groups/${NEWSROOM}/multiChannels`, cookies.regular);
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
    expectError(await call('GET', `/v2/groups/${METRO_GROUP}/multiChannels`, cookies.regular), 'NOT_FOUND');
  });

  it('reads the same group and members after the read model reloads them from storage', async () => {
    const id = await seedGroup('Durable');
    await call('POST', '/groups/update_details', cookies.admin, { id, members: { channelIds: [CH1] } });
    const before = (await call('GET', `/groups/fetch_details?groupUid=${id}`, cookies.admin)).json();
    await ctx.s.app.services.readModel.invalidate([
      { table: 'groups', ids: null },
      { table: 'channels', ids: null },
    ]);
    expect((await call('GET', `/groups/fetch_details?groupUid=${id}`, cookies.admin)).json()).toEqual(before);
  });
});
