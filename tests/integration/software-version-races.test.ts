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
 * round.
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
    s = await startTestStack({ provider, simulatorTimings: { ...FAST_TIMINGS, upgrade: FAST_UPGRADE }, simulatorServerTimings: FAST_SERVER_TIMINGS, env: { DEVICE_COMMAND_TIMEOUT_MS: '300' } });
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
      await eventually(async () => (await db.upgradeJob.count({ where: { deviceType: 'unit', deviceId: UNIT, state: { in: ['pending', 'upgrading'] } } })) === 0, 10_000);
    }
    expect(outcomes.deleted + outcomes.started).toBe(ROUNDS);
    // Counting a job on its version is not a change of the version.
    const kept = await db.softwareVersion.findFirst({ where: { number: { startsWith: '9.4.' } }, orderBy: { updatedAt: 'desc' } });
    if (kept) expect(kept.jobsStarted).toBeGreaterThan(0);
    if (kept) expect(kept.updatedAt.getTime()).toBe(kept.createdAt.getTime());
  }, 120_000);
});
