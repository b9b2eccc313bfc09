/**
 * Software upgrades of units and servers (spec 001 §4 pending, upgrading, succeeded, failed,
 * rejected; §5 upgrade rules; §8 upgrade codes) against the real core on real SQLite and
 * PostgreSQL with the real simulator: the candidates of the caller's scope, the versions a device
 * may go to, eligibility with every reason and warning, starts of a server and of a unit run by the
 * simulated device to success or to a failure code, the history; roles, scope (unknown and foreign
 * 404), the spec's validation messages, refused starts changing nothing, and `upgrade.changed`.
 * The unit rules alone are tested beside the upgrade service (apps/core/src/modules/upgrades/upgrades.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPGRADE_FAILURE_TEXTS,
  VALIDATION,
  inventoryTopic,
  type UpgradeCandidatePage,
  type UpgradeEligibility,
  type UpgradeJob,
  type UpgradeJobPage,
  type UpgradeTargets,
} from '@fleet/contracts';
import { FAST_TIMINGS, eventually, providers, startTestStack, type TestStack, recordPublished, type Published } from '../support/stack.js';
import { connect, until, type Received } from './realtime-client.js';
import { FAST_SERVER_TIMINGS, FAST_UPGRADE, setServerVersion } from '../support/upgrades.js';
import { storeUnitFacts, type UnitFacts } from '../../apps/core/src/testing/unit-facts.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Res = { statusCode: number; body: string; json(): any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes, read per call

describe.each(providers())('software upgrades on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inv-global
  let regular: string;
  let read: string;
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: { ...FAST_TIMINGS, upgrade: FAST_UPGRADE }, simulatorServerTimings: FAST_SERVER_TIMINGS });
    [admin, regular, read, superUser] = await Promise.all([s.login('luc_admin'), s.login('luc_regular'), s.login('luc_read'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown): Promise<Res> =>
    s.app.inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => s.app.services.db;
  const jobsSnapshot = async () => JSON.stringify(await db().upgradeJob.findMany({ orderBy: { id: 'asc' } }));
  const start = (type: 'units' | 'servers', id: string, targetVersion: unknown, cookie = admin) =>
    call('POST', `/v2/admin/${type}/${id}/upgrade`, cookie, { targetVersion });
  const eligibility = async (type: 'units' | 'servers', id: string, target: string, cookie = admin): Promise<UpgradeEligibility> =>
    (await call('GET', `/v2/${type}/${id}/upgrade/eligibility?targetVersion=${target}`, cookie)).json();
  const job = async (id: string): Promise<UpgradeJob> => (await call('GET', `/v2/upgrades/${id}`, superUser)).json();
  const ended = (id: string, timeoutMs = 15_000) =>
    eventually(async () => {
      const j = await job(id);
      return j.state !== 'pending' && j.state !== 'upgrading' ? j : null;
    }, timeoutMs);

  const setServer = (id: string, swVersion: string) => setServerVersion(s, id, swVersion);
  /** The unit's version (and SLA service) as stored; the core's read model refreshed. */
  async function setUnit(id: string, data: UnitFacts): Promise<void> {
    await storeUnitFacts(db(), id, data);
    await s.app.services.readModel.units.refresh([id]);
    await s.app.services.units.refreshUnit(id);
  }
  const serverFault = (serverId: string, fault: Record<string, unknown>) => {
    const r = s.sim?.inject({ serverId, fault } as never);
    expect(r?.applied, JSON.stringify(r)).toBe(true);
  };
  const unitFault = (unitId: string, fault: Record<string, unknown>) => {
    const r = s.sim?.inject({ unitId, fault } as never);
    expect(r?.applied, JSON.stringify(r)).toBe(true);
  };
  const serverStatus = (id: string, status: string) =>
    eventually(async () => s.app.services.readModel.servers.get(id)?.status === status && s.app.services.servers.liveStatus(id) === status, 10_000);

  it('answers 401 without a session, 403 to roles that may not start, and 404 for unknown and foreign devices, changing nothing', async () => {
    const before = await jobsSnapshot();
    expect((await call('GET', '/v2/upgrades/candidates', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/v2/admin/servers/VRS-0001/upgrade', undefined, { targetVersion: '10.1' })).statusCode).toBe(401);
    for (const cookie of [regular, read]) {
      expect((await start('servers', 'VRS-0001', '10.1', cookie)).statusCode).toBe(403);
      expect((await start('units', 'LU800-0001', '10.1', cookie)).statusCode).toBe(403);
    }
    // Reads are for every console role; a read-only user reads.
    expect((await call('GET', '/v2/servers/VRS-0001/upgrade/targets', read)).statusCode).toBe(200);
    // Metro-TV's devices are foreign to the admin: 404 as unknown ones.
    for (const [type, id] of [
      ['servers', 'MMH-0002'],
      ['units', 'LU800-0005'],
      ['servers', 'NO-SUCH'],
      ['units', 'NO-SUCH'],
    ] as const) {
      expect((await start(type, id, '10.1')).statusCode, `${type}/${id}`).toBe(404);
      expect((await call('GET', `/v2/${type}/${id}/upgrade/targets`, admin)).statusCode, `${type}/${id}`).toBe(404);
      expect((await call('GET', `/v2/${type}/${id}/upgrades`, admin)).statusCode, `${type}/${id}`).toBe(404);
      expect((await call('GET', `/v2/${type}/${id}/upgrade/eligibility?targetVersion=10.1`, admin)).statusCode, `${type}/${id}`).toBe(404);
    }
    expect((await call('GET', '/v2/upgrades/upj-no-such', admin)).statusCode).toBe(404);
    expect(await jobsSnapshot()).toBe(before);
  });

  it("validates the target version with the spec's messages, changing nothing", async () => {
    const before = await jobsSnapshot();
    const pattern = await start('servers', 'VRS-0001', 'ten');
    expect(pattern.statusCode).toBe(400);
    expect(pattern.json().error.fields).toEqual([{ path: 'body.targetVersion', message: VALIDATION.mustMatchPattern }]);
    const missing = await call('POST', '/v2/admin/servers/VRS-0001/upgrade', admin, {});
    expect(missing.json().error.fields).toEqual([{ path: 'body.targetVersion', message: VALIDATION.required }]);
    const query = await call('GET', '/v2/servers/VRS-0001/upgrade/eligibility', admin);
    expect(query.statusCode).toBe(400);
    expect(await jobsSnapshot()).toBe(before);
  });

  it("lists the caller's units and servers with version, status and job; filters and searches", async () => {
    const page: UpgradeCandidatePage = (await call('GET', '/v2/upgrades/candidates?limit=1000', admin)).json();
    const ids = page.items.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['MMH-0001', 'VRS-0001', 'LU800-0001']));
    expect(ids).not.toContain('MMH-0002');
    expect(ids).not.toContain('LU800-0005');
    expect(page.total).toBe(page.items.length);
    const hub = page.items.find((c) => c.id === 'MMH-0001')!;
    expect(hub).toMatchObject({ deviceType: 'server', kind: 'mmh_server', inventories: [{ id: 'inv-global' }] });
    const servers: UpgradeCandidatePage = (await call('GET', '/v2/upgrades/candidates?deviceType=server', superUser)).json();
    expect(servers.items.every((c) => c.deviceType === 'server')).toBe(true);
    expect(servers.items.map((c) => c.id)).toContain('MMH-0002');
    const found: UpgradeCandidatePage = (await call('GET', '/v2/upgrades/candidates?searchKey=id&searchValue=vrs-0001', admin)).json();
    expect(found.items.map((c) => c.id)).toEqual(['VRS-0001']);
  });

  it('upgrades a server through its device: pending, upgrading with progress, succeeded with the new version, announced live', async () => {
    await setServer('VRS-0001', '10.0');
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const ws = await connect(base, { cookie: superUser });
    await ws.next((m) => m.op === 'hello');
    ws.send({ op: 'subscribe', topics: [inventoryTopic('inv-global')] });
    await ws.next((m) => m.op === 'subscribed');

    const targets: UpgradeTargets = (await call('GET', '/v2/servers/VRS-0001/upgrade/targets', admin)).json();
    expect(targets.currentVersion).toBe('10.0');
    // Released (not deprecated) versions available to the server's inventory, newest first.
    expect(targets.targets.map((t) => t.number).slice(0, 2)).toEqual(['10.1', '10.0']);
    expect(targets.targets.map((t) => t.number)).not.toContain('3.5');
    expect(targets.targets.find((t) => t.number === '10.1')).toMatchObject({ eligible: true, reasons: [] });

    const res = await start('servers', 'VRS-0001', '10.1');
    expect(res.statusCode, res.body).toBe(201);
    const pending: UpgradeJob = res.json();
    expect(pending).toMatchObject({ deviceType: 'server', deviceId: 'VRS-0001', fromVersion: '10.0', targetVersion: '10.1', failureCode: null });
    expect(['pending', 'upgrading']).toContain(pending.state);
    // A second start while it runs is refused (6808 for a server), with the reason.
    const again = await start('servers', 'VRS-0001', '10.1');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'UPGRADE_6808', deviceCode: 6808 });

    const done = await ended(pending.id);
    expect(done).toMatchObject({ state: 'succeeded', progress: 100, failureCode: null, failureText: null });
    await eventually(async () => (await db().server.findUniqueOrThrow({ where: { id: 'VRS-0001' } })).swVersion === '10.1');
    const states = published.filter((p) => p.event.type === 'upgrade.changed' && p.event.job.id === pending.id);
    expect(states.map((p) => (p.event.type === 'upgrade.changed' ? p.event.job.state : null))).toEqual(
      expect.arrayContaining(['pending', 'upgrading', 'succeeded']),
    );
    expect(states[0]!.topics).toContain(inventoryTopic('inv-global'));
    // The console of another session sees it over /ws.
    const seen = (m: Received) => m.event.type === 'upgrade.changed' && m.event.job.id === pending.id && m.event.job.state === 'succeeded';
    await until(() => ws.events.some(seen), 5000, 'upgrade.changed over /ws');
    ws.ws.close();

    const history: UpgradeJobPage = (await call('GET', '/v2/servers/VRS-0001/upgrades', read)).json();
    expect(history.items[0]).toMatchObject({ id: pending.id, state: 'succeeded' });
    const candidates: UpgradeCandidatePage = (await call('GET', '/v2/upgrades/candidates?searchKey=id&searchValue=VRS-0001', admin)).json();
    expect(candidates.items[0]).toMatchObject({ currentVersion: '10.1', job: { id: pending.id, state: 'succeeded' } });
  });

  it('ends a server upgrade failed with the code the device reports, and its text', async () => {
    // Not the server the last test upgraded (its reports of the new version may still be on their way).
    await setServer('ING-0001', '10.0');
    serverFault('ING-0001', { type: 'serverUpgradeOutcome', code: 107 });
    const res = await start('servers', 'ING-0001', '10.1');
    expect(res.statusCode, res.body).toBe(201);
    const done = await ended(res.json().id);
    expect(done).toMatchObject({ state: 'failed', failureCode: 107, failureText: UPGRADE_FAILURE_TEXTS[107] });
    expect((await db().server.findUniqueOrThrow({ where: { id: 'ING-0001' } })).swVersion).toBe('10.0');
  });

  it('refuses a server start by each server rule with its code and every reason, changing nothing', async () => {
    await serverStatus('VRS-0001', 'online');
    const before = await jobsSnapshot();
    // 8.x needs 10.0 before 10.1.
    await setServer('VRS-0001', '8.0');
    const step = await start('servers', 'VRS-0001', '10.1');
    expect(step.statusCode).toBe(422);
    expect(step.json().error).toMatchObject({ code: 'UPGRADE_6802', deviceCode: 6802 });
    expect(step.json().error.fields[0].message).toMatch(/10\.0 before 10\.1/);
    expect((await eligibility('servers', 'VRS-0001', '10.0')).eligible).toBe(true);
    // Unknown and deprecated versions: 6802.
    expect((await start('servers', 'VRS-0001', '9.9')).json().error.code).toBe('UPGRADE_6802');
    await setServer('VRS-0001', '10.0');
    const deprecated = await eligibility('servers', 'VRS-0001', '6.0');
    expect(deprecated.reasons.map((r) => r.rule)).toContain('unknownVersion');
    // Busy: 6808; offline: 6199.
    serverFault('VRS-0001', { type: 'serverBusy', busy: true });
    await serverStatus('VRS-0001', 'busy');
    const busy = await start('servers', 'VRS-0001', '10.1');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'UPGRADE_6808', message: 'Server busy' });
    serverFault('VRS-0001', { type: 'serverBusy', busy: false });
    serverFault('VRS-0001', { type: 'serverPower', on: false });
    await serverStatus('VRS-0001', 'offline');
    const offline = await start('servers', 'VRS-0001', '10.1');
    expect(offline.json().error).toMatchObject({ code: 'UPGRADE_6199', message: 'Server offline' });
    serverFault('VRS-0001', { type: 'serverPower', on: true });
    await serverStatus('VRS-0001', 'online');
    // A transceiver busy (or with an encoder input) has its own code.
    await setServer('TRX-0001', '10.0');
    serverFault('TRX-0001', { type: 'serverBusy', busy: true });
    await serverStatus('TRX-0001', 'busy');
    const trx = await start('servers', 'TRX-0001', '10.1', superUser);
    expect(trx.json().error.code).toBe('TRANSCEIVER_BUSY');
    serverFault('TRX-0001', { type: 'serverBusy', busy: false });
    await serverStatus('TRX-0001', 'online');
    // …or receives from an encoder now.
    await db().channel.update({ where: { id: 'TRX-0001-CH1' }, data: { inputKind: 'encoder' } });
    await s.app.services.readModel.channels.refresh(['TRX-0001-CH1']);
    serverFault('TRX-0001', { type: 'channelStatus', channelId: 'TRX-0001-CH1', status: 'collecting' });
    await eventually(async () => s.app.services.servers.channelStatus('TRX-0001-CH1') === 'collecting', 10_000);
    const encoder = await eligibility('servers', 'TRX-0001', '10.0', superUser);
    expect(encoder.reasons.map((r) => r.errorCode)).toEqual(['TRANSCEIVER_BUSY']);
    serverFault('TRX-0001', { type: 'channelStatus', channelId: 'TRX-0001-CH1', status: 'idle' });
    // Nothing at 5.1 or below.
    await setServer('ING-0001', '5.1');
    const old = await eligibility('servers', 'ING-0001', '6.5');
    expect(old.reasons.map((r) => r.rule)).toContain('versionTooOld');
    expect(await jobsSnapshot()).toBe(before);
  });

  // The unit rules (SLA, server first, 600-series H.264, hardware, 5.1 or below, the warnings), a version found
  // whichever way it is spelt and the admin target software version on the same rules are tested on the upgrade
  // service alone: apps/core/src/modules/upgrades/upgrades.test.ts.
  it('upgrades a unit through its device to the new version, and ends a failed one with its code', async () => {
    await setServer('MMH-0001', '10.1');
    await setUnit('LU800-0003', { swVersion: '10.0', sla: true });
    await eventually(async () => s.app.services.index.statusOf('LU800-0003') === 'idle', 10_000);
    const res = await start('units', 'LU800-0003', '10.1');
    expect(res.statusCode, res.body).toBe(201);
    const done = await ended(res.json().id);
    expect(done).toMatchObject({ state: 'succeeded', progress: 100 });
    expect((await db().unit.findUniqueOrThrow({ where: { id: 'LU800-0003' } })).swVersion).toBe('10.1');

    // The unit reboots into it; the next one fails with 101 (install failed).
    await eventually(
      async () => s.app.services.index.statusOf('LU800-0003') === 'idle' && Object.keys(s.app.services.index.applicationsOf('LU800-0003')).length === 0,
      10_000,
    );
    unitFault('LU800-0003', { type: 'upgradeOutcome', code: 101 });
    const second = await start('units', 'LU800-0003', '10.0');
    expect(second.statusCode, second.body).toBe(201);
    const failed = await ended(second.json().id);
    expect(failed).toMatchObject({ state: 'failed', failureCode: 101, failureText: UPGRADE_FAILURE_TEXTS[101] });
    const history: UpgradeJobPage = (await call('GET', '/v2/units/LU800-0003/upgrades', regular)).json();
    expect(history.items.slice(0, 2).map((j) => j.state)).toEqual(['failed', 'succeeded']);
  });

  it('refuses a start on a unit that is busy or offline (it could not take the command), changing nothing', async () => {
    await setServer('MMH-0001', '10.1');
    await setUnit('LU800-0002', { swVersion: '10.0', sla: true });
    const before = await jobsSnapshot();
    unitFault('LU800-0002', { type: 'stream', start: true });
    await eventually(async () => s.app.services.index.statusOf('LU800-0002') === 'streaming', 10_000);
    const busy = await start('units', 'LU800-0002', '10.1');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('UNIT_BUSY');
    expect((await eligibility('units', 'LU800-0002', '10.1')).reasons.map((r) => r.rule)).toEqual(['unitBusy']);
    unitFault('LU800-0002', { type: 'stream', start: false });
    unitFault('LU800-0002', { type: 'power', on: false });
    await eventually(async () => s.app.services.index.statusOf('LU800-0002') === 'offline', 10_000);
    expect((await start('units', 'LU800-0002', '10.1')).json().error.code).toBe('UNIT_OFFLINE');
    expect((await eligibility('units', 'LU800-0002', '10.1')).reasons.map((r) => r.rule)).toEqual(['unitOffline']);
    unitFault('LU800-0002', { type: 'power', on: true });
    await eventually(async () => s.app.services.index.statusOf('LU800-0002') === 'idle', 10_000);
    expect(await jobsSnapshot()).toBe(before);
  });
});
