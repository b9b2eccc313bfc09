/**
 * Log-in and sessions across two core instances on one PostgreSQL database and one Redis
 * (SECURITY.md "Log-in and sessions"): failed log-ins counted on either instance add up (the
 * counters live in Redis), a lockout made on one is enforced by the other; a log-out or a
 * deactivation on one instance is seen by the other at once, although it had resolved (and cached)
 * the session before. Needs DATABASE_URL_PG and REDIS_URL_TEST (the test command provides both).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SEED_IDS } from '@fleet/db';
import { DEMO_PASSWORD, pgUrl, startTestStack, type TestStack, startOtherInstance, type OtherInstance } from '../support/stack.js';

const redis = process.env.REDIS_URL_TEST;
if (!redis && process.env.REQUIRE_REDIS === '1') throw new Error('REDIS_URL_TEST is not set but REQUIRE_REDIS=1: start Redis with scripts/redis-up.sh');
const enabled = Boolean(redis && pgUrl());

const MAX_PER_ACCOUNT = 6;
const LOCKOUT_S = 3;

/** Poll (no fixed sleeps) until `check` passes; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setImmediate(r));
  }
}

describe.skipIf(!enabled)('log-in and sessions across two core instances (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  const env = {
    REDIS_URL: redis!,
    REDIS_PREFIX: prefix,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    LOGIN_FAILURE_WINDOW_S: '60',
    LOGIN_LOCKOUT_S: String(LOCKOUT_S),
  };
  let a: TestStack;
  let b: OtherInstance;
  let admin: string;

  const login = (app: FastifyInstance, username: string, password: string, address = '203.0.113.9') =>
    app.inject({ method: 'POST', url: '/mock/auth/login', remoteAddress: address, payload: { username, password } });
  const current = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } });
  const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
    const c = res.cookies.find((x) => x.name === 'fleet_session');
    if (!c) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
    return `fleet_session=${c.value}`;
  };

  beforeAll(async () => {
    a = await startTestStack({ provider: 'postgresql', simulator: false, env });
    b = await startOtherInstance(a, env);
    admin = await a.login('luc_admin');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('failed log-ins on either instance add up; the lockout holds on both, for the right password too', async () => {
    const username = 'luc_read';
    const statuses: number[] = [];
    // Alternate instances (and addresses): neither alone reaches the limit.
    for (let i = 0; i < MAX_PER_ACCOUNT; i++)
      statuses.push((await login(i % 2 === 0 ? a.app : b.app, username, 'Wrong-pass', `203.0.113.${20 + i}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(MAX_PER_ACCOUNT - 1).fill(401), 429]);
    for (const app of [a.app, b.app]) {
      const res = await login(app, username, DEMO_PASSWORD, '203.0.113.99');
      expect(res.statusCode, res.body).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(LOCKOUT_S);
    }
    // After the lockout either instance lets the right password in.
    const started = Date.now();
    for (;;) {
      const res = await login(b.app, username, DEMO_PASSWORD, '203.0.113.99');
      if (res.statusCode === 200) break;
      expect(res.statusCode).toBe(429);
      if (Date.now() - started > (LOCKOUT_S + 3) * 1000) throw new Error('still locked out after the lockout');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('a log-out on one instance is seen by the other at once, though it had the session cached', async () => {
    const lags: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cookie = cookieOf(await login(a.app, 'luc_regular', DEMO_PASSWORD));
      // B resolves the session (and keeps it in its per-process cache).
      expect((await current(b.app, cookie)).statusCode).toBe(200);
      expect((await current(b.app, cookie)).statusCode).toBe(200);
      const out = await a.app.inject({ method: 'POST', url: '/mock/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBe(200);
      expect((await current(a.app, cookie)).statusCode).toBe(401);
      lags.push(await within(1000, async () => (await current(b.app, cookie)).statusCode === 401));
    }
    lags.sort((x, y) => x - y);
    console.log(`log-out seen on the other instance after p50 ${lags[2]!.toFixed(1)} ms, max ${lags[4]!.toFixed(1)} ms`);
  });

  it('deactivating a user on one instance ends their sessions on the other at once', async () => {
    const userId = SEED_IDS.users.luc_curator;
    const cookie = cookieOf(await login(a.app, 'luc_curator', DEMO_PASSWORD));
    expect((await current(b.app, cookie)).statusCode).toBe(200);
    const res = await a.app.inject({ method: 'PUT', url: `/api/v2/users/${userId}/active`, headers: { cookie: admin }, payload: { active: false } });
    expect(res.statusCode, res.body).toBe(200);
    const lag = await within(1000, async () => (await current(b.app, cookie)).statusCode === 401);
    console.log(`deactivation seen on the other instance after ${lag.toFixed(1)} ms`);
    // Nor can the user log in again on either instance.
    expect((await login(b.app, 'luc_curator', DEMO_PASSWORD)).statusCode).toBe(401);
    expect(
      (await a.app.inject({ method: 'PUT', url: `/api/v2/users/${userId}/active`, headers: { cookie: admin }, payload: { active: true } })).statusCode,
    ).toBe(200);
    expect((await login(b.app, 'luc_curator', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
