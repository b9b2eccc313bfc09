/**
 * Audio rooms (spec 001 §3 Audio room, §7 Inventories "Audio rooms with count") against the real
 * core on real SQLite and PostgreSQL with the real simulator: the /audio_rooms list (page of 100,
 * search) and count, create, read, update, participants, start/stop on the IFB server, delete;
 * roles (MANAGE_ROLES), scope (unknown and foreign both 404), the spec's validation messages, a
 * rejected request changing nothing, the realtime events, and the rooms surviving a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  audioRoomEndpoints,
  ERROR_CATALOGUE,
  LIMITS,
  VALIDATION,
  type AudioRoom,
  type AudioRoomPage,
  type EndpointDef,
  RULES,
} from '@fleet/contracts';
import { buildApp } from '@fleet/core';
import { createDb } from '@fleet/db';
import { DEMO_PASSWORD, providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(audioRoomEndpoints) as (keyof typeof audioRoomEndpoints)[];

describe.each(providers())('audio rooms on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let regular: string;
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [admin, regular, superUser] = await Promise.all([s.login('luc_admin'), s.login('luc_regular'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => JSON.stringify(await db().audioRoom.findMany({ orderBy: { id: 'asc' } }));
  const create = (body: Record<string, unknown>, cookie = admin, inventory = 'inv-global') =>
    call('POST', `/v2/inventories/${inventory}/audioRooms`, cookie, body);
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const eventsOf = (type: string) => published.filter((p) => p.event.type === type);

  it('answers 401 without a session and 403 outside the manage roles, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: def.path.startsWith('/v2/audioRooms') ? 'aud-0001' : 'inv-global' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      const res = await call(def.method, url, regular, def.body ? { name: 'X', participants: [], active: true } : undefined);
      expect(res.statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists the inventory rooms with participants named, pages of 100 by default, searches by name, and counts them', async () => {
    const page: AudioRoomPage = (await call('GET', '/v2/inventories/inv-global/audioRooms', admin)).json();
    expect(page.limit).toBe(LIMITS.audioRoomsDefaultPageSize);
    expect(page.items.map((r) => r.name)).toEqual(['Newsroom-IFB', 'Sports-Desk']);
    const newsroom = page.items[0]!;
    expect(newsroom).toMatchObject({ intercom: true, serverId: 'MMH-0001', active: false, participantCount: 2 });
    expect(newsroom.participants.map((p) => p.kind)).toEqual(['unit', 'channel']);
    expect(newsroom.participants[0]!.name).not.toBe('');
    const found: AudioRoomPage = (await call('GET', '/v2/inventories/inv-global/audioRooms?searchValue=sports', admin)).json();
    expect(found.items.map((r) => r.id)).toEqual(['aud-0002']);
    expect(found.total).toBe(1);
    const count = (await call('GET', '/v2/inventories/inv-global/audioRooms/count', admin)).json();
    expect(count).toEqual({ inventoryId: 'inv-global', total: 2, active: 0 });
    // Another inventory's rooms: 404 as an unknown inventory; a global user sees them.
    expect((await call('GET', '/v2/inventories/inv-metro/audioRooms', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/inventories/inv-no-such/audioRooms/count', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/inventories/inv-metro/audioRooms', superUser)).json().items.map((r: AudioRoom) => r.id)).toEqual(['aud-0003']);
  });

  it("offers the inventory's units, channels and users as participants", async () => {
    const offered = (await call('GET', '/v2/inventories/inv-global/audioRoomParticipants', admin)).json();
    expect(offered.units.map((u: { id: string }) => u.id)).toContain('LU800-0001');
    expect(offered.units.map((u: { id: string }) => u.id)).not.toContain('LU800-0005');
    expect(offered.channels.map((c: { id: string }) => c.id)).toContain('MMH-0001-CH1');
    expect(offered.channels.map((c: { id: string }) => c.id)).not.toContain('MMH-0002-CH1');
    expect(offered.users).toContainEqual({ id: 'usr-luc_regular', name: 'luc_regular' });
    expect(offered.servers.map((v: { id: string }) => v.id)).toContain('MMH-0001');
    expect(offered.servers.map((v: { id: string }) => v.id)).not.toContain('MMH-0002');
    expect((await call('GET', '/v2/inventories/inv-metro/audioRoomParticipants', admin)).statusCode).toBe(404);
  });

  it('creates a room with units, channels and users of the inventory and announces it on the topics of the inventory and its groups', async () => {
    const res = await create({
      name: 'Match_Day-1',
      intercom: true,
      serverId: 'MMH-0001',
      participants: [
        { kind: 'unit', id: 'LU800-0001' },
        { kind: 'channel', id: 'MMH-0001-CH2' },
        { kind: 'user', id: 'usr-luc_regular' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const room: AudioRoom = res.json();
    expect(room).toMatchObject({ inventoryId: 'inv-global', name: 'Match_Day-1', intercom: true, active: false, participantCount: 3, version: 0 });
    expect(room.participants.find((p) => p.kind === 'user')!.name).toBe('luc_regular');
    const event = eventsOf('audioRoom.changed').find((p) => p.event.type === 'audioRoom.changed' && p.event.audioRoom.id === room.id);
    expect(event?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'group:grp-newsroom']));
    expect(event?.topics).not.toContain('group:grp-metro-live');
    expect((await call('GET', `/v2/audioRooms/${room.id}`, admin)).json()).toEqual(room);
  });

  it('refuses bad names, duplicate names, participants outside the inventory and foreign servers with the spec messages, changing nothing', async () => {
    const before = await snapshot();
    expect(fields(await create({ name: '' }))).toEqual([{ path: 'body.name', message: VALIDATION.required }]);
    expect(fields(await create({}))).toEqual([{ path: 'body.name', message: VALIDATION.required }]);
    expect(fields(await create({ name: 'Has space' }))).toEqual([{ path: 'body.name', message: VALIDATION.unitNameCharacters }]);
    expect(fields(await create({ name: 'x'.repeat(256) }))).toEqual([{ path: 'body.name', message: VALIDATION.max255 }]);
    const dup = await create({ name: 'Newsroom-IFB' });
    expect(dup.statusCode).toBe(400);
    expect(fields(dup)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    // The same name in another inventory is fine elsewhere; here: participants of another inventory, unknown ones, twice the same.
    const bad = await create({
      name: 'Outsiders',
      participants: [
        { kind: 'unit', id: 'LU800-0005' },
        { kind: 'channel', id: 'MMH-0002-CH1' },
        { kind: 'user', id: 'usr-no-such' },
        { kind: 'unit', id: 'LU800-0001' },
        { kind: 'unit', id: 'LU800-0001' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual([
      { path: 'body.participants.0.id', message: RULES.notOfInventory },
      { path: 'body.participants.1.id', message: RULES.notOfInventory },
      { path: 'body.participants.2.id', message: RULES.notOfInventory },
      { path: 'body.participants.4.id', message: VALIDATION.fieldUnique },
    ]);
    expect(fields(await create({ name: 'Foreign-Server', serverId: 'MMH-0002' }))).toEqual([{ path: 'body.serverId', message: RULES.notOfInventory }]);
    expect(fields(await create({ name: 'Bad-Kind', participants: [{ kind: 'camera', id: 'x' }] }))?.[0]?.path).toBe('body.participants.0.kind');
    expect(await snapshot()).toBe(before);
  });

  it('updates name, intercom flag and participants over the version, 409 on a stale one, and answers rooms of other inventories 404', async () => {
    const room: AudioRoom = (await create({ name: 'Edit-Me' })).json();
    const renamed = await call('PUT', `/v2/audioRooms/${room.id}`, admin, { name: 'Edited', intercom: true, version: room.version });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Edited', intercom: true, version: room.version + 1 });
    const before = await snapshot();
    const stale = await call('PUT', `/v2/audioRooms/${room.id}`, admin, { intercom: false, version: room.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect(fields(await call('PUT', `/v2/audioRooms/${room.id}`, admin, { name: 'Sports-Desk' }))).toEqual([
      { path: 'body.name', message: VALIDATION.nameUnique },
    ]);
    expect((await call('PUT', '/v2/audioRooms/aud-0003', admin, { intercom: false })).statusCode).toBe(404);
    expect((await call('GET', '/v2/audioRooms/aud-0003', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/audioRooms/aud-no-such', admin)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    const withPeople = await call('PUT', `/v2/audioRooms/${room.id}/participants`, admin, {
      participants: [
        { kind: 'user', id: 'usr-luc_read' },
        { kind: 'channel', id: 'MMH-0001-CH1' },
      ],
    });
    expect(withPeople.statusCode).toBe(200);
    expect((withPeople.json() as AudioRoom).participants.map((p) => `${p.kind}:${p.id}`)).toEqual(['user:usr-luc_read', 'channel:MMH-0001-CH1']);
    expect(
      eventsOf('audioRoom.changed').some(
        (p) => p.event.type === 'audioRoom.changed' && p.event.audioRoom.id === room.id && p.event.audioRoom.participantCount === 2,
      ),
    ).toBe(true);
  });

  it('starts a room on its IFB server, refuses to delete or move it while active, stops it; a room without a server does not start', async () => {
    const room: AudioRoom = (await create({ name: 'Live-Room', serverId: 'MMH-0001', participants: [{ kind: 'unit', id: 'LU800-0001' }] })).json();
    const started = await call('PUT', `/v2/audioRooms/${room.id}/active`, admin, { active: true });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ active: true });
    expect((await call('GET', '/v2/inventories/inv-global/audioRooms/count', admin)).json().active).toBe(1);
    const before = await snapshot();
    const del = await call('DELETE', `/v2/audioRooms/${room.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(ERROR_CATALOGUE.AUDIO_ROOM_ACTIVE.message);
    expect((await call('PUT', `/v2/audioRooms/${room.id}`, admin, { serverId: null })).json().error.code).toBe('AUDIO_ROOM_ACTIVE');
    expect(await snapshot()).toBe(before);
    expect((await call('PUT', `/v2/audioRooms/${room.id}/active`, admin, { active: false })).json()).toMatchObject({ active: false });
    const idle: AudioRoom = (await create({ name: 'No-Server' })).json();
    const refused = await call('PUT', `/v2/audioRooms/${idle.id}/active`, admin, { active: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ERROR_CATALOGUE.AUDIO_ROOM_NO_SERVER.message);
    expect((await db().audioRoom.findUnique({ where: { id: idle.id } }))?.active).toBe(false);
  });

  it('deletes a room and announces its removal on the topics of the inventory and its groups', async () => {
    const room: AudioRoom = (await create({ name: 'Short-Lived' })).json();
    const res = await call('DELETE', `/v2/audioRooms/${room.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: room.id, inventoryId: 'inv-global', deleted: true });
    expect(await db().audioRoom.findUnique({ where: { id: room.id } })).toBeNull();
    const removed = eventsOf('audioRoom.removed').find((p) => p.event.type === 'audioRoom.removed' && p.event.audioRoomId === room.id);
    expect(removed?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'group:grp-newsroom']));
    expect((await call('DELETE', `/v2/audioRooms/${room.id}`, admin)).statusCode).toBe(404);
  });

  it('keeps rooms across a restart of the core', async () => {
    const room: AudioRoom = (await create({ name: 'Kept-Room', intercom: true, participants: [{ kind: 'channel', id: 'MMH-0001-CH1' }] })).json();
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_admin', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const read = await again.inject({ method: 'GET', url: `/api/v2/audioRooms/${room.id}`, headers: { cookie } });
      expect(read.json()).toMatchObject({ name: 'Kept-Room', intercom: true, participantCount: 1 });
    } finally {
      await again.close();
      await handle.close();
    }
  });
});
