/**
 * Upgrades a core process left open (spec 001 §4: pending → upgrading → succeeded / failed /
 * rejected; §8 -1 "generic, reboot server") on real SQLite and PostgreSQL with the real simulator:
 * the first core stops; a batch's jobs still pending (their commands never sent), a single start
 * still pending and runs still upgrading are in storage; a new core started on that database with
 * a new simulator sends the pending commands once the devices report in — the jobs run to success
 * and the devices to their new version, the batch completes — ends the runs of servers that report
 * in without one by the version they run (the target: succeeded; else failed -1), and a unit's run
 * its device knows nothing of failed with -1 once it stayed silent for UPGRADE_RESUME_TIMEOUT_MS,
 * all announced with `upgrade.changed`. A job whose device is gone ends at once; with several instances
 * (Redis) one without the device's shard leaves its jobs alone.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UPGRADE_FAILURE_TEXTS, type UpgradeBatch, type UpgradeJob } from '@fleet/contracts';
import { buildApp, TestClock } from '@fleet/core';
import { createDb, type DbHandle } from '@fleet/db';
import { startSimulator } from '@fleet/stack';
import type { Engine } from '@fleet/simulator';
import { DEMO_PASSWORD, FAST_TIMINGS, eventually, providers, recordPublished, startTestStack, type Published, type TestStack } from '../support/stack.js';
import { FAST_SERVER_TIMINGS, FAST_UPGRADE, setServerVersion } from '../support/upgrades.js';

const redis = process.env.REDIS_URL_TEST;

/** The production deadline (env.ts): the tests step the cores' clock over it. */
const RESUME_TIMEOUT_MS = 120_000;
/** How often a core looks at the jobs left open (modules/upgrades/upgrades.ts). */
const RESUME_SWEEP_MS = 500;

describe.each(providers())('upgrades left open by a stopped core, on %s', (provider) => {
  let s: TestStack;
  let handle: DbHandle | null = null;
  let again: FastifyInstance | null = null;
  let sim: Engine | null = null;
  const published: Published[] = [];
  /** The clock of the cores started again on the database (the first one runs on the wall clock). */
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: { ...FAST_TIMINGS, upgrade: FAST_UPGRADE }, simulatorServerTimings: FAST_SERVER_TIMINGS });
  });
  afterAll(async () => {
    sim?.stop();
    await again?.close();
    await handle?.close();
    await s?.close();
  });

  it('sends the pending commands once the devices report in, ends the runs by what the devices report, a silent one failed with -1', async () => {
    // Devices at versions they may leave: two servers to 10.1, a unit (SLA, on a 10.1 server) to 10.1.
    await setServerVersion(s, 'VRS-0001', '10.0');
    await setServerVersion(s, 'MMH-0002', '10.0');
    await setServerVersion(s, 'MMH-0001', '10.1');
    const db = s.app.services.db;
    await db.unit.update({ where: { id: 'LU800-0003' }, data: { swVersion: '10.0', selectedChannelId: 'MMH-0001-CH1' } });
    await db.service.deleteMany({ where: { unitId: 'LU800-0003', serviceName: 'sla' } });
    await db.service.create({ data: { unitId: 'LU800-0003', serviceName: 'sla', serviceStatus: 'enabled' } });

    // The first core stops; what it left open is in storage: a batch whose commands never went
    // out, a single start, and a run its device was in the middle of.
    s.sim?.stop();
    await s.app.close();
    const requester = (await db.user.findFirstOrThrow({ where: { username: 'super_user' } })).id;
    const batch = await db.upgradeBatch.create({ data: { name: 'Cut short', targetVersion: '10.1', requestedById: requester } });
    const pending = (deviceType: 'unit' | 'server', deviceId: string, batchId: string | null) =>
      db.upgradeJob.create({ data: { deviceType, deviceId, fromVersion: '10.0', targetVersion: '10.1', state: 'pending', batchId, requestedById: requester } });
    const inBatch = [await pending('server', 'VRS-0001', batch.id), await pending('server', 'MMH-0002', batch.id)];
    const single = await pending('unit', 'LU800-0003', null);
    const upgrading = (deviceType: 'unit' | 'server', deviceId: string, fromVersion: string, targetVersion: string) =>
      db.upgradeJob.create({
        data: { deviceType, deviceId, fromVersion, targetVersion, state: 'upgrading', progress: 40, startedAt: new Date(), requestedById: requester },
      });
    // A server that runs no upgrade on its old version, one that runs the target already (its end
    // was never recorded), and a unit (whose reports do not name its version) that stays silent.
    const cut = await upgrading('server', 'ING-0001', '8.0', '10.0');
    const done = await upgrading('server', 'MMH-0001', '10.0', '10.1');
    const silent = await upgrading('unit', 'LU800-0002', '10.0', '10.1');

    // A new core on that database, with a new simulator (its devices know of no upgrade).
    handle = await createDb({ url: s.url });
    again = await buildApp({ config: { ...s.config, UPGRADE_RESUME_TIMEOUT_MS: RESUME_TIMEOUT_MS }, db: handle.prisma, logger: false, clock });
    recordPublished(again, published);
    const startedAt = clock.now();
    sim = startSimulator(again, { seed: 1, timings: { ...FAST_TIMINGS, upgrade: FAST_UPGRADE }, serverTimings: FAST_SERVER_TIMINGS });
    const app = again;
    const login = await app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'super_user', password: DEMO_PASSWORD } });
    const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
    const job = async (id: string): Promise<UpgradeJob> => (await app.inject({ method: 'GET', url: `/api/v2/upgrades/${id}`, headers: { cookie } })).json();
    const ended = (id: string) =>
      eventually(async () => {
        const j = await job(id);
        return j.state !== 'pending' && j.state !== 'upgrading' ? j : null;
      }, 30_000);

    // The pending jobs run through their devices to success, well before the deadline.
    for (const j of [...inBatch, single]) {
      const done = await ended(j.id);
      expect(done, j.deviceId).toMatchObject({ state: 'succeeded', progress: 100, failureCode: null });
    }
    expect(clock.now() - startedAt).toBeLessThan(RESUME_TIMEOUT_MS);
    expect((await handle.prisma.server.findUniqueOrThrow({ where: { id: 'VRS-0001' } })).swVersion).toBe('10.1');
    expect((await handle.prisma.server.findUniqueOrThrow({ where: { id: 'MMH-0002' } })).swVersion).toBe('10.1');
    expect((await handle.prisma.unit.findUniqueOrThrow({ where: { id: 'LU800-0003' } })).swVersion).toBe('10.1');
    const read: UpgradeBatch = (await app.inject({ method: 'GET', url: `/api/v2/admin/upgradeBatches/${batch.id}`, headers: { cookie } })).json();
    expect(read).toMatchObject({ state: 'completed', counts: { total: 2, succeeded: 2, pending: 0, upgrading: 0 } });

    // The servers' runs end as soon as they report in: by the version they run.
    const failed = await ended(cut.id);
    expect(failed).toMatchObject({ state: 'failed', failureCode: -1, failureText: UPGRADE_FAILURE_TEXTS[-1] });
    expect(new Date(failed.finishedAt!).getTime() - startedAt).toBeLessThan(RESUME_TIMEOUT_MS);
    expect(await ended(done.id)).toMatchObject({ state: 'succeeded', progress: 100, failureCode: null });
    // The unit's run its device knows nothing of: failed with -1 once silent for the timeout, not before.
    expect(await job(silent.id)).toMatchObject({ state: 'upgrading', failureCode: null });
    await clock.advance(RESUME_TIMEOUT_MS);
    const timedOut = await ended(silent.id);
    expect(timedOut).toMatchObject({ state: 'failed', failureCode: -1, failureText: UPGRADE_FAILURE_TEXTS[-1] });
    expect(new Date(timedOut.finishedAt!).getTime() - startedAt).toBeGreaterThanOrEqual(RESUME_TIMEOUT_MS);

    // Each change announced on the devices' topics, as any upgrade's (just after it is stored).
    const states = (id: string) => published.flatMap((p) => (p.event.type === 'upgrade.changed' && p.event.job.id === id ? [p.event.job.state] : []));
    await eventually(async () => [...inBatch, single, cut, done, silent].every((j) => states(j.id).some((st) => st !== 'pending' && st !== 'upgrading')));
    for (const j of [...inBatch, single]) expect(states(j.id), j.deviceId).toEqual(expect.arrayContaining(['upgrading', 'succeeded']));
    expect(states(cut.id)).toEqual(['failed']);
    expect(states(done.id)).toEqual(['succeeded']);
    expect(states(silent.id)).toEqual(['failed']);
    await eventually(async () =>
      published.some((p) => p.event.type === 'upgradeBatch.changed' && p.event.batch.id === batch.id && p.event.batch.state === 'completed'),
    );
  }, 90_000);

  it('ends at once the left-open jobs of a device that no longer exists, and leaves finished jobs alone', async () => {
    const db = handle!.prisma;
    const gone = await db.upgradeJob.create({
      data: { deviceType: 'server', deviceId: 'NO-SUCH-SERVER', fromVersion: '10.0', targetVersion: '10.1', state: 'pending' },
    });
    const goneRun = await db.upgradeJob.create({
      data: { deviceType: 'unit', deviceId: 'NO-SUCH-UNIT', fromVersion: '10.0', targetVersion: '10.1', state: 'upgrading' },
    });
    const finished = await db.upgradeJob.create({
      data: { deviceType: 'server', deviceId: 'VRS-0001', fromVersion: '10.0', targetVersion: '10.1', state: 'succeeded', progress: 100 },
    });
    const third = await buildApp({ config: s.config, db, logger: false, clock });
    try {
      // Its first sweep ends them.
      await clock.advance(RESUME_SWEEP_MS);
      await third.services.upgrades.settle();
      expect(await db.upgradeJob.findUniqueOrThrow({ where: { id: gone.id } })).toMatchObject({ state: 'rejected', failureCode: null });
      expect(await db.upgradeJob.findUniqueOrThrow({ where: { id: goneRun.id } })).toMatchObject({ state: 'failed', failureCode: -1 });
      expect(await db.upgradeJob.findUniqueOrThrow({ where: { id: finished.id } })).toEqual(finished);
    } finally {
      await third.close();
    }
  });

  it.runIf(redis)('with several instances leaves a job to the one whose shard runs its device; alone, ends it at the deadline', async () => {
    const db = handle!.prisma;
    const open = async () => [
      await db.upgradeJob.create({ data: { deviceType: 'server', deviceId: 'TRX-0001', fromVersion: '10.0', targetVersion: '10.1', state: 'pending' } }),
      await db.upgradeJob.create({ data: { deviceType: 'unit', deviceId: 'LU800-0001', fromVersion: '10.0', targetVersion: '10.1', state: 'upgrading' } }),
    ];
    const states = async (ids: string[]) =>
      (await db.upgradeJob.findMany({ where: { id: { in: ids } }, orderBy: { deviceType: 'asc' } })).map((j) => [j.deviceType, j.state, j.failureCode]);
    // An instance behind Redis with no shard: another instance may be running these; past the deadline they stay open.
    const [pending, upgrading] = await open();
    const ids = [pending!.id, upgrading!.id];
    const shared = await buildApp({
      config: { ...s.config, REDIS_URL: redis!, REDIS_PREFIX: `fleet:test:${randomBytes(4).toString('hex')}`, UPGRADE_RESUME_TIMEOUT_MS: RESUME_TIMEOUT_MS },
      db,
      logger: false,
      clock,
    });
    try {
      await clock.advance(RESUME_TIMEOUT_MS);
      await shared.services.upgrades.settle();
      expect(await states(ids)).toEqual([
        ['server', 'pending', null],
        ['unit', 'upgrading', null],
      ]);
    } finally {
      await shared.close();
    }
    // The only instance: unreachable past the deadline, the pending one is refused, the silent run failed.
    const alone = await buildApp({ config: { ...s.config, UPGRADE_RESUME_TIMEOUT_MS: RESUME_TIMEOUT_MS }, db, logger: false, clock });
    try {
      await clock.advance(RESUME_SWEEP_MS);
      await alone.services.upgrades.settle();
      expect(await states(ids)).toEqual([
        ['server', 'pending', null],
        ['unit', 'upgrading', null],
      ]);
      await clock.advance(RESUME_TIMEOUT_MS);
      await alone.services.upgrades.settle();
      expect(await states(ids)).toEqual([
        ['server', 'rejected', null],
        ['unit', 'failed', -1],
      ]);
    } finally {
      await alone.close();
    }
  });
});
