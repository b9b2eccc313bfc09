/**
 * Video return channels of spec 001 §7 against the real core on real SQLite and PostgreSQL with
 * the real simulator: the /video_return list by group with its counts, the configuration tab (sent
 * to the server first; its input type shows in the status the device reports), capabilities,
 * input sources and addresses, and the admin calls (search, create, feed sharing, delete); roles,
 * scope (unknown and foreign both 404), the spec's validation messages, and that a rejected
 * request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  LIMITS,
  VALIDATION,
  videoReturnEndpoints,
  type AdminVrChannelGroupPage,
  type AdminVrChannelPage,
  type EndpointDef,
  type GroupVrChannelList,
  type VrChannelDetail,
  RULES,
} from '@fleet/contracts';
import { buildApp } from '@fleet/core';
import { createDb } from '@fleet/db';
import {
  DEMO_PASSWORD,
  eventually,
  providers,
  startTestStack,
  type TestStack,
  coreCall,
  recordPublished,
  type Method,
  type Published,
} from '../support/stack.js';

const IDS = Object.keys(videoReturnEndpoints) as (keyof typeof videoReturnEndpoints)[];
const WRITES = IDS.filter((id) => catalogue[id].method !== 'GET' && !catalogue[id].path.startsWith('/v2/admin'));
const ADMIN = IDS.filter((id) => catalogue[id].path.startsWith('/v2/admin'));

describe.each(providers())('video return channels on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let reader: string;
  let admin: string; // luc_admin: inventory inv-global only
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [regular, reader, admin, superUser] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('luc_admin'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => {
    const [channels, inventories, groups] = await Promise.all([
      db().videoReturnChannel.findMany({ orderBy: { id: 'asc' }, omit: { status: true, updatedAt: true, version: true } }),
      db().vrChannelInventory.findMany({ orderBy: [{ vrChannelId: 'asc' }, { inventoryId: 'asc' }] }),
      db().groupVrChannel.findMany({ orderBy: [{ vrChannelId: 'asc' }, { groupId: 'asc' }] }),
    ]);
    return JSON.stringify({ channels, inventories, groups });
  };
  const list = async (groupId: string, cookie = regular): Promise<GroupVrChannelList> =>
    (await call('GET', `/v0/groups/${groupId}/video-return-channels`, cookie)).json();
  const update = (id: string, channel: Record<string, unknown>, cookie = regular) =>
    call('POST', `/v0/video-return-channels/${id}/update`, cookie, { channel });
  const deviceStatus = (id: string) => s.sim?.server('VRS-0001')?.vrChannels.get(id)?.status;

  it('answers 401 without a session, 403 to read-only users on writes and to non-admins on admin calls, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'VRC-0001', uid: 'VRC-0001', uniqueId: 'VRC-0001', groupId: 'grp-newsroom' });
      expect((await call(def.method, url, undefined)).statusCode, id).toBe(401);
    }
    for (const id of WRITES) {
      const def: EndpointDef = catalogue[id];
      const res = await call(def.method, buildPath(def.path, { id: 'VRC-0001', uniqueId: 'VRC-0001' }), reader, {
        channel: { latency: 300 },
        inputType: 'disabled',
      });
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    for (const id of ADMIN) {
      const def: EndpointDef = catalogue[id];
      const res = await call(def.method, buildPath(def.path, { id: 'VRC-0001', uid: 'VRC-0001' }), regular, def.body ? {} : undefined);
      expect(res.statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it("lists a group's channels with their configuration and counts by status; read-only users see it; foreign and unknown groups 404", async () => {
    const page = await list('grp-newsroom', reader);
    expect(page.groupId).toBe('grp-newsroom');
    const vrc = page.items.find((v) => v.uniqueId === 'VRC-0001');
    expect(vrc).toMatchObject({ serverId: 'VRS-0001', configuration: { inputType: 'sdi' }, groupIds: ['grp-newsroom'], inventoryIds: ['inv-global'] });
    expect(page.counters.total).toBe(page.items.length);
    expect(page.counters[vrc!.status]).toBeGreaterThanOrEqual(1);
    for (const g of ['grp-metro-live', 'grp-no-such']) {
      const res = await call('GET', `/v0/groups/${g}/video-return-channels`, regular);
      expect(res.statusCode, g).toBe(404);
    }
  });

  it('rejects each invalid configuration with the spec message and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ passphrase: 'short' }, 'body.channel.passphrase', VALIDATION.betweenChars(10, 64)],
      [{ passphrase: 'x'.repeat(65) }, 'body.channel.passphrase', VALIDATION.betweenChars(10, 64)],
      [{ passphrase: 'with-special!' }, 'body.channel.passphrase', VALIDATION.mustMatchPattern],
      [{ destinationPort: 0 }, 'body.channel.destinationPort', VALIDATION.minValue(1)],
      [{ destinationPort: 65536 }, 'body.channel.destinationPort', VALIDATION.maxValue(65535)],
      [{ destinationPort: 'abc' }, 'body.channel.destinationPort', VALIDATION.number],
      [{ destinationPort: 1.5 }, 'body.channel.destinationPort', VALIDATION.integer],
      [{ name: 'has space' }, 'body.channel.name', VALIDATION.unitNameCharacters],
      [{ name: '' }, 'body.channel.name', VALIDATION.required],
      [{ inputType: 'hdmi' }, 'body.channel.inputType', VALIDATION.invalidField],
      [{ url: 'http://not-srt' }, 'body.channel.url', VALIDATION.mustMatchPattern],
      // SDI channel switched to SRT without a URL.
      [{ inputType: 'srt' }, 'body.channel.url', VALIDATION.required],
    ];
    for (const [channel, path, message] of cases) {
      const res = await update('VRC-0001', channel);
      expect(res.statusCode, JSON.stringify(channel)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(channel)).toContainEqual({ path, message });
    }
    const other = (await list('grp-field-crews')).items.find((v) => v.uniqueId === 'VRC-0002')!;
    const taken = await update('VRC-0001', { name: other.name });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual([{ path: 'body.channel.name', message: VALIDATION.nameUnique }]);
    expect((await update('VRC-0001', { latency: 300, version: 999_999 })).statusCode).toBe(409);
    expect((await update('VRC-0004', { latency: 300 })).statusCode).toBe(404);
    expect((await update('VRC-NO-SUCH', { latency: 300 })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('sends the configuration to the device first: the input type shows in the reported status, later reads and vrChannel.changed', async () => {
    await eventually(async () => deviceStatus('VRC-0001') === 'inputConnected');
    published.length = 0;
    const res = await update('VRC-0001', { inputType: 'disabled', description: 'Studio return' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Studio return', configuration: { inputType: 'disabled' } });
    await eventually(async () => (await list('grp-newsroom')).items.find((v) => v.uniqueId === 'VRC-0001')?.status === 'idle');
    const changed = published.filter((p) => p.event.type === 'vrChannel.changed' && p.event.vrChannel.uniqueId === 'VRC-0001');
    expect(changed.length).toBeGreaterThan(0);
    expect(changed[0]!.topics).toEqual(expect.arrayContaining(['group:grp-newsroom', 'inventory:inv-global']));

    const srt = await update('VRC-0001', {
      inputType: 'srt',
      url: 'srt://vr.example.net:9000',
      passphrase: 'Abcdef123456',
      destinationPort: 9000,
      latency: 400,
    });
    expect(srt.statusCode, srt.body).toBe(200);
    const stored: VrChannelDetail = srt.json();
    expect(stored.configuration).toEqual({
      inputType: 'srt',
      url: 'srt://vr.example.net:9000',
      passphrase: 'Abcdef123456',
      destinationPort: 9000,
      latency: 400,
    });
    await eventually(async () => (await list('grp-newsroom')).items.find((v) => v.uniqueId === 'VRC-0001')?.status === 'inputConnected');
    // The same values again change nothing (no write, no event).
    const same = await snapshot();
    published.length = 0;
    expect((await update('VRC-0001', { inputType: 'srt', latency: 400 })).statusCode).toBe(200);
    expect(await snapshot()).toBe(same);
    // The device may still report the status the earlier changes led to (a status report keeps
    // the version); what the no-op must not cause is a change of what people edit.
    const edited = published.filter((p) => p.event.type === 'vrChannel.changed' && p.event.vrChannel.version !== stored.version);
    expect(edited).toEqual([]);
    const sources = (await call('GET', '/v2/vrChannels/VRC-0001/inputSources', reader)).json();
    expect(sources).toMatchObject({ uniqueId: 'VRC-0001', selected: 'srt', available: ['disabled', 'sdi', 'srt'] });
  });

  it('changes nothing when the server is offline (Configuration not sent, retry)', async () => {
    expect(s.sim?.inject({ serverId: 'VRS-0001', fault: { type: 'serverPower', on: false } }).applied).toBe(true);
    try {
      const before = await snapshot();
      const res = await update('VRC-0001', { latency: 1000 });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'DEVICE_UNREACHABLE', message: 'Configuration not sent, retry' });
      const src = await call('POST', '/v2/vrChannels/VRC-0001/inputSources', regular, { inputType: 'sdi' });
      expect(src.statusCode).toBe(503);
      expect(await snapshot()).toBe(before);
    } finally {
      s.sim?.inject({ serverId: 'VRS-0001', fault: { type: 'serverPower', on: true } });
    }
  });

  it('chooses the input source, and answers capabilities and addresses', async () => {
    await eventually(async () => (await call('POST', '/v2/vrChannels/VRC-0001/inputSources', regular, { inputType: 'sdi' })).statusCode === 200, 5000);
    expect((await call('GET', '/v2/vrChannels/VRC-0001/inputSources', regular)).json().selected).toBe('sdi');
    const caps = await call('GET', '/v2/vrChannels/VRC-0001/capabilities', reader);
    expect(caps.statusCode).toBe(200);
    expect(caps.json().inputTypes).toContain('disabled');
    const ips = await call('GET', '/v2/vrChannels/VRC-0001/ips', reader);
    expect(ips.statusCode).toBe(200);
    expect(Array.isArray(ips.json().ips)).toBe(true);
    for (const id of ['VRC-0004', 'VRC-NO-SUCH']) expect((await call('GET', `/v2/vrChannels/${id}/capabilities`, regular)).statusCode, id).toBe(404);
  });

  it('admin search: pages of 50 by name by default, filtered by the admin’s inventories; super users see all', async () => {
    const page: AdminVrChannelPage = (await call('GET', '/v2/admin/vrChannels', admin)).json();
    expect(page.limit).toBe(LIMITS.videoReturnSearchDefaultPageSize);
    expect(page.items.map((v) => v.uniqueId)).not.toContain('VRC-0004');
    const names = page.items.map((v) => v.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const all: AdminVrChannelPage = (await call('GET', '/v2/admin/vrChannels?limit=2&sortDir=desc', superUser)).json();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(page.total);
    const one: AdminVrChannelPage = (await call('GET', '/v2/admin/vrChannels?searchKey=uniqueId&searchValue=vrc-0002', admin)).json();
    expect(one.items.map((v) => v.uniqueId)).toEqual(['VRC-0002']);
    expect((await call('GET', '/v2/admin/inventories/inv-metro/vrChannels', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/admin/inventories/inv-metro/vrChannels', superUser)).json().items.map((v: VrChannelDetail) => v.uniqueId)).toEqual([
      'VRC-0004',
    ]);
    expect((await call('GET', '/v2/admin/vrChannels?limit=0', admin)).json().error.fields).toEqual([{ path: 'query.limit', message: VALIDATION.minValue(1) }]);
    for (const id of ['VRC-0004', 'VRC-NO-SUCH']) expect((await call('GET', `/v2/admin/vrChannels/${id}`, admin)).statusCode, id).toBe(404);
  });

  it('creates a channel with the name rules, shares its feed with groups, and deletes it', async () => {
    const before = await snapshot();
    const bad = await call('POST', '/v2/admin/vrChannels', admin, { name: 'Bad name', inventoryIds: ['inv-global'] });
    expect(bad.json().error.fields).toEqual([{ path: 'body.name', message: VALIDATION.unitNameCharacters }]);
    const other = (await list('grp-field-crews')).items.find((v) => v.uniqueId === 'VRC-0002')!;
    const dup = await call('POST', '/v2/admin/vrChannels', admin, { name: other.name, inventoryIds: ['inv-global'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    const foreign = await call('POST', '/v2/admin/vrChannels', admin, { name: 'Return-New', inventoryIds: ['inv-metro'] });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.inventoryIds.0', message: RULES.unknownInventory }]);
    const none = await call('POST', '/v2/admin/vrChannels', admin, { name: 'Return-New', inventoryIds: [] });
    expect(none.json().error.fields).toEqual([{ path: 'body.inventoryIds', message: VALIDATION.required }]);
    expect(await snapshot()).toBe(before);

    published.length = 0;
    const created = await call('POST', '/v2/admin/vrChannels', admin, {
      uniqueId: 'VRC-NEW-1',
      name: 'Return-New',
      inventoryIds: ['inv-global'],
      groupIds: ['grp-newsroom'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ uniqueId: 'VRC-NEW-1', status: 'offline', groupIds: ['grp-newsroom'], inventoryIds: ['inv-global'] });
    expect((await list('grp-newsroom')).items.map((v) => v.uniqueId)).toContain('VRC-NEW-1');
    expect(
      published.some((p) => p.event.type === 'vrChannel.changed' && p.event.vrChannel.uniqueId === 'VRC-NEW-1' && p.topics.includes('group:grp-newsroom')),
    ).toBe(true);

    // Feed sharing: from Newsroom to Studio.
    published.length = 0;
    const shared = await call('PUT', '/v2/admin/vrChannels/VRC-NEW-1', admin, { groupIds: ['grp-studio'], description: 'shared' });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ groupIds: ['grp-studio'], description: 'shared' });
    expect((await list('grp-newsroom')).items.map((v) => v.uniqueId)).not.toContain('VRC-NEW-1');
    expect((await list('grp-studio')).items.map((v) => v.uniqueId)).toContain('VRC-NEW-1');
    expect(published.some((p) => p.event.type === 'vrChannel.removed' && p.topics.includes('group:grp-newsroom'))).toBe(true);
    const groups: AdminVrChannelGroupPage = (await call('GET', '/v2/admin/vrChannels/VRC-NEW-1/groups', admin)).json();
    expect(groups.items.map((g) => g.id)).toEqual(['grp-studio']);
    const choices: AdminVrChannelGroupPage = (
      await call('GET', '/v2/admin/vrChannels/VRC-NEW-1/groups/ofInventories?searchKey=name&sortBy=name&sortDir=asc', admin)
    ).json();
    expect(choices.items.find((g) => g.id === 'grp-studio')?.associated).toBe(true);
    expect(choices.items.find((g) => g.id === 'grp-newsroom')?.associated).toBe(false);
    expect(choices.items.every((g) => g.inventoryId === 'inv-global')).toBe(true);
    expect((await call('GET', '/v2/admin/vrChannels/VRC-NEW-1/inventories', admin)).json()).toEqual([{ id: 'inv-global', name: expect.any(String) }]);
    const badGroup = await call('PUT', '/v2/admin/vrChannels/VRC-NEW-1', admin, { groupIds: ['grp-metro-live'] });
    expect(badGroup.json().error.fields).toEqual([{ path: 'body.groupIds.0', message: RULES.unknownGroup }]);

    const del = await call('DELETE', '/v2/admin/vrChannels/VRC-NEW-1', admin);
    expect(del.json()).toEqual({ uniqueId: 'VRC-NEW-1', deleted: true });
    expect((await call('GET', '/v2/admin/vrChannels/VRC-NEW-1', admin)).statusCode).toBe(404);
    expect(published.some((p) => p.event.type === 'vrChannel.removed' && p.event.uniqueId === 'VRC-NEW-1' && p.topics.includes('group:grp-studio'))).toBe(true);
  });

  it('a core started again on the same database answers the stored configuration and sharing', async () => {
    const res = await update('VRC-0003', { name: 'Studio-Return', description: 'kept' });
    expect(res.statusCode, res.body).toBe(200);
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_regular', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const page: GroupVrChannelList = (
        await again.inject({ method: 'GET', url: '/api/v0/groups/grp-studio/video-return-channels', headers: { cookie } })
      ).json();
      expect(page.items.find((v) => v.uniqueId === 'VRC-0003')).toMatchObject({ name: 'Studio-Return', description: 'kept', groupIds: ['grp-studio'] });
    } finally {
      await again.close();
      await handle.close();
    }
  });

  it('does not delete a channel a unit is collecting from', async () => {
    await db().videoReturnChannel.update({ where: { id: 'VRC-0002' }, data: { status: 'collecting' } });
    const before = await snapshot();
    const res = await call('DELETE', '/v2/admin/vrChannels/VRC-0002', admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('VR_CHANNEL_BUSY');
    expect(await snapshot()).toBe(before);
  });
});
