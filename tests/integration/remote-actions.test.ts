/**
 * Partner remote actions (spec 001 §2 /remote_actions; §4 support access lasts 8 hours, access
 * approval active/expired/used; §9 8 hours) and the contractor entities lists (§2 /entities,
 * "Contractor entities need luc_contractor") against the real core on real SQLite and PostgreSQL
 * with the real simulator: each action's effect on the unit, the refusals with their messages,
 * scope (unknown and foreign both 404), roles, nothing changed by a rejected request, and the
 * `remoteAction.changed` events a console receives over /ws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  inventoryTopic,
  remoteActionEndpoints,
  TIMINGS as SPEC_TIMINGS,
  type AdminDbGatewayPage,
  type AdminUnitPage,
  type EndpointDef,
  type RemoteAction,
  type RemoteActionPage,
} from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { eventually, FAST_TIMINGS, providers, startTestStack, type TestStack, coreCall, type Method } from '../support/stack.js';
import { connect, until, type WsClient } from './realtime-client.js';

const IDS = Object.keys(remoteActionEndpoints) as (keyof typeof remoteActionEndpoints)[];
const ACTION_CALLS = IDS.filter((id) => id !== 'searchAdminDbGateways');
/** A reboot the test can wait for. */
const SIM_TIMINGS = { ...FAST_TIMINGS, rebootMs: [300, 400] as [number, number] };

describe.each(providers())('remote actions and contractor entities on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let partner: string;
  let regular: string;
  let contractor: string;
  let superUser: string;
  let ws: WsClient;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: SIM_TIMINGS, clock });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    [partner, regular, contractor, superUser] = await Promise.all([
      s.login('luc_partner'),
      s.login('luc_regular'),
      s.login('luc_contractor'),
      s.login('super_user'),
    ]);
    // The partner's console, subscribed to its inventory.
    ws = await connect(base, { cookie: partner });
    await ws.next((m) => m.op === 'hello');
    ws.send({ op: 'subscribe', topics: [inventoryTopic('inv-global')] });
    await ws.next((m) => m.op === 'subscribed');
  });
  afterAll(async () => {
    ws?.ws.close();
    await s?.close();
  });

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const create = (cookie: string, body: Record<string, unknown>) => call('POST', '/v2/remoteActions', cookie, { deviceType: 'unit', ...body });
  const read = async (id: string, cookie = partner): Promise<RemoteAction> => (await call('GET', `/v2/remoteActions/${id}`, cookie)).json();
  const unitStatus = async (id: string): Promise<string> => (await call('GET', `/v2/units/${id}`, superUser)).json().status;
  const idle = (id: string) => eventually(async () => ((await unitStatus(id)) === 'idle' ? true : null), 15_000);
  /** Statuses of one action in the order the partner's console received them. */
  const seen = (id: string) =>
    ws.events.flatMap((e) => (e.event.type === 'remoteAction.changed' && e.event.remoteAction.id === id ? [e.event.remoteAction.status] : []));
  const snapshot = async () => {
    const [actions, approvals, units] = await Promise.all([
      db().remoteAction.findMany({ orderBy: { id: 'asc' } }),
      db().accessApproval.findMany({ orderBy: { id: 'asc' } }),
      db().unit.findMany({ orderBy: { id: 'asc' }, select: { id: true, lastReboot: true, version: true } }),
    ]);
    return JSON.stringify({ actions, approvals, units });
  };

  it('answers 401 without a session and 403 to roles outside partner, super user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      expect((await call(def.method, buildPath(def.path, { id: 'x' }), undefined)).statusCode, id).toBe(401);
    }
    for (const cookie of [regular, contractor]) {
      for (const id of ACTION_CALLS) {
        const def: EndpointDef = catalogue[id];
        const res = await call(
          def.method,
          buildPath(def.path, { id: 'x' }),
          cookie,
          def.body ? { deviceType: 'unit', deviceId: 'SOLO-0001', action: 'reboot' } : undefined,
        );
        expect(res.statusCode, id).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
    expect((await call('GET', '/v2/admin/dbGateways', regular)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it("validates with the spec's messages and answers 404 for unknown and foreign units, changing nothing", async () => {
    const before = await snapshot();
    const bad = await create(partner, { deviceId: 'SOLO-0001', action: 'explode' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.action', message: 'Invalid field' }]);
    const noReason = await create(partner, { deviceId: 'SOLO-0001', action: 'sendLogs', channelId: 'MMH-0001-CH1' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual([{ path: 'body.reason', message: 'This field is required' }]);
    const server = await call('POST', '/v2/remoteActions', partner, { deviceType: 'server', deviceId: 'MMH-0001', action: 'reboot' });
    expect(server.statusCode).toBe(400);
    // LU800-0004 is in Global Sports, LU800-0005 in Metro-TV: not the partner's inventories.
    for (const deviceId of ['LU800-0004', 'LU800-0005', 'NO-SUCH-UNIT']) {
      for (const action of ['reboot', 'supportAccess', 'sendLogs']) {
        const res = await create(partner, { deviceId, action, reason: 'x', channelId: 'MMH-0001-CH1' });
        expect(res.statusCode, `${action} ${deviceId}`).toBe(404);
        expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Items cannot be displayed. Please contact support' });
      }
      expect((await call('GET', `/v2/remoteActions?deviceId=${deviceId}`, partner)).statusCode).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('opens support access for 8 hours; a second request answers the active one; past its expiry it reads expired', async () => {
    const unit = 'LU300-0001';
    const started = clock.now();
    const first = await create(partner, { deviceId: unit, action: 'supportAccess', reason: 'Customer ticket 42' });
    expect(first.statusCode, first.body).toBe(201);
    const action: RemoteAction = first.json();
    expect(action).toMatchObject({
      deviceType: 'unit',
      deviceId: unit,
      deviceName: expect.any(String),
      action: 'supportAccess',
      reason: 'Customer ticket 42',
      status: 'done',
      requestedBy: 'luc_partner',
    });
    expect(action.supportAccess?.status).toBe('active');
    const expiresAt = new Date(action.supportAccess!.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(started + SPEC_TIMINGS.supportAccessMs);
    expect(expiresAt).toBeLessThanOrEqual(clock.now() + SPEC_TIMINGS.supportAccessMs);
    const approval = await db().accessApproval.findUniqueOrThrow({ where: { id: action.supportAccess!.id } });
    expect(approval).toMatchObject({ deviceType: 'unit', deviceId: unit, status: 'active', reason: 'Customer ticket 42', requestedById: 'usr-luc_partner' });
    await until(() => seen(action.id).includes('done'), 5000, 'the partner console hears of the support access');

    // Twice at once, and once more: the active access answers.
    const [again, third] = await Promise.all([
      create(partner, { deviceId: unit, action: 'supportAccess' }),
      create(superUser, { deviceId: unit, action: 'supportAccess' }),
    ]);
    expect(again.json().id).toBe(action.id);
    expect(third.json().id).toBe(action.id);
    expect(await db().accessApproval.count({ where: { deviceId: unit } })).toBe(1);
    expect(await db().remoteAction.count({ where: { deviceId: unit, action: 'supportAccess' } })).toBe(1);

    // Eight hours later it reads expired.
    await clock.advance(SPEC_TIMINGS.supportAccessMs);
    expect((await read(action.id)).supportAccess?.status).toBe('expired');
    const page: RemoteActionPage = (await call('GET', `/v2/remoteActions?deviceId=${unit}`, partner)).json();
    expect(page.items.find((a) => a.id === action.id)?.supportAccess?.status).toBe('expired');
    // A new request opens a new access; the old one is stored as expired.
    const renewed: RemoteAction = (await create(partner, { deviceId: unit, action: 'supportAccess' })).json();
    expect(renewed.id).not.toBe(action.id);
    expect(renewed.supportAccess?.status).toBe('active');
    expect((await db().accessApproval.findUniqueOrThrow({ where: { id: approval.id } })).status).toBe('expired');
  });

  it('reboots a unit through the unit command: running until the unit is back, announced live', async () => {
    const unit = 'SOLO-0001';
    await idle(unit);
    const before = await db().unit.findUniqueOrThrow({ where: { id: unit } });
    const res = await create(partner, { deviceId: unit, action: 'reboot', reason: 'Stuck encoder' });
    expect(res.statusCode, res.body).toBe(201);
    const action: RemoteAction = res.json();
    expect(action).toMatchObject({ action: 'reboot', status: 'running', reason: 'Stuck encoder', supportAccess: null });
    // The simulated unit got the command: it went offline at once.
    expect(s.sim?.device(unit)?.online).toBe(false);
    expect((await db().unit.findUniqueOrThrow({ where: { id: unit } })).lastReboot!.getTime()).toBeGreaterThan(before.lastReboot?.getTime() ?? 0);
    // While it is away, a second reboot meets the offline unit.
    const twice = await create(partner, { deviceId: unit, action: 'reboot' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    await eventually(async () => ((await read(action.id)).status === 'done' ? true : null), 15_000);
    await until(() => seen(action.id).join() === 'running,done', 5000, 'the partner console sees running then done');
    await idle(unit);
  });

  it('refuses a reboot of an offline unit and stores nothing', async () => {
    const unit = 'DRONE-0001';
    await idle(unit);
    s.sim?.inject({ unitId: unit, fault: { type: 'power', on: false } });
    await eventually(async () => ((await unitStatus(unit)) === 'offline' ? true : null));
    const before = await snapshot();
    const res = await create(partner, { deviceId: unit, action: 'reboot' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('UNIT_OFFLINE');
    expect(await snapshot()).toBe(before);
    s.sim?.inject({ unitId: unit, fault: { type: 'power', on: true } });
    await idle(unit);
  });

  it('sends logs through the support case: refused without an e-mail and for an offline unit, then running until done', async () => {
    const unit = 'LU800-0003';
    await idle(unit);
    await db().channel.updateMany({ where: { serverId: 'MMH-0001' }, data: { status: 'idle', fileTransfer: {} } });
    const before = await snapshot();
    // The seeded partner has no e-mail address (spec 000 §5 support case rule).
    const noEmail = await create(partner, { deviceId: unit, action: 'sendLogs', reason: 'No video', channelId: 'MMH-0001-CH1' });
    expect(noEmail.statusCode).toBe(403);
    expect(noEmail.json().error).toEqual({ code: 'SUPPORT_CASE_NO_EMAIL', message: 'Users without an e-mail address cannot open a support case' });
    await db().user.update({ where: { id: 'usr-luc_partner' }, data: { email: 'partner@example.com' } });
    // "Send logs only when online and not transmitting."
    s.sim?.inject({ unitId: 'DRONE-0001', fault: { type: 'power', on: false } });
    await eventually(async () => ((await unitStatus('DRONE-0001')) === 'offline' ? true : null));
    const offline = await create(partner, { deviceId: 'DRONE-0001', action: 'sendLogs', reason: 'No video', channelId: 'MMH-0001-CH1' });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({ code: 'SUPPORT_CASE_NOT_IDLE', message: 'A support case can be opened only when the unit is online and idle' });
    s.sim?.inject({ unitId: 'DRONE-0001', fault: { type: 'power', on: true } });
    expect(await snapshot()).toBe(before);

    const res = await create(partner, { deviceId: unit, action: 'sendLogs', reason: 'No video since 10:00', channelId: 'MMH-0001-CH1' });
    expect(res.statusCode, res.body).toBe(201);
    const action: RemoteAction = res.json();
    expect(action).toMatchObject({ action: 'sendLogs', status: 'running', reason: 'No video since 10:00' });
    // One record: the support case is the remote action.
    expect(await db().remoteAction.findUniqueOrThrow({ where: { id: action.id } })).toMatchObject({ action: 'fetchlogs', status: 'running' });
    await eventually(async () => ((await read(action.id)).status === 'done' ? true : null), 15_000);
    await until(() => seen(action.id).join() === 'running,done', 5000, 'the partner console sees the logs sent');
    await idle(unit);
    await idle('DRONE-0001');
  });

  it("lists the actions of the partner's inventories' units only, newest first, paged; another inventory's action is 404", async () => {
    const foreign: RemoteAction = (await create(superUser, { deviceId: 'LU800-0005', action: 'supportAccess' })).json();
    expect(foreign.inventoryIds).toEqual(['inv-metro']);
    expect((await call('GET', `/v2/remoteActions/${foreign.id}`, partner)).statusCode).toBe(404);
    expect((await call('GET', '/v2/remoteActions/no-such-action', partner)).statusCode).toBe(404);
    expect((await read(foreign.id, superUser)).id).toBe(foreign.id);
    const all: RemoteActionPage = (await call('GET', '/v2/remoteActions?limit=1000', partner)).json();
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(all.items.every((a) => a.inventoryIds.includes('inv-global'))).toBe(true);
    const times = all.items.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const page: RemoteActionPage = (await call('GET', '/v2/remoteActions?limit=2&offset=1', partner)).json();
    expect(page).toMatchObject({ total: all.total, offset: 1, limit: 2 });
    expect(page.items.map((a) => a.id)).toEqual(all.items.slice(1, 3).map((a) => a.id));
    const everything: RemoteActionPage = (await call('GET', '/v2/remoteActions?limit=1000', superUser)).json();
    expect(everything.items.some((a) => a.id === foreign.id)).toBe(true);
  });

  it('admits luc_contractor to the admin entity lists, read only and on its own inventories', async () => {
    const units: AdminUnitPage = (await call('GET', '/v2/admin/units?limit=1000', contractor)).json();
    expect(units.total).toBeGreaterThan(0);
    expect(units.items.some((u) => u.uniqueId === 'LU800-0005')).toBe(false);
    expect((await call('GET', '/v2/admin/inventories/inv-global/units', contractor)).statusCode).toBe(200);
    expect((await call('GET', '/v2/admin/inventories/inv-metro/units', contractor)).statusCode).toBe(404);
    const servers = await call('GET', '/v2/admin/inventories/inv-global/servers?type=mmh_server', contractor);
    expect(servers.statusCode).toBe(200);
    expect(servers.json().items.map((x: { id: string }) => x.id)).toContain('MMH-0001');
    expect((await call('GET', '/v2/admin/inventories/inv-metro/servers', contractor)).statusCode).toBe(404);
    const channels = (await call('GET', '/v2/admin/channels?limit=1000', contractor)).json();
    expect(channels.items.some((c: { channelId: string }) => c.channelId.startsWith('MMH-0002'))).toBe(false);
    const vr = (await call('GET', '/v2/admin/vrChannels?limit=1000', contractor)).json();
    expect(vr.items.map((v: { uniqueId: string }) => v.uniqueId)).not.toContain('VRC-0004');
    // Writes stay with the admins.
    expect((await call('DELETE', '/v2/admin/channels/MMH-0001-CH3', contractor)).statusCode).toBe(403);
  });

  it('lists databridge gateways of the caller’s inventories: search, sort, paging', async () => {
    await db().databridgeGateway.createMany({
      data: [
        { id: 'dbg-test-metro', name: 'DBG-Metro', host: 'metro.example.net', status: 'online', inventoryId: 'inv-metro' },
        { id: 'dbg-test-amsterdam', name: 'DBG-Amsterdam', host: 'ams.example.net', status: 'offline', inventoryId: 'inv-global' },
      ],
    });
    const mine: AdminDbGatewayPage = (await call('GET', '/v2/admin/dbGateways', contractor)).json();
    expect(mine.items.map((g) => g.name)).toEqual(['DBG-Amsterdam', 'DBG-Frankfurt']);
    expect(mine.items[1]).toMatchObject({ id: 'dbg-0001', inventoryId: 'inv-global', inventoryName: expect.any(String), unitCount: 1 });
    const desc: AdminDbGatewayPage = (await call('GET', '/v2/admin/dbGateways?sortDir=desc&limit=1', contractor)).json();
    expect(desc).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(desc.items.map((g) => g.name)).toEqual(['DBG-Frankfurt']);
    const searched: AdminDbGatewayPage = (await call('GET', '/v2/admin/dbGateways?searchKey=host&searchValue=AMS', contractor)).json();
    expect(searched.items.map((g) => g.id)).toEqual(['dbg-test-amsterdam']);
    const all: AdminDbGatewayPage = (await call('GET', '/v2/admin/dbGateways', superUser)).json();
    expect(all.items.map((g) => g.id)).toContain('dbg-test-metro');
    const bad = await call('GET', '/v2/admin/dbGateways?sortBy=password', contractor);
    expect(bad.statusCode).toBe(400);
  });
});
