/**
 * Point-to-point links of spec 001 §7 against the real core on real SQLite and PostgreSQL with the
 * real simulator: create on a master unit (§3 "uniqueID and machines with uid"), read, edit,
 * share with groups, stream (the master unit is told through the device gateway and accepts only
 * when online and idle), delete; roles, scope (unknown and foreign both 404), the validation
 * messages, `p2p.changed` on /ws topics, and that a rejected request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, catalogue, p2pEndpoints, VALIDATION, type EndpointDef, type P2pLink, RULES } from '@fleet/contracts';
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

const IDS = Object.keys(p2pEndpoints) as (keyof typeof p2pEndpoints)[];
const MASTER = 'LU800-0001'; // luc_regular's (group Newsroom), simulated
const PEER = 'LU300-0001';

describe.each(providers())('point-to-point links on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let reader: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [regular, reader] = await Promise.all([s.login('luc_regular'), s.login('luc_read')]);
    recordPublished(s.app, published);
    await eventually(async () => s.sim?.device(MASTER)?.online === true, 10_000);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => {
    const [links, groups] = await Promise.all([
      db().p2pLink.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
      db().p2pLinkGroup.findMany({ orderBy: [{ p2pLinkId: 'asc' }, { groupId: 'asc' }] }),
    ]);
    return JSON.stringify({ links, groups });
  };
  const create = (body: Record<string, unknown>, master = MASTER, cookie = regular) => call('POST', `/v2/p2p/${master}`, cookie, body);
  const idle = async () => {
    await eventually(async () => {
      const d = s.sim?.device(MASTER);
      if (!d) return false;
      if (!d.online) s.sim?.inject({ unitId: MASTER, fault: { type: 'power', on: true } });
      for (const app of Object.keys(d.applications)) s.sim?.inject({ unitId: MASTER, fault: { type: 'app', app: app as 'video', start: false } });
      const live = (await call('GET', `/v2/units/${MASTER}`, regular)).json() as { status: string; applications: object };
      return d.online && Object.keys(d.applications).length === 0 && live.status === 'idle' && Object.keys(live.applications).length === 0;
    }, 10_000);
  };

  it('answers 401 without a session and 403 to read-only users on writes, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: id === 'createP2pLink' ? MASTER : 'p2p-0002' });
      expect((await call(def.method, url, undefined)).statusCode, id).toBe(401);
      const res = await call(def.method, url, reader, def.body ? {} : undefined);
      if (def.method === 'GET') expect(res.statusCode, id).toBe(200);
      else expect(res.statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('reads a seeded multipoint link: master as uniqueID, the other machines with uid, groups and the selected ones', async () => {
    const link: P2pLink = (await call('GET', '/v2/p2p/p2p-0002', reader)).json();
    expect(link).toMatchObject({
      id: 'p2p-0002',
      kind: 'ptmp',
      uniqueID: 'PTMP-0001',
      machines: [{ uid: 'LU800-0001' }, { uid: 'LU300-0001' }],
      status: 'idle',
      streaming: false,
    });
    expect(link.groupIds).toEqual(['grp-newsroom', 'grp-studio']);
    const selected = (await call('GET', '/v2/p2p/p2p-0002/groups/selected', reader)).json();
    expect(selected.groups.map((g: { id: string }) => g.id)).toEqual(['grp-studio']);
    expect((await call('GET', '/v2/p2p/p2p-no-such', regular)).statusCode).toBe(404);
  });

  it('rejects invalid links with the spec messages and changes nothing; foreign masters and links 404', async () => {
    await db().p2pLink.create({ data: { id: 'p2p-metro', name: 'Metro', kind: 'ptp', masterUnitId: 'LU800-0005', machines: [{ uid: 'LUSMART-0003' }] } });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'bad name', kind: 'ptp', machines: [{ uid: PEER }] }, 'body.name', VALIDATION.unitNameCharacters],
      [{ kind: 'ptp', machines: [{ uid: PEER }] }, 'body.name', VALIDATION.required],
      [{ name: 'Link', kind: 'mesh', machines: [{ uid: PEER }] }, 'body.kind', VALIDATION.invalidField],
      [{ name: 'Link', kind: 'ptmp', machines: [] }, 'body.machines', VALIDATION.required],
      [{ name: 'Link', kind: 'ptp', machines: [{ uid: PEER }, { uid: 'LU800-0003' }] }, 'body.machines', RULES.pointToPointOneMachine],
      [{ name: 'Link', kind: 'ptp', machines: [{ uid: MASTER }] }, 'body.machines.0.uid', RULES.linkOwnUnit],
      [{ name: 'Link', kind: 'ptmp', machines: [{ uid: PEER }, { uid: PEER }] }, 'body.machines.1.uid', VALIDATION.fieldUnique],
      [{ name: 'Link', kind: 'ptp', machines: [{ uid: PEER }], groupIds: ['grp-metro-live'] }, 'body.groupIds.0', RULES.unknownGroup],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect((await create({ name: 'Link', kind: 'ptp', machines: [{ uid: PEER }] }, 'LU800-0005')).statusCode).toBe(404);
    // A machine the caller does not see is answered like a missing one.
    for (const uid of ['LU800-0005', 'NO-SUCH-UNIT']) expect((await create({ name: 'Link', kind: 'ptp', machines: [{ uid }] })).statusCode, uid).toBe(404);
    for (const [method, url] of [
      ['GET', '/v2/p2p/p2p-metro'],
      ['PUT', '/v2/p2p/p2p-metro'],
      ['DELETE', '/v2/p2p/p2p-metro'],
      ['POST', '/v2/p2p/p2p-metro/stream'],
      ['GET', '/v2/p2p/p2p-metro/groups'],
    ] as const) {
      const res = await call(method, url, regular, method === 'PUT' ? { name: 'Mine' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('creates, edits and shares a link; every change is announced as p2p.changed', async () => {
    published.length = 0;
    const res = await create({ name: 'Newsroom-Link', kind: 'ptmp', machines: [{ uid: PEER }, { uid: 'LU800-0003' }], groupIds: ['grp-newsroom'] });
    expect(res.statusCode, res.body).toBe(201);
    const link: P2pLink = res.json();
    expect(link).toMatchObject({
      name: 'Newsroom-Link',
      kind: 'ptmp',
      uniqueID: MASTER,
      machines: [{ uid: PEER }, { uid: 'LU800-0003' }],
      status: 'idle',
      groupIds: ['grp-newsroom'],
    });
    expect(published.some((p) => p.event.type === 'p2p.changed' && p.event.link.id === link.id && p.topics.includes('group:grp-newsroom'))).toBe(true);
    expect((await call('GET', `/v2/p2p/${link.id}`, reader)).json()).toMatchObject({ name: 'Newsroom-Link' });

    const edited = await call('PUT', `/v2/p2p/${link.id}`, regular, { kind: 'ptp', machines: [{ uid: PEER }], version: link.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ kind: 'ptp', machines: [{ uid: PEER }] });
    const stale = await call('PUT', `/v2/p2p/${link.id}`, regular, { name: 'Stale', version: link.version });
    expect(stale.statusCode).toBe(409);
    const ptpTwo = await call('PUT', `/v2/p2p/${link.id}`, regular, { kind: 'ptp', machines: [{ uid: PEER }, { uid: 'LU800-0003' }] });
    expect(ptpTwo.json().error.fields).toEqual([{ path: 'body.machines', message: RULES.pointToPointOneMachine }]);

    published.length = 0;
    const shared = await call('PUT', `/v2/p2p/${link.id}/groups`, regular, { groupIds: ['grp-newsroom', 'grp-studio'], selectedGroupIds: ['grp-studio'] });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().groups).toEqual([
      expect.objectContaining({ id: 'grp-newsroom', selected: false }),
      expect.objectContaining({ id: 'grp-studio', selected: true }),
    ]);
    expect((await call('GET', `/v2/p2p/${link.id}/groups/selected`, reader)).json().groups.map((g: { id: string }) => g.id)).toEqual(['grp-studio']);
    expect(published.some((p) => p.event.type === 'p2p.changed' && p.topics.includes('group:grp-studio'))).toBe(true);
    const notSubset = await call('PUT', `/v2/p2p/${link.id}/groups`, regular, { groupIds: ['grp-newsroom'], selectedGroupIds: ['grp-studio'] });
    expect(notSubset.json().error.fields).toEqual([{ path: 'body.selectedGroupIds.0', message: RULES.notOfLinkGroups }]);

    const del = await call('DELETE', `/v2/p2p/${link.id}`, regular);
    expect(del.json()).toEqual({ id: link.id, deleted: true });
    expect((await call('GET', `/v2/p2p/${link.id}`, regular)).statusCode).toBe(404);
  });

  it('streams through the master unit: accepted when online and idle, stored and announced; not edited or deleted while streaming', async () => {
    await idle();
    const link: P2pLink = (await create({ name: 'Stream-Link', kind: 'ptp', machines: [{ uid: PEER }] })).json();
    published.length = 0;
    const start = await call('POST', `/v2/p2p/${link.id}/stream`, regular);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ status: 'streaming', streaming: true });
    expect(s.sim?.device(MASTER)?.p2pLinkId).toBe(link.id);
    expect((await call('GET', `/v2/p2p/${link.id}`, reader)).json().status).toBe('streaming');
    expect(published.some((p) => p.event.type === 'p2p.changed' && p.event.link.status === 'streaming')).toBe(true);
    expect((await call('PUT', `/v2/p2p/${link.id}`, regular, { name: 'Renamed' })).json().error.code).toBe('P2P_LINK_STREAMING');
    expect((await call('DELETE', `/v2/p2p/${link.id}`, regular)).json().error.code).toBe('P2P_LINK_STREAMING');

    const stop = await call('DELETE', `/v2/p2p/${link.id}/stream`, regular);
    expect(stop.json()).toMatchObject({ status: 'idle', streaming: false });
    expect(s.sim?.device(MASTER)?.p2pLinkId).toBeNull();
    // Stopping an idle link answers it as it is.
    expect((await call('DELETE', `/v2/p2p/${link.id}/stream`, regular)).statusCode).toBe(200);
  });

  it('a core started again on the same database answers a streaming link as streaming', async () => {
    await idle();
    const link: P2pLink = (await create({ name: 'Durable-Link', kind: 'ptp', machines: [{ uid: PEER }], groupIds: ['grp-newsroom'] })).json();
    expect((await call('POST', `/v2/p2p/${link.id}/stream`, regular)).statusCode).toBe(200);
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_regular', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const read = (await again.inject({ method: 'GET', url: `/api/v2/p2p/${link.id}`, headers: { cookie } })).json();
      expect(read).toMatchObject({ name: 'Durable-Link', status: 'streaming', streaming: true, groupIds: ['grp-newsroom'], machines: [{ uid: PEER }] });
    } finally {
      await again.close();
      await handle.close();
    }
    expect((await call('DELETE', `/v2/p2p/${link.id}/stream`, regular)).statusCode).toBe(200);
  });

  it('refuses to stream from a busy or offline master (Unit is busy / Selected channel busy or offline), changing nothing', async () => {
    const link: P2pLink = (await create({ name: 'Refused-Link', kind: 'ptp', machines: [{ uid: PEER }] })).json();
    await idle();
    s.sim?.inject({ unitId: MASTER, fault: { type: 'app', app: 'databridge', start: true } });
    await eventually(
      async () =>
        ((await call('GET', `/v2/units/${MASTER}`, regular)).json() as { applications: Record<string, unknown> }).applications.databridge !== undefined,
    );
    let before = await snapshot();
    const busy = await call('POST', `/v2/p2p/${link.id}/stream`, regular);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'UNIT_BUSY', message: 'Unit is busy' });
    expect(await snapshot()).toBe(before);

    await idle();
    s.sim?.inject({ unitId: MASTER, fault: { type: 'power', on: false } });
    await eventually(async () => ((await call('GET', `/v2/units/${MASTER}`, regular)).json() as { status: string }).status === 'offline');
    before = await snapshot();
    const off = await call('POST', `/v2/p2p/${link.id}/stream`, regular);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('UNIT_OFFLINE');
    expect(await snapshot()).toBe(before);
    s.sim?.inject({ unitId: MASTER, fault: { type: 'power', on: true } });
    await idle();
  });
});
