/**
 * Test support: a real core on a fresh real database (SQLite file or PostgreSQL database), seeded,
 * with the real simulator attached in-process on fast timings, and log-in helpers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RealtimeEvent } from '@fleet/contracts';
import { buildApp, loadConfig, type Clock, type Config } from '@fleet/core';
import { createDb, createScratchDatabase, type FleetSize } from '@fleet/db';
import { provideScenarioRunner, startSimulator } from '@fleet/stack';
import type { Engine, EngineOptions } from '@fleet/simulator';
import { pgUrl, type Provider } from './providers.js';
import { copySqliteTemplate, DEMO_PASSWORD, migrateAndSeed, pgTemplate, TEST_FLEET, TEST_PASSWORD_N } from './templates.js';

export { DEMO_PASSWORD };
export { covers, pgUrl, providers, type Provider } from './providers.js';

/** A fresh, empty database; returns its URL and a function that removes it. */
export async function freshDatabase(provider: Provider): Promise<{ url: string; drop(): Promise<void> }> {
  if (provider === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-test-'));
    return { url: `file:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = pgUrl();
  if (!base) throw new Error('DATABASE_URL_PG is not set');
  const made = await createScratchDatabase(base, 'fleet_test');
  return { url: made.url, drop: made.drop };
}

/**
 * A fresh database, migrated and seeded (seed 1, `DEMO_PASSWORD`, the `TEST_FLEET`): a copy of this
 * run's template (tests/support/templates.ts) when the run made one, else migrated and seeded here
 * (always for another `fleet` than the templates').
 */
export async function seededDatabase(
  provider: Provider,
  options: { productionPasswords?: boolean; fleet?: FleetSize } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (options.productionPasswords) {
    // The templates' demo users have the tests' low-cost hashes.
  } else if (options.fleet !== undefined && options.fleet !== TEST_FLEET) {
    // The templates hold the tests' fleet only.
  } else if (provider === 'sqlite') {
    const copy = copySqliteTemplate();
    if (copy) return { url: copy.url, drop: async () => rmSync(copy.dir, { recursive: true, force: true }) };
  } else {
    const base = pgUrl();
    const template = pgTemplate();
    if (base && template) {
      const made = await createScratchDatabase(base, 'fleet_test', { template });
      return { url: made.url, drop: made.drop };
    }
  }
  const database = await freshDatabase(provider);
  try {
    await migrateAndSeed(database.url, options);
  } catch (e) {
    await database.drop();
    throw e;
  }
  return database;
}

/** Fast device timings so tests see stream transitions in well under a second. */
export const FAST_TIMINGS: EngineOptions['timings'] = {
  bootMs: [5, 20],
  streamStartMs: [40, 80],
  streamStopMs: [40, 80],
  meanTimeBetweenOutagesMs: 0,
  initiallyOffShare: 0,
  telemetryIntervalMs: 100,
  fetchLogsMs: 1500,
};

export interface TestStack {
  app: FastifyInstance;
  config: Config;
  url: string;
  sim: Engine | null;
  /** Log in through /mock/auth/login; returns the Cookie header value. */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestStack(
  /**
   * `clock`: the core's (a TestClock to step time instead of waiting for it); the wall clock by default.
   * `productionPasswords`: the demo users' hashes and every new one with the core's current scrypt
   * parameters (the log-in tests), instead of the tests' low cost (`TEST_PASSWORD_N`).
   * `fleet`: the demo fleet's size (packages/db fleet.ts); `TEST_FLEET` (small) by default.
   */
  opts: {
    provider?: Provider;
    simulator?: boolean;
    simulatorTimings?: EngineOptions['timings'];
    simulatorServerTimings?: EngineOptions['serverTimings'];
    env?: Record<string, string>;
    clock?: Clock;
    productionPasswords?: boolean;
    fleet?: FleetSize;
  } = {},
): Promise<TestStack> {
  const provider = opts.provider ?? 'sqlite';
  const database = await seededDatabase(provider, { productionPasswords: opts.productionPasswords === true, ...(opts.fleet ? { fleet: opts.fleet } : {}) });
  const db = await createDb({ url: database.url });
  // Recordings (record and replay) of this stack only, removed with it.
  const recordings = mkdtempSync(join(tmpdir(), 'fleet-recordings-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    RECORDINGS_DIR: recordings,
    LOG_LEVEL: 'silent',
    GATEWAY_TOKEN: 'test-gateway-token',
    PASSWORD_HASH_N: opts.productionPasswords ? '' : String(TEST_PASSWORD_N),
    DEVICE_COMMAND_TIMEOUT_MS: '2000',
    ...opts.env,
  });
  const app = await buildApp({ config, db: db.prisma, logger: false, ...(opts.clock ? { clock: opts.clock } : {}) });
  provideScenarioRunner(app);
  const timings = opts.simulatorTimings ?? FAST_TIMINGS;
  const sim =
    opts.simulator === false
      ? null
      : startSimulator(app, { seed: 1, timings, ...(opts.simulatorServerTimings ? { serverTimings: opts.simulatorServerTimings } : {}) });
  if (sim && !timings?.initiallyOffShare) await fleetUp(app, sim);
  return {
    app,
    config,
    url: database.url,
    sim,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'fleet_session');
      if (!cookie) throw new Error('no session cookie');
      return `fleet_session=${cookie.value}`;
    },
    async close() {
      sim?.stop();
      await app.close();
      await db.close();
      await database.drop();
      rmSync(recordings, { recursive: true, force: true });
    },
  };
}

/** A core instance of its own (no simulator) over a stack's database, as another process would be: the second instance of the several-instances tests (PostgreSQL + Redis in `env`). */
export interface OtherInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startOtherInstance(stack: Pick<TestStack, 'url'>, env: Record<string, string>, clock?: Clock): Promise<OtherInstance> {
  const db = await createDb({ url: stack.url });
  const config = loadConfig({
    DATABASE_URL: stack.url,
    LOG_LEVEL: 'silent',
    GATEWAY_TOKEN: 'other-instance',
    PASSWORD_HASH_N: String(TEST_PASSWORD_N),
    ...env,
  });
  const app = await buildApp({ config, db: db.prisma, logger: false, ...(clock ? { clock } : {}) });
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Every report the in-process simulator has sent so far, applied by the core (stored, and in its
 * read model). A fault injected a moment ago may have reports still queued behind the ones before
 * it — a status that looks right in storage now can be overwritten by an older report applied
 * late — so a test that puts a device back into a state waits for this, not for the state alone.
 */
export async function devicesSettled(app: FastifyInstance): Promise<void> {
  // The link delivers in microtasks and the gateway queues per device: let both run first.
  await new Promise((r) => setImmediate(r));
  await app.services.reports.settle();
  await app.services.events.settle();
}

/**
 * Every simulated unit has booted and the core has applied what the fleet reported so far: a stack
 * hands its tests a settled fleet however loaded the machine is (on a busy machine the first boots
 * and server reports could otherwise land in the middle of a test's first "changes nothing").
 */
export async function fleetUp(app: FastifyInstance, sim: Engine): Promise<void> {
  await eventually(async () => sim.deviceCount() > 0 && [...sim.units()].every((u) => u.online), 30_000);
  await devicesSettled(app);
}

/** Poll until `fn` returns a truthy value (bounded), for device-driven state changes. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A REST call under the core prefix (/api), with a session cookie (or none) and a JSON body (if any). */
export function coreCall(stack: Pick<TestStack, 'app'>, method: Method, url: string, cookie: string | undefined, payload?: unknown) {
  return stack.app.inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** One announcement of the realtime hub. */
export interface Published {
  topics: readonly string[];
  event: RealtimeEvent;
}

/**
 * From now on, every event the app's hub publishes is also pushed onto `into` (and still delivered):
 * what a test asserts was announced, and on which topics.
 */
export function recordPublished(app: FastifyInstance, into: Published[]): void {
  const hub = app.services.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (topics, event) => {
    into.push({ topics, event });
    publish(topics, event);
  };
}

/** From now on, every event the app's hub publishes is also pushed onto `into` (and still delivered): `recordPublished` without the topics. */
export function recordEvents(app: FastifyInstance, into: RealtimeEvent[]): void {
  const hub = app.services.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (topics, event) => {
    into.push(event);
    publish(topics, event);
  };
}
