/**
 * Managed services across two core instances on one PostgreSQL database and one Redis: a trial
 * running out changes the service's state with no write and is announced by the expiry sweep, which
 * runs on one instance at a time (a lease in Redis, platform/sweep-lease.ts). Each expiry is
 * announced once in all (one `managedService.changed`, not one per instance), read alike on both,
 * and when the sweeping instance stops, the other announces the next one.
 * Needs DATABASE_URL_PG and REDIS_URL_TEST (the test command provides both).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ManagedService, ManagedServiceList } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { pgUrl, recordPublished, startTestStack, type Published, type TestStack, startOtherInstance, type OtherInstance } from '../support/stack.js';

const redis = process.env.REDIS_URL_TEST;
if (!redis && process.env.REQUIRE_REDIS === '1') throw new Error('REDIS_URL_TEST is not set but REQUIRE_REDIS=1: start Redis with scripts/redis-up.sh');
const enabled = Boolean(redis && pgUrl());

/** The sweep runs every 2 s of the core's clock; its lease outlives a silent holder by 6 s (Redis's time). */
const SWEEP_MS = 2_000;
const HOUR = 3_600_000;
const INVENTORY = 'inv-global-sports';

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!enabled)('managed-service expiries across two core instances (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  let a: TestStack;
  let b: OtherInstance;
  let superUser: string;
  const published: { instance: 'a' | 'b'; p: Published }[] = [];
  /** One clock for both instances, as two processes share the wall clock. */
  const clock = new TestClock();

  beforeAll(async () => {
    a = await startTestStack({ provider: 'postgresql', simulator: false, env: { REDIS_URL: redis!, REDIS_PREFIX: prefix }, clock });
    b = await startOtherInstance(a, { REDIS_URL: redis!, REDIS_PREFIX: prefix }, clock);
    for (const [instance, app] of [
      ['a', a.app],
      ['b', b.app],
    ] as const) {
      const records: Published[] = [];
      records.push = (...items: Published[]) => published.push(...items.map((p) => ({ instance, p })));
      recordPublished(app, records);
    }
    // Sessions live in the shared database: a log-in on A is valid on B.
    superUser = await a.login('super_user');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const service = async (app: FastifyInstance, name: string, inventory = INVENTORY): Promise<ManagedService> => {
    const res = await app.inject({ method: 'GET', url: `/api/v2/inventories/${inventory}/managedServices`, headers: { cookie: superUser } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ManagedServiceList).items.find((s) => s.serviceName === name)!;
  };
  const expiries = (name: string) =>
    published.filter(
      ({ p }) =>
        p.event.type === 'managedService.changed' &&
        p.event.service.inventoryId === INVENTORY &&
        p.event.service.serviceName === name &&
        p.event.service.state === 'trialExpired',
    );
  const rowVersion = async () => (await a.app.services.db.inventory.findUniqueOrThrow({ where: { id: INVENTORY } })).version;
  /** Instances whose sweep still runs (a test stops one). */
  const sweeping = new Set([() => a.app, () => b.app]);
  /**
   * The clock moves `ms` on: each instance's sweep falls due (the lease holder sweeps, the other
   * finds it taken); resolves once their sweeps have run.
   */
  const step = async (ms = SWEEP_MS) => {
    await clock.advance(ms);
    await Promise.all([...sweeping].map((app) => app().services.managedServices.sweepExpiries()));
  };

  /** A trial of `name` that ends `inMs` from now (the core's clock), set through instance A's admin call. */
  const trialEndingSoon = async (name: string, inMs: number): Promise<void> => {
    const before = await service(a.app, name);
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/v2/admin/inventories/${INVENTORY}/managedServices/${name}`,
      headers: { cookie: superUser },
      payload: { version: before.version, status: 'disabled', trialState: 'activeTrial', trialEndsAt: new Date(clock.now() + inMs).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const written: ManagedService = res.json();
    expect(written).toMatchObject({ state: 'onTrial' });
    // Both read models have it (B's through Redis) before the clock moves: a sweep reads the trial
    // ends from its own, and one that swept past the end before knowing of it would not announce it.
    await until(
      () => service(b.app, name),
      (x) => x.trialEndsAt === written.trialEndsAt,
    );
  };

  it('announces a trial running out once in all, with no write, read as expired on both instances', async () => {
    await trialEndingSoon('ai_integration', HOUR);
    const version = await rowVersion();
    await step(HOUR);
    await until(
      () => Promise.resolve(expiries('ai_integration')),
      (x) => x.length > 0,
    );
    // Several sweeps later, still one announcement: only the lease holder sweeps.
    for (let i = 0; i < 3; i++) await step();
    expect(expiries('ai_integration')).toHaveLength(1);
    for (const app of [a.app, b.app])
      expect(await service(app, 'ai_integration')).toMatchObject({ state: 'trialExpired', usable: false, trialState: 'expiredTrial' });
    expect(await rowVersion()).toBe(version);
  });

  it('announces a quota crossed by usage once in all (no write), and crossed back', async () => {
    const crossings = (state: string) =>
      published.filter(
        ({ p }) =>
          p.event.type === 'managedService.changed' &&
          p.event.service.inventoryId === 'inv-global' &&
          p.event.service.serviceName === 'go_plan' &&
          p.event.service.state === state,
      );
    const go = await service(a.app, 'go_plan', 'inv-global');
    const quota = Math.ceil(go.used ?? 0) + 5;
    const res = await b.app.inject({
      method: 'PUT',
      url: '/api/v2/admin/inventories/inv-global/managedServices/go_plan',
      headers: { cookie: superUser },
      payload: { version: go.version, usageKind: 'data', quota },
    });
    expect(res.json()).toMatchObject({ state: 'enabled', quota });
    // Both instances' sweeps have seen it under its quota (A's read model has it through Redis first).
    await until(
      () => service(a.app, 'go_plan', 'inv-global'),
      (x) => x.quota === quota,
    );
    await step();
    await step();
    const now = clock.date();
    const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 0, 11));
    const record = await a.app.services.db.usageRecord.create({
      data: { unitId: 'LU800-0001', periodStart, periodEnd: new Date(periodStart.getTime() + 3_600_000), dataBytes: 6_000_000_000n, seconds: 60 },
    });
    await step();
    await until(
      () => Promise.resolve(crossings('overUsage')),
      (x) => x.length > 0,
    );
    for (let i = 0; i < 3; i++) await step();
    expect(crossings('overUsage')).toHaveLength(1);
    for (const app of [a.app, b.app]) expect(await service(app, 'go_plan', 'inv-global')).toMatchObject({ state: 'overUsage', usable: false });
    const enabledBefore = crossings('enabled').length;
    await a.app.services.db.usageRecord.delete({ where: { id: record.id } });
    await step();
    await until(
      () => Promise.resolve(crossings('enabled')),
      (x) => x.length > enabledBefore,
    );
    for (let i = 0; i < 3; i++) await step();
    expect(crossings('enabled')).toHaveLength(enabledBefore + 1);
  });

  it('hands the sweep over when the sweeping instance stops: the next expiry is announced once, by the other', async () => {
    const sweeper = expiries('ai_integration')[0]!.instance;
    const sweeperApp = sweeper === 'a' ? a.app : b.app;
    // The sweeping instance stops sweeping (its lease given up as on shutdown).
    await sweeperApp.services.managedServices.close();
    for (const app of [...sweeping]) if (app() === sweeperApp) sweeping.delete(app);
    await trialEndingSoon('field_server', HOUR);
    await step(HOUR);
    const announced = await until(
      () => Promise.resolve(expiries('field_server')),
      (x) => x.length > 0,
    );
    expect(announced[0]!.instance).not.toBe(sweeper);
    for (let i = 0; i < 3; i++) await step();
    expect(expiries('field_server')).toHaveLength(1);
  });
});
