/**
 * Batch upgrades (spec 001 §5 "Batch upgrade CSV: at most 500 devices", §9 "500 devices per batch",
 * §4 upgrade states) against the real core on real SQLite and PostgreSQL with the real simulator:
 * 501 lines refused whole and nothing stored; 500 lines accepted with a result per line (unknown
 * devices "not found", ineligible ones with their reasons, listed twice, a bad version), the
 * eligible ones run to their end in waves; the batch read and listed with its state and counts;
 * super users only; `upgradeBatch.changed` announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION, type UpgradeBatch, type UpgradeBatchCreated, type UpgradeBatchPage } from '@fleet/contracts';
import { buildApp } from '@fleet/core';
import { createDb } from '@fleet/db';
import { DEMO_PASSWORD, FAST_TIMINGS, eventually, providers, startTestStack, type TestStack, recordPublished, type Published } from '../support/stack.js';
import { FAST_SERVER_TIMINGS, FAST_UPGRADE, setServerVersion } from '../support/upgrades.js';

type Method = 'GET' | 'POST';
type Res = { statusCode: number; body: string; json(): any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes, read per call

describe.each(providers())('batch upgrades on %s', (provider) => {
  let s: TestStack;
  let admin: string;
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: { ...FAST_TIMINGS, upgrade: FAST_UPGRADE }, simulatorServerTimings: FAST_SERVER_TIMINGS });
    [admin, superUser] = await Promise.all([s.login('luc_admin'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown): Promise<Res> =>
    s.app.inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => s.app.services.db;
  const stored = async () =>
    JSON.stringify([await db().upgradeBatch.findMany({ orderBy: { id: 'asc' } }), await db().upgradeJob.findMany({ orderBy: { id: 'asc' } })]);
  const post = (csv: string, cookie = superUser) => call('POST', '/v2/admin/upgradeBatches', cookie, { csv, name: 'Night run' });
  const csvOf = (lines: string[]) => ['deviceId,targetVersion', ...lines].join('\n');
  const unknownLines = (n: number) => Array.from({ length: n }, (_, i) => `NOSUCH-${String(i).padStart(4, '0')},10.1`);

  const setServer = (id: string, swVersion: string) => setServerVersion(s, id, swVersion);

  it('is for super users only (401 without a session, 403 for an admin), changing nothing', async () => {
    const before = await stored();
    expect((await call('POST', '/v2/admin/upgradeBatches', undefined, { csv: csvOf(['VRS-0001,10.1']) })).statusCode).toBe(401);
    expect((await post(csvOf(['VRS-0001,10.1']), admin)).statusCode).toBe(403);
    expect((await call('GET', '/v2/admin/upgradeBatches', admin)).statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('refuses 501 devices whole with the spec message, a CSV without its header or lines, storing nothing', async () => {
    const before = await stored();
    const many = await post(csvOf(unknownLines(LIMITS.batchUpgradeMaxDevices + 1)));
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields).toEqual([{ path: 'body.csv', message: VALIDATION.batchUpgradeMaxDevices }]);
    const header = await post('VRS-0001,10.1\n');
    expect(header.json().error.fields).toEqual([{ path: 'body.csv', message: VALIDATION.batchUpgradeCsvHeader }]);
    const empty = await post('deviceId,targetVersion\n\n');
    expect(empty.json().error.fields).toEqual([{ path: 'body.csv', message: VALIDATION.noItems }]);
    const missing = await call('POST', '/v2/admin/upgradeBatches', superUser, {});
    expect(missing.json().error.fields).toEqual([{ path: 'body.csv', message: VALIDATION.required }]);
    expect(await stored()).toBe(before);
  });

  it('takes 500 lines with a result each; the eligible devices run to their end, the batch follows its jobs', async () => {
    await setServer('VRS-0001', '10.0');
    await setServer('ING-0001', '8.0');
    await setServer('MMH-0002', '10.0');
    const lines = [
      'VRS-0001,10.1', // eligible
      'MMH-0002,10.1.0', // eligible (another organisation's: a super user acts on all), the version spelt with its patch
      'ING-0001,10.1', // 8.x needs 10.0 before 10.1
      'VRS-0001,10.1', // listed twice
      'TRX-0001,ten', // not a version
      ...unknownLines(495),
    ];
    expect(lines).toHaveLength(LIMITS.batchUpgradeMaxDevices);
    const res = await post(csvOf(lines));
    expect(res.statusCode, res.body).toBe(201);
    const created: UpgradeBatchCreated = res.json();
    expect(created.rows).toHaveLength(500);
    const row = (line: number) => created.rows.find((r) => r.line === line)!;
    expect(row(2)).toMatchObject({ deviceId: 'VRS-0001', deviceType: 'server', accepted: true, errorCode: null, messages: [] });
    expect(row(3)).toMatchObject({ deviceId: 'MMH-0002', accepted: true, targetVersion: '10.1' });
    expect(row(4)).toMatchObject({ deviceId: 'ING-0001', accepted: false, errorCode: 'UPGRADE_6802' });
    expect(row(4).messages[0]).toMatch(/10\.0 before 10\.1/);
    // Each message names the rule it comes from (what a console translates); a line's own problem has none.
    expect(row(4).rules).toHaveLength(row(4).messages.length);
    expect(row(4).rules[0]).toBe('serverNeeds10_0');
    expect(row(5).rules).toEqual([null]);
    expect(row(5)).toMatchObject({ accepted: false, messages: [VALIDATION.batchUpgradeDuplicateDevice], jobId: null });
    expect(row(6)).toMatchObject({ deviceId: 'TRX-0001', accepted: false, messages: [VALIDATION.mustMatchPattern] });
    expect(row(7)).toMatchObject({
      deviceId: 'NOSUCH-0000',
      deviceType: null,
      accepted: false,
      errorCode: 'NOT_FOUND',
      messages: [VALIDATION.batchUpgradeDeviceNotFound],
      jobId: null,
    });
    expect(created.rows.filter((r) => r.accepted)).toHaveLength(2);
    // Jobs: the two accepted ones, and the rules' refusal of a known device kept as rejected (6802); not the unsound lines.
    expect(created.counts.total).toBe(3);
    expect(created.jobs.find((j) => j.deviceId === 'ING-0001')).toMatchObject({ state: 'rejected', failureCode: 6802 });

    const done = await eventually(async () => {
      const b: UpgradeBatch = (await call('GET', `/v2/admin/upgradeBatches/${created.id}`, superUser)).json();
      return b.state === 'completed' ? b : null;
    }, 20_000);
    expect(done.counts).toMatchObject({ total: 3, succeeded: 2, rejected: 1, pending: 0, upgrading: 0 });
    expect(
      done.jobs
        .filter((j) => j.state === 'succeeded')
        .map((j) => j.deviceId)
        .sort(),
    ).toEqual(['MMH-0002', 'VRS-0001']);
    expect((await db().server.findUniqueOrThrow({ where: { id: 'VRS-0001' } })).swVersion).toBe('10.1');

    const list: UpgradeBatchPage = (await call('GET', '/v2/admin/upgradeBatches', superUser)).json();
    expect(list.items[0]).toMatchObject({ id: created.id, name: 'Night run', state: 'completed', targetVersions: ['10.1'] });
    const events = () => published.filter((p) => p.event.type === 'upgradeBatch.changed' && p.event.batch.id === created.id);
    // The list of another console follows: the batch announced running, then completed.
    await eventually(async () =>
      events().some((p) => p.event.type === 'upgradeBatch.changed' && p.event.batch.state === 'completed' && p.event.batch.counts.succeeded === 2),
    );
    expect(events().some((p) => p.event.type === 'upgradeBatch.changed' && p.event.batch.state === 'running')).toBe(true);
    expect(events()[0]!.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'inventory:inv-metro']));
  });

  it("serves every line's result with the batch, also from a core started again on the same database", async () => {
    await setServer('ING-0001', '8.0');
    const res = await post(csvOf(['ING-0001,10.1', 'NOSUCH-9999,10.1', 'TRX-0001,ten', 'ING-0001,10.1']));
    expect(res.statusCode, res.body).toBe(201);
    const created: UpgradeBatchCreated = res.json();
    expect(created.rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    const read: UpgradeBatch = (await call('GET', `/v2/admin/upgradeBatches/${created.id}`, superUser)).json();
    expect(read.rows).toEqual(created.rows);
    // The refused lines and why, as the batch page shows them after a reload or a restart.
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'super_user', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const later: UpgradeBatch = (await again.inject({ method: 'GET', url: `/api/v2/admin/upgradeBatches/${created.id}`, headers: { cookie } })).json();
      expect(later.rows).toEqual(created.rows);
      expect(later.rows.find((r) => r.line === 2)).toMatchObject({
        deviceId: 'ING-0001',
        accepted: false,
        errorCode: 'UPGRADE_6802',
        rules: ['serverNeeds10_0'],
      });
      expect(later.rows.find((r) => r.line === 3)).toMatchObject({
        accepted: false,
        errorCode: 'NOT_FOUND',
        messages: [VALIDATION.batchUpgradeDeviceNotFound],
        rules: [null],
      });
      expect(later.rows.find((r) => r.line === 4)).toMatchObject({ accepted: false, messages: [VALIDATION.mustMatchPattern] });
      expect(later.rows.find((r) => r.line === 5)).toMatchObject({ accepted: false, messages: [VALIDATION.batchUpgradeDuplicateDevice] });
    } finally {
      await again.close();
      await handle.close();
    }
  });

  it('answers 404 for an unknown batch', async () => {
    expect((await call('GET', '/v2/admin/upgradeBatches/ubt-no-such', superUser)).statusCode).toBe(404);
  });
});
