/**
 * Inventories of spec 001 §7 against the real core on real SQLite (and PostgreSQL when
 * DATABASE_URL_PG is set) with the real simulator: the admin list (search, paging, sort) and count,
 * create / update / delete with the §5 and §8 rules, properties, serviceable devices, the video
 * return channel association, the tally and IFB channels and IFB counts, the ingest servers and
 * their channel associations; roles, scope, that a rejected request changes nothing, and
 * `inventory.changed` / `inventory.removed` on /ws. The ingest account is in ingest-accounts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  VALIDATION,
  groupTopic,
  inventoryTopic,
  type AdminInventory,
  type AdminInventoryPage,
  type InventoryIfb,
  type InventoryProperties,
  type InventoryTally,
  type RealtimeEvent,
  type ServiceableDevices,
  type VrChannelDetail,
} from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';
import { connect, until } from './realtime-client.js';

const GLOBAL = 'inv-global';
const SPORTS = 'inv-global-sports';
const METRO = 'inv-metro';
const CHANNEL = 'MMH-0001-CH1';
const CHANNEL_2 = 'MMH-0001-CH2';
const METRO_CHANNEL = 'MMH-0002-CH1';
const INGEST = 'ING-0001';

describe.each(providers())('inventories on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let admin: string; // luc_admin of inv-global
  let contractor: string; // manage set, not admin
  let regular: string;
  let reader: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, admin, contractor, regular, reader] = (await Promise.all(
      ['super_user', 'luc_admin', 'luc_contractor', 'luc_regular', 'luc_read'].map((u) => s.login(u)),
    )) as [string, string, string, string, string];
    recordPublished(s.app, published);
    await eventually(async () => (await db().channel.findUnique({ where: { id: CHANNEL } }))?.status === 'idle');
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => {
    const [inventories, members, vr, vrGroups, settings] = await Promise.all([
      db().inventory.findMany({ orderBy: { id: 'asc' } }),
      db().userInventory.findMany({ orderBy: [{ userId: 'asc' }, { inventoryId: 'asc' }] }),
      db().vrChannelInventory.findMany({ orderBy: [{ vrChannelId: 'asc' }, { inventoryId: 'asc' }] }),
      db().groupVrChannel.findMany({ orderBy: [{ vrChannelId: 'asc' }, { groupId: 'asc' }] }),
      db().channel.findMany({ orderBy: { id: 'asc' }, select: { id: true, configuration: true } }),
    ]);
    return JSON.stringify({ inventories, members, vr, vrGroups, settings });
  };
  const fieldMessage = (body: string) => (JSON.parse(body) as { error: { fields?: { path: string; message: string }[] } }).error.fields?.[0];
  const eventsOf = (type: RealtimeEvent['type']) => published.filter((p) => p.event.type === type);

  it('answers 401 without a session, 403 to roles outside each call, 404 alike for foreign and unknown inventories', async () => {
    const before = await snapshot();
    expect((await call('GET', '/v2/admin/inventories', undefined)).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['GET', '/v2/admin/inventories', undefined],
      ['POST', '/v2/admin/inventories', { name: 'Nope', parentId: GLOBAL }],
      ['DELETE', `/v2/admin/inventories/${SPORTS}`, undefined],
      ['PUT', `/v2/admin/inventories/${GLOBAL}/vrChannels/VRC-0001`, undefined],
    ] as const) {
      const res = await call(method, url, regular, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const ro = await call('PUT', `/v2/inventories/${GLOBAL}/tally/channels/${CHANNEL}`, reader);
    expect(ro.statusCode).toBe(403);
    // A reader sees the tab.
    expect((await call('GET', `/v2/inventories/${GLOBAL}/tally`, reader)).statusCode).toBe(200);
    for (const url of [`/v2/admin/inventories/{}`, `/v2/admin/inventories/{}/properties`, `/v2/admin/inventories/{}/serviceableDevices`]) {
      const foreign = await call('GET', url.replace('{}', METRO), admin);
      const missing = await call('GET', url.replace('{}', 'inv-no-such'), admin);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.body).toBe(missing.body);
    }
    for (const url of [`/v2/inventories/{}/tally`, `/v2/inventories/{}/ifb`, `/v2/inventories/{}/ifb/counts`, `/v2/inventories/{}/ingestServers`]) {
      const foreign = await call('GET', url.replace('{}', METRO), regular);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.body).toBe((await call('GET', url.replace('{}', 'inv-no-such'), regular)).body);
    }
    expect(await snapshot()).toBe(before);
  });

  it("lists the admin's inventories with search, paging (50 by default), sort and count; global roles see all", async () => {
    const all: AdminInventoryPage = (await call('GET', '/v2/admin/inventories', superUser)).json();
    expect(all).toMatchObject({ offset: 0, limit: 50 });
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([GLOBAL, SPORTS, METRO]));
    expect(all.items.find((i) => i.id === SPORTS)).toMatchObject({ name: 'Global-News-Sports', parentId: GLOBAL, parentName: 'Global-News' });
    expect(all.items.find((i) => i.id === GLOBAL)?.childCount).toBeGreaterThanOrEqual(1);
    const mine: AdminInventoryPage = (await call('GET', '/v2/admin/inventories', admin)).json();
    expect(mine.items.map((i) => i.id)).not.toContain(METRO);
    expect(mine.items.map((i) => i.id)).toContain(GLOBAL);
    const news: AdminInventoryPage = (await call('GET', '/v2/admin/inventories?searchKey=name&searchValue=NEWS&sortBy=name&sortDir=desc', superUser)).json();
    expect(news.items.map((i) => i.name)).toEqual(['Global-News-Sports', 'Global-News']);
    expect(news.total).toBe(2);
    const page: AdminInventoryPage = (
      await call('GET', '/v2/admin/inventories?searchKey=name&searchValue=news&sortBy=name&offset=1&limit=1', superUser)
    ).json();
    expect(page).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(page.items.map((i) => i.name)).toEqual(['Global-News-Sports']);
    const byParent: AdminInventoryPage = (await call('GET', `/v2/admin/inventories?searchKey=parentName&searchValue=global-news`, superUser)).json();
    expect(byParent.items.map((i) => i.id)).toEqual([SPORTS]);
    expect((await call('GET', '/v2/admin/inventories/count?searchKey=name&searchValue=news', superUser)).json()).toEqual({ count: 2 });
    expect((await call('GET', '/v2/admin/inventories/count', admin)).json()).toEqual({ count: mine.total });
    const bad = await call('GET', '/v2/admin/inventories?sortBy=colour', superUser);
    expect(bad.statusCode).toBe(400);
  });

  it('creates inventories: name unique (2-255), top level by global roles only, children of the admin’s own; a rejected create changes nothing', async () => {
    const before = await snapshot();
    const dup = await call('POST', '/v2/admin/inventories', superUser, { name: 'Metro-TV' });
    expect(dup.statusCode).toBe(400);
    expect(fieldMessage(dup.body)).toEqual({ path: 'body.name', message: VALIDATION.fieldUnique });
    const short = await call('POST', '/v2/admin/inventories', superUser, { name: 'x' });
    expect(fieldMessage(short.body)?.message).toBe(VALIDATION.betweenChars(2, 255));
    const missing = await call('POST', '/v2/admin/inventories', superUser, {});
    expect(fieldMessage(missing.body)?.message).toBe(VALIDATION.required);
    const top = await call('POST', '/v2/admin/inventories', admin, { name: 'Admin-Top' });
    expect(top.statusCode).toBe(403);
    expect(top.json().error.code).toBe('NOT_AVAILABLE_FOR_USER_TYPE');
    const foreignParent = await call('POST', '/v2/admin/inventories', admin, { name: 'Admin-Child', parentId: METRO });
    expect(foreignParent.statusCode).toBe(404);
    expect(foreignParent.body).toBe((await call('POST', '/v2/admin/inventories', admin, { name: 'Admin-Child', parentId: 'inv-no-such' })).body);
    expect(await snapshot()).toBe(before);

    const created = await call('POST', '/v2/admin/inventories', superUser, {
      name: 'Regional-Desk',
      region: 'ap-south',
      sipServer: 'sip.regional.example.net',
    });
    expect(created.statusCode, created.body).toBe(201);
    const inv: AdminInventory = created.json();
    expect(inv).toMatchObject({ name: 'Regional-Desk', region: 'ap-south', parentId: null, sipServer: 'sip.regional.example.net', childCount: 0 });
    expect(eventsOf('inventory.changed').some((p) => p.topics.includes(inventoryTopic(inv.id)))).toBe(true);

    // The admin's child is theirs to see afterwards.
    const child = await call('POST', '/v2/admin/inventories', admin, { name: 'Global-News-Weather', parentId: GLOBAL });
    expect(child.statusCode, child.body).toBe(201);
    const childInv: AdminInventory = child.json();
    expect(childInv).toMatchObject({ parentId: GLOBAL, parentName: 'Global-News' });
    expect((await call('GET', `/v2/admin/inventories/${childInv.id}`, admin)).statusCode).toBe(200);
    const announced = eventsOf('inventory.changed').find((p) => p.event.type === 'inventory.changed' && p.event.inventory.id === childInv.id);
    expect(announced?.topics).toEqual(expect.arrayContaining([inventoryTopic(childInv.id), inventoryTopic(GLOBAL)]));
    // Consoles whose user has groups follow the groups, not the inventory: the parent's groups hear it too.
    expect(announced?.topics).toContain(groupTopic('grp-newsroom'));
  });

  it('updates an inventory: no parent of itself or below itself, name unique, stale version 409; rejected updates change nothing', async () => {
    // Made by the admin, so theirs.
    const inv: AdminInventory = (await call('POST', '/v2/admin/inventories', admin, { name: 'Update-Me', parentId: GLOBAL })).json();
    const grandchild: AdminInventory = (await call('POST', '/v2/admin/inventories', admin, { name: 'Update-Me-Child', parentId: inv.id })).json();
    const before = await snapshot();
    const self = await call('PUT', `/v2/admin/inventories/${inv.id}`, superUser, { parentId: inv.id });
    expect(self.statusCode).toBe(400);
    expect(fieldMessage(self.body)).toEqual({ path: 'body.parentId', message: VALIDATION.parentInventoryNotSelf });
    const cycle = await call('PUT', `/v2/admin/inventories/${inv.id}`, superUser, { parentId: grandchild.id });
    expect(fieldMessage(cycle.body)?.message).toBe(VALIDATION.parentInventoryNotSelf);
    const dup = await call('PUT', `/v2/admin/inventories/${inv.id}`, superUser, { name: 'Global-News' });
    expect(fieldMessage(dup.body)).toEqual({ path: 'body.name', message: VALIDATION.fieldUnique });
    const stale = await call('PUT', `/v2/admin/inventories/${inv.id}`, superUser, { region: 'x', version: inv.version + 5 });
    expect(stale.statusCode).toBe(409);
    const toTop = await call('PUT', `/v2/admin/inventories/${inv.id}`, admin, { parentId: null });
    expect(toTop.json().error.code).toBe('NOT_AVAILABLE_FOR_USER_TYPE');
    expect(await snapshot()).toBe(before);

    const ok = await call('PUT', `/v2/admin/inventories/${inv.id}`, admin, { name: 'Updated', region: 'eu-north', sipServer: null, version: inv.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Updated', region: 'eu-north', sipServer: null, version: inv.version + 1, childCount: 1 });
    // Moving it under another parent tells the former parent's list it left.
    published.length = 0;
    const moved = await call('PUT', `/v2/admin/inventories/${inv.id}`, superUser, { parentId: SPORTS });
    expect(moved.json().parentName).toBe('Global-News-Sports');
    expect(eventsOf('inventory.removed').some((p) => p.topics.includes(inventoryTopic(GLOBAL)))).toBe(true);
    expect(eventsOf('inventory.changed').some((p) => p.topics.includes(inventoryTopic(SPORTS)))).toBe(true);
  });

  it('deletes an inventory unless it has children, channel overlays or an active audio room; global roles only at the top', async () => {
    const parent: AdminInventory = (await call('POST', '/v2/admin/inventories', superUser, { name: 'Delete-Parent', parentId: GLOBAL })).json();
    const child: AdminInventory = (await call('POST', '/v2/admin/inventories', superUser, { name: 'Delete-Child', parentId: parent.id })).json();
    const withChild = await call('DELETE', `/v2/admin/inventories/${parent.id}`, superUser);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().error).toMatchObject({ code: 'INVENTORY_HAS_CHILDREN', message: ERROR_CATALOGUE.INVENTORY_HAS_CHILDREN.message });
    expect((await call('DELETE', `/v2/admin/inventories/${GLOBAL}`, admin)).json().error.code).toBe('NOT_AVAILABLE_FOR_USER_TYPE');
    // An active audio room of the inventory.
    await db().audioRoom.create({ data: { id: 'aud-inv-test', name: 'Inv-Test', inventoryId: child.id, active: true } });
    const room = await call('DELETE', `/v2/admin/inventories/${child.id}`, superUser);
    expect(room.statusCode).toBe(409);
    expect(room.json().error).toEqual({ code: 'INVENTORY_IN_USE', message: 'Inventory cannot be deleted with overlays or an active audio room' });
    await db().audioRoom.update({ where: { id: 'aud-inv-test' }, data: { active: false } });
    // An overlay on a channel of the inventory.
    await db().channelInventory.create({ data: { channelId: CHANNEL_2, inventoryId: child.id } });
    const overlayBefore = (await db().channel.findUniqueOrThrow({ where: { id: CHANNEL_2 } })).overlay;
    await db().channel.update({
      where: { id: CHANNEL_2 },
      data: { overlay: { fileName: 'logo.png', width: 10, height: 10, sizeBytes: 100, uploadedAt: new Date().toISOString() } },
    });
    const overlay = await call('DELETE', `/v2/admin/inventories/${child.id}`, superUser);
    expect(overlay.json().error.code).toBe('INVENTORY_IN_USE');
    await db().channel.update({ where: { id: CHANNEL_2 }, data: { overlay: overlayBefore ?? {} } });
    expect((await db().inventory.findUnique({ where: { id: child.id } }))?.id).toBe(child.id);

    published.length = 0;
    const ok = await call('DELETE', `/v2/admin/inventories/${child.id}`, superUser);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ id: child.id, deleted: true });
    expect((await call('GET', `/v2/admin/inventories/${child.id}`, superUser)).statusCode).toBe(404);
    const removed = eventsOf('inventory.removed');
    expect(removed.map((p) => p.topics)).toContainEqual(expect.arrayContaining([inventoryTopic(child.id), inventoryTopic(parent.id)]));
    // The shared channel stays, only its membership went.
    expect(await db().channel.findUnique({ where: { id: CHANNEL_2 } })).not.toBeNull();
  });

  it("reads and changes an inventory's properties (flags given, others kept; version-checked)", async () => {
    const p: InventoryProperties = (await call('GET', `/v2/admin/inventories/${GLOBAL}/properties`, admin)).json();
    expect(p).toMatchObject({ inventoryId: GLOBAL, mapView: true, reboot: true, vsim: true, socialMedia: true, mjpegPreview: true });
    const stale = await call('PUT', `/v2/admin/inventories/${GLOBAL}/properties`, admin, { vsim: false, version: p.version + 3 });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PUT', `/v2/admin/inventories/${GLOBAL}/properties`, admin, { vsim: 'no' });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/v2/admin/inventories/${GLOBAL}/properties`, admin)).json()).toEqual(p);
    const changed = await call('PUT', `/v2/admin/inventories/${GLOBAL}/properties`, admin, { vsim: false, mjpegPreview: false, version: p.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ mapView: true, reboot: true, vsim: false, socialMedia: true, mjpegPreview: false, version: p.version + 1 });
    expect((await call('GET', `/v2/admin/inventories/${GLOBAL}/properties`, superUser)).json().vsim).toBe(false);
  });

  it('a console subscribed to an inventory sees its new child and its removal over /ws without reloading', async () => {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const client = await connect(base, { cookie: regular });
    try {
      await client.next((m) => m.op === 'hello');
      client.send({ op: 'subscribe', topics: [inventoryTopic(GLOBAL)] });
      await client.next((m) => m.op === 'subscribed');
      const child: AdminInventory = (await call('POST', '/v2/admin/inventories', admin, { name: 'Global-News-Live', parentId: GLOBAL })).json();
      await until(() => client.events.some((e) => e.event.type === 'inventory.changed' && e.event.inventory.id === child.id), 5000, 'inventory.changed');
      const changed = client.events.find((e) => e.event.type === 'inventory.changed' && e.event.inventory.id === child.id);
      expect(changed?.event).toMatchObject({ inventory: { name: 'Global-News-Live', parentId: GLOBAL, parentName: 'Global-News' } });
      expect((await call('DELETE', `/v2/admin/inventories/${child.id}`, admin)).statusCode).toBe(200);
      await until(() => client.events.some((e) => e.event.type === 'inventory.removed' && e.event.inventoryId === child.id), 5000, 'inventory.removed');
    } finally {
      client.ws.close();
    }
  });

  it('lists the devices support may act on: the units and servers of the inventory, each with whether it is online', async () => {
    const res = await call('GET', `/v2/admin/inventories/${GLOBAL}/serviceableDevices`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const d: ServiceableDevices = res.json();
    expect(d.units.map((u) => u.id)).toEqual(expect.arrayContaining(['LU800-0001', 'LU800-0002']));
    expect(d.units.map((u) => u.id)).not.toContain('LU800-0005');
    expect(d.servers.map((x) => x.id).sort()).toEqual(['ING-0001', 'MMH-0001', 'VRS-0001']);
    expect(d.servers.find((x) => x.id === 'MMH-0001')).toMatchObject({ kind: 'server', type: 'mmh_server', online: true });
    expect(d.units.every((u) => u.kind === 'unit' && u.online === (u.status !== 'offline'))).toBe(true);
  });

  it('associates a video return channel with an inventory like a channel: duplicates 409, removal idempotent and out of that inventory’s groups, never the last inventory', async () => {
    const put = await call('PUT', `/v2/admin/inventories/${SPORTS}/vrChannels/VRC-0001`, superUser);
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as VrChannelDetail).inventoryIds).toEqual([GLOBAL, SPORTS].sort());
    const before = await snapshot();
    const dup = await call('PUT', `/v2/admin/inventories/${SPORTS}/vrChannels/VRC-0001`, superUser);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({ code: 'ASSOCIATION_EXISTS', message: 'Association already exists' });
    // The admin does not own Sports, nor Metro's channel.
    expect((await call('PUT', `/v2/admin/inventories/${SPORTS}/vrChannels/VRC-0001`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/v2/admin/inventories/${GLOBAL}/vrChannels/VRC-0004`, admin)).body).toBe(
      (await call('PUT', `/v2/admin/inventories/${GLOBAL}/vrChannels/VRC-NO-SUCH`, admin)).body,
    );
    const last = await call('DELETE', `/v2/admin/inventories/${METRO}/vrChannels/VRC-0004`, superUser);
    expect(last.json().error.code).toBe('VR_CHANNEL_LAST_INVENTORY');
    expect(await snapshot()).toBe(before);

    await db().groupVrChannel.create({ data: { groupId: 'grp-football', vrChannelId: 'VRC-0001' } });
    const del = await call('DELETE', `/v2/admin/inventories/${SPORTS}/vrChannels/VRC-0001`, superUser);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ inventoryIds: [GLOBAL], groupIds: ['grp-newsroom'] });
    expect((await call('DELETE', `/v2/admin/inventories/${SPORTS}/vrChannels/VRC-0001`, superUser)).statusCode).toBe(200);
  });

  it('associates channels of the inventory with its tally and IFB; tally data only with the tally service; IFB seats used by its IFB channels', async () => {
    const empty: InventoryTally = (await call('GET', `/v2/inventories/${GLOBAL}/tally`, regular)).json();
    expect(empty).toMatchObject({ inventoryId: GLOBAL, channels: [] });
    published.length = 0;
    const put = await call('PUT', `/v2/inventories/${GLOBAL}/tally/channels/${CHANNEL}`, contractor);
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as InventoryTally).channels.map((c) => c.channelId)).toEqual([CHANNEL]);
    expect(eventsOf('inventory.changed').some((p) => p.topics.includes(inventoryTopic(GLOBAL)))).toBe(true);
    const before = await snapshot();
    const dup = await call('PUT', `/v2/inventories/${GLOBAL}/tally/channels/${CHANNEL}`, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Association already exists');
    // A channel of another inventory, one that does not exist.
    const foreign = await call('PUT', `/v2/inventories/${GLOBAL}/tally/channels/${METRO_CHANNEL}`, superUser);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await call('PUT', `/v2/inventories/${GLOBAL}/tally/channels/NO-SUCH`, superUser)).body);
    expect(await snapshot()).toBe(before);

    // Without a unit of the inventory holding the tally service, no live tally.
    await db().service.updateMany({
      where: { serviceName: 'tally', unit: { inventories: { some: { inventoryId: GLOBAL } } } },
      data: { serviceStatus: 'disabled' },
    });
    const without: InventoryTally = (await call('GET', `/v2/inventories/${GLOBAL}/tally`, regular)).json();
    expect(without).toMatchObject({ tallyService: false, channels: [{ channelId: CHANNEL, tally: null }] });
    await db().service.upsert({
      where: { unitId_serviceName: { unitId: 'LU800-0001', serviceName: 'tally' } },
      create: { unitId: 'LU800-0001', serviceName: 'tally', serviceStatus: 'enabled' },
      update: { serviceStatus: 'enabled' },
    });
    const withTally: InventoryTally = (await call('GET', `/v2/inventories/${GLOBAL}/tally`, regular)).json();
    expect(withTally.tallyService).toBe(true);
    expect(withTally.channels[0]?.tally).toMatchObject({ onAir: expect.any(Boolean) });

    expect((await call('DELETE', `/v2/inventories/${GLOBAL}/tally/channels/${CHANNEL}`, contractor)).json().channels).toEqual([]);
    expect((await call('DELETE', `/v2/inventories/${GLOBAL}/tally/channels/${CHANNEL}`, contractor)).statusCode).toBe(200);

    // The licence's seats are what the settings hold; each IFB channel uses one, frozen ones are held back.
    const stored = (await db().inventory.findUniqueOrThrow({ where: { id: GLOBAL } })).settings as { ifb: { available: number; used: number; frozen: number } };
    const seats = stored.ifb.available + stored.ifb.used + stored.ifb.frozen;
    const counts = (await call('GET', `/v2/inventories/${GLOBAL}/ifb/counts`, reader)).json();
    expect(counts).toEqual({ inventoryId: GLOBAL, available: seats - stored.ifb.frozen, used: 0, frozen: stored.ifb.frozen });
    const ifb = await call('PUT', `/v2/inventories/${GLOBAL}/ifb/channels/${CHANNEL_2}`, admin);
    expect(ifb.statusCode, ifb.body).toBe(200);
    const ifbAnswer: InventoryIfb = ifb.json();
    expect(ifbAnswer.channels.map((c) => c.channelId)).toEqual([CHANNEL_2]);
    const taken = { ...counts, available: counts.available - 1, used: 1 };
    expect(ifbAnswer.counts).toEqual(taken);
    expect((await call('GET', `/v2/inventories/${GLOBAL}/ifb/counts`, reader)).json()).toEqual(taken);
    expect((await call('PUT', `/v2/inventories/${GLOBAL}/ifb/channels/${CHANNEL_2}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/v2/inventories/${GLOBAL}/ifb/channels/${CHANNEL_2}`, admin)).json().channels).toEqual([]);
    expect((await call('GET', `/v2/inventories/${GLOBAL}/ifb/counts`, reader)).json()).toEqual(counts);

    // No seat left: the licence limit is reached, and nothing changes.
    await db().inventory.update({ where: { id: GLOBAL }, data: { settings: { ...stored, ifb: { available: 0, used: 0, frozen: 1 } } } });
    const full = await call('PUT', `/v2/inventories/${GLOBAL}/ifb/channels/${CHANNEL_2}`, admin);
    expect(full.statusCode).toBe(402);
    expect(full.json().error.code).toBe('LICENSE_LIMIT_REACHED');
    expect((await call('GET', `/v2/inventories/${GLOBAL}/ifb`, reader)).json().channels).toEqual([]);
  });

  it('lists ingest servers and associates channels with them where GET channels/{id}/ingest_association reads it; busy and fed channels conflict', async () => {
    const servers = (await call('GET', `/v2/inventories/${GLOBAL}/ingestServers`, regular)).json();
    expect(servers.servers.map((x: { id: string }) => x.id)).toEqual([INGEST]);
    const own = (await call('GET', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels`, regular)).json();
    expect(own.channels.length).toBe(servers.servers[0].channelCount);
    expect(own.channels.every((c: { serverId: string }) => c.serverId === INGEST)).toBe(true);
    expect((await call('GET', `/v2/inventories/${GLOBAL}/ingestServers/MMH-0001/channels`, regular)).statusCode).toBe(404);
    expect((await call('GET', `/v2/inventories/${SPORTS}/ingestServers/${INGEST}/channels`, superUser)).statusCode).toBe(404);

    const put = await call('PUT', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${CHANNEL}`, contractor);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ channelId: CHANNEL, associated: true, serverId: INGEST, serverName: expect.any(String) });
    expect((await call('GET', `/channels/${CHANNEL}/ingest_association`, regular)).json()).toMatchObject({ associated: true, serverId: INGEST });
    const listed = (await call('GET', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels`, regular)).json();
    expect(listed.channels.map((c: { channelId: string }) => c.channelId)).toContain(CHANNEL);

    const before = await snapshot();
    const dup = await call('PUT', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${CHANNEL}`, contractor);
    expect(dup.json().error.code).toBe('ASSOCIATION_EXISTS');
    const onServer = own.channels[0].channelId as string;
    // A channel of the ingest server is fed by it by nature: neither added again nor removed.
    expect((await call('PUT', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${onServer}`, contractor)).json().error.code).toBe(
      'ASSOCIATION_EXISTS',
    );
    expect((await call('DELETE', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${onServer}`, contractor)).json().error).toEqual({
      code: 'INGEST_CHANNEL_CONFLICT',
      message: ERROR_CATALOGUE.INGEST_CHANNEL_CONFLICT.message,
    });
    // A busy channel's input does not change under it.
    await db().channel.update({ where: { id: CHANNEL_2 }, data: { status: 'collecting' } });
    const busy = await call('PUT', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${CHANNEL_2}`, contractor);
    expect(busy.json().error.code).toBe('CHANNEL_BUSY_CONFLICT');
    expect((await call('PUT', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${METRO_CHANNEL}`, superUser)).statusCode).toBe(404);
    expect((await call('PUT', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${CHANNEL}`, reader)).statusCode).toBe(403);
    // The channel an ingest server feeds is not deleted while associated (spec 001 §8 "ingest ... channel conflicts").
    const deleteFed = await call('DELETE', `/v2/admin/channels/${CHANNEL}`, superUser);
    expect(deleteFed.statusCode).toBe(409);
    expect(deleteFed.json().error.code).toBe('INGEST_CHANNEL_CONFLICT');
    expect(await snapshot()).toBe(before);

    const del = await call('DELETE', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${CHANNEL}`, contractor);
    expect(del.json()).toMatchObject({ associated: false, serverId: null });
    expect((await call('DELETE', `/v2/inventories/${GLOBAL}/ingestServers/${INGEST}/channels/${CHANNEL}`, contractor)).statusCode).toBe(200);
    expect((await call('GET', `/channels/${CHANNEL}/ingest_association`, regular)).json().associated).toBe(false);
  });
});
