/**
 * A software version deleted while an upgrade to it starts (spec 001 §4 upgrade states; a version a
 * pending or upgrading job targets is kept — jobs name their target by number) on real SQLite and
 * PostgreSQL with the real simulator: in each round a unit's upgrade start to a new version and
 * that version's deletion are sent together. Exactly one of them may win: either the version is
 * deleted and the start refused (6802, not a released version) with no job, or the job exists and
 * the deletion is refused ("in use by a running upgrade") with the version kept — never a job
 * targeting a version that is gone, never a 500.
 *
 * The unit takes no command (an unresponsive device, `DEVICE_COMMAND_TIMEOUT_MS` short): an
 * accepted start's job stays pending while the deletion runs, then ends rejected before the next
 * round. A last case puts the deletion exactly between the check and the job, for a start and for
 * a batch line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import { FAST_TIMINGS, coreCall, eventually, providers, startTestStack, type Method, type TestStack } from '../support/stack.js';
import { FAST_SERVER_TIMINGS, FAST_UPGRADE, setServerVersion } from '../support/upgrades.js';

const ROUNDS = 32;
const UNIT = 'LU800-0004';

describe.each(providers())('software version deleted while an upgrade to it starts, on %s', (provider) => {
  let s: TestStack;
  let superUser: string;

  beforeAll(async () => {
    s = await startTestStack({
      provider,
      simulatorTimings: { ...FAST_TIMINGS, upgrade: FAST_UPGRADE },
      simulatorServerTimings: FAST_SERVER_TIMINGS,
      env: { DEVICE_COMMAND_TIMEOUT_MS: '300' },
    });
    superUser = await s.login('super_user');
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, payload?: unknown) => coreCall(s, method, url, superUser, payload);

  it('lets exactly one of the two win in every round', async () => {
    // The unit may go to any version at or below its server's (SLA, on a 10.1 server, idle).
    const { db, readModel, units, index } = s.app.services;
    await setServerVersion(s, 'MMH-0001', '10.1');
    await db.unit.update({ where: { id: UNIT }, data: { swVersion: '10.0', selectedChannelId: 'MMH-0001-CH1' } });
    await db.service.deleteMany({ where: { unitId: UNIT, serviceName: 'sla' } });
    await db.service.create({ data: { unitId: UNIT, serviceName: 'sla', serviceStatus: 'enabled' } });
    await readModel.units.refresh([UNIT]);
    await units.refreshUnit(UNIT);
    await eventually(async () => index.statusOf(UNIT) === 'idle', 10_000);
    const fault = s.sim?.inject({ unitId: UNIT, fault: { type: 'unresponsive', on: true } } as never);
    expect(fault?.applied, JSON.stringify(fault)).toBe(true);

    const outcomes = { deleted: 0, started: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const number = `9.4.${round}`;
      const created = await call('POST', '/v2/softwareVersions', { number, description: `race ${round}` });
      expect(created.statusCode, created.body).toBe(201);
      const id: string = created.json().id;
      // The deletion sent from 4 ms before to 3 ms after the start, so that the rounds cross the
      // moment where the start's check is done and its job not yet stored (where the two raced).
      const lag = (round % 8) - 4;
      const after = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
      const start = () => after(-lag).then(() => call('POST', `/v2/admin/units/${UNIT}/upgrade`, { targetVersion: number }));
      const remove = () => after(lag).then(() => call('DELETE', `/v2/softwareVersions/${id}`));
      const [started, deleted] = await Promise.all([start(), remove()]);
      const jobs = await db.upgradeJob.findMany({ where: { deviceType: 'unit', deviceId: UNIT, targetVersion: number } });
      const version = await db.softwareVersion.findUnique({ where: { id } });
      const what = `round ${round} (deletion ${lag} ms after the start): start ${started.statusCode} ${started.body.slice(0, 200)}; delete ${deleted.statusCode} ${deleted.body.slice(0, 200)}; jobs ${jobs.length}; version ${version ? 'kept' : 'gone'}`;
      // 503 only for an accepted start whose (unresponsive) device took no command.
      expect(started.statusCode === 503 || started.statusCode < 500, what).toBe(true);
      expect(deleted.statusCode, what).toBeLessThan(500);
      if (deleted.statusCode === 200) {
        // The deletion won: no job targets the version that is gone; the start was refused as for an unknown version.
        outcomes.deleted++;
        expect(version, what).toBeNull();
        expect(jobs, what).toEqual([]);
        expect(started.json().error?.code, what).toBe('UPGRADE_6802');
      } else {
        // The start won: its job exists (pending until the device's silence rejected it) and the version is kept.
        outcomes.started++;
        // In use (its job is open); a conflict only if the job already ended by the time the deletion looked again.
        const code: string = deleted.json().error?.code;
        expect(['SOFTWARE_VERSION_IN_USE', 'CONFLICT'], what).toContain(code);
        if (code === 'SOFTWARE_VERSION_IN_USE') expect(deleted.json().error?.message, what).toBe(ERROR_CATALOGUE.SOFTWARE_VERSION_IN_USE.message);
        expect(version, what).not.toBeNull();
        expect(jobs, what).toHaveLength(1);
        expect([201, 503], what).toContain(started.statusCode);
      }
      // The job (if any) ended before the next round: the unit is free again.
      await eventually(
        async () => (await db.upgradeJob.count({ where: { deviceType: 'unit', deviceId: UNIT, state: { in: ['pending', 'upgrading'] } } })) === 0,
        10_000,
      );
    }
    expect(outcomes.deleted + outcomes.started).toBe(ROUNDS);
    // Counting a job on its version is not a change of the version.
    const kept = await db.softwareVersion.findFirst({ where: { number: { startsWith: '9.4.' } }, orderBy: { updatedAt: 'desc' } });
    if (kept) expect(kept.jobsStarted).toBeGreaterThan(0);
    if (kept) expect(kept.updatedAt.getTime()).toBe(kept.createdAt.getTime());
  }, 120_000);

  it('refuses a start and a batch line whose version is deleted after their check, storing no pending job', async () => {
    // The deletion lands exactly between the rules' check and the job's transaction: deterministic
    // here by deleting the version as the check returns.
    const { db, upgrades } = s.app.services;
    const check = upgrades.check.bind(upgrades);
    upgrades.check = async (device, target, version) => {
      const result = await check(device, target, version);
      await db.softwareVersion.deleteMany({ where: { number: target } });
      return result;
    };
    try {
      const gone = (number: string) => `Version ${number} is not a released software version`;
      expect((await call('POST', '/v2/softwareVersions', { number: '9.5.1', description: 'gone' })).statusCode).toBe(201);
      const started = await call('POST', `/v2/admin/units/${UNIT}/upgrade`, { targetVersion: '9.5.1' });
      expect(started.statusCode, started.body).toBe(422);
      expect(started.json().error).toMatchObject({ code: 'UPGRADE_6802', fields: [{ path: 'body.targetVersion', message: gone('9.5.1') }] });
      expect(await db.upgradeJob.count({ where: { targetVersion: '9.5.1' } })).toBe(0);

      expect((await call('POST', '/v2/softwareVersions', { number: '9.5.2', description: 'gone' })).statusCode).toBe(201);
      const batch = await call('POST', '/v2/admin/upgradeBatches', { csv: `deviceId,targetVersion\n${UNIT},9.5.2\n` });
      expect(batch.statusCode, batch.body).toBe(201);
      const line = batch.json().rows[0];
      expect(line).toMatchObject({ deviceId: UNIT, accepted: false, errorCode: 'UPGRADE_6802', messages: [gone('9.5.2')], rules: ['unknownVersion'] });
      // The device's refusal is kept with the batch as rejected (6802), as any refusal by the rules.
      const jobs = await db.upgradeJob.findMany({ where: { targetVersion: '9.5.2' } });
      expect(jobs).toEqual([expect.objectContaining({ id: line.jobId, state: 'rejected', failureCode: 6802 })]);
    } finally {
      upgrades.check = check;
    }
  });
});
