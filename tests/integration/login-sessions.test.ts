/**
 * Log-in and sessions hardening (SECURITY.md "Log-in and sessions"), on one core:
 * failed log-ins throttled per account and per address (429 with Retry-After, a lockout the right
 * password does not pass, a window after which counting starts again); the same work and answer for
 * an unknown or inactive user as for a wrong password; scrypt parameters stored per hash and raised
 * at log-in; a fresh session id at every log-in; expired sessions purged; the cookie's flags.
 * The two-instance behaviour (shared counters, logout and deactivation seen at once) is in
 * login-sessions-instances.test.ts.
 */
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import { hashPassword, PASSWORD_HASH_PARAMS, passwordHashParams, SEED_IDS, verifyPassword } from '@fleet/db';
import { TestClock } from '@fleet/core';
import { covers, DEMO_PASSWORD, eventually, providers, startTestStack, type TestStack } from '../support/stack.js';

const LOGIN = '/mock/auth/login';
/** The production window, lockout and purge interval (env.ts): the tests step the core's clock over them. */
const WINDOW_S = 900;
const LOCKOUT_S = 900;
const PURGE_S = 600;
const MAX_PER_ACCOUNT = 10;
const MAX_PER_ADDRESS = 14;
const THROTTLE_ENV = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_PER_ACCOUNT),
  LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_PER_ADDRESS),
  LOGIN_FAILURE_WINDOW_S: String(WINDOW_S),
  LOGIN_LOCKOUT_S: String(LOCKOUT_S),
  SESSION_PURGE_INTERVAL_S: String(PURGE_S),
};

/** A distinct client address per use, so tests do not share per-address counts. */
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

function attempt(app: FastifyInstance, username: string, password: string, address: string, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: LOGIN, remoteAddress: address, payload: { username, password }, ...(cookie ? { headers: { cookie } } : {}) });
}

const sessionCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'fleet_session');
  if (!c) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `fleet_session=${c.value}`;
};
const storedId = (cookie: string) => createHash('sha256').update(cookie.slice('fleet_session='.length)).digest('hex');
const current = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } });

function expectThrottled(res: LightMyRequestResponse, maxSeconds: number): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'TOO_MANY_LOGIN_ATTEMPTS', message: ERROR_CATALOGUE.TOO_MANY_LOGIN_ATTEMPTS.message } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), String(res.headers['retry-after'])).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

function expectIncorrect(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: ERROR_CATALOGUE.INVALID_CREDENTIALS.message } });
  expect(res.headers['retry-after']).toBeUndefined();
}

/** A user of this suite's own (luc_regular), with the given stored hash. */
async function makeUser(s: TestStack, id: string, passwordHash: string, active = true): Promise<void> {
  await s.app.services.db.user.create({
    data: {
      id,
      username: id,
      passwordHash,
      active,
      email: `${id}@example.com`,
      firstName: 'Login',
      lastName: 'Test',
      userType: 'luc_regular',
      roles: ['luc_regular'],
    },
  });
}

describe.each(providers())('log-in throttling and sessions (%s)', (provider) => {
  let s: TestStack;
  const clock = new TestClock();

  beforeAll(async () => {
    // The tests' low-cost hashes: what is proven here is the counting, the lockout and the sessions.
    s = await startTestStack({ provider, simulator: false, env: THROTTLE_ENV, clock });
  });
  afterAll(async () => s?.close());

  it('30 wrong log-ins of one account: throttled with Retry-After; the right password is refused during the lockout, works after it and starts the count again', async () => {
    const username = 'luc_regular';
    const address = freshAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 30; i++) answers.push(await attempt(s.app, username, `Wrong-pass-${i}`, address));
    // The attempts below the limit are plainly wrong; the one reaching it and all after are throttled.
    for (const res of answers.slice(0, MAX_PER_ACCOUNT - 1)) expectIncorrect(res);
    for (const res of answers.slice(MAX_PER_ACCOUNT - 1)) expectThrottled(res, LOCKOUT_S);

    // Even the right password, from anywhere: the account is locked out.
    expectThrottled(await attempt(s.app, username, DEMO_PASSWORD, address), LOCKOUT_S);
    expectThrottled(await attempt(s.app, username, DEMO_PASSWORD, freshAddress()), LOCKOUT_S);
    // The address is not (10 failures < 14): another account logs in from it.
    expect((await attempt(s.app, 'luc_admin', DEMO_PASSWORD, address)).statusCode).toBe(200);

    // After the lockout, the right password works…
    await clock.advance(LOCKOUT_S * 1000);
    const ok = await attempt(s.app, username, DEMO_PASSWORD, address);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await current(s.app, sessionCookie(ok))).statusCode).toBe(200);
    // …and the account's count started again: 9 more wrong ones are merely wrong.
    for (let i = 0; i < MAX_PER_ACCOUNT - 1; i++) expectIncorrect(await attempt(s.app, username, 'Wrong-again', freshAddress()));
    expect((await attempt(s.app, username, DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('an unknown username is counted and answered exactly like a wrong password of a real account', async () => {
    type Answer = [number, string, 'retry-after' | undefined];
    const answersOf = async (username: string): Promise<Answer[]> => {
      const address = freshAddress();
      const out: Answer[] = [];
      for (let i = 0; i < MAX_PER_ACCOUNT + 2; i++) {
        const res = await attempt(s.app, username, 'Wrong-pass', address);
        out.push([res.statusCode, res.body, res.headers['retry-after'] === undefined ? undefined : 'retry-after']);
      }
      return out;
    };
    const known = await answersOf('luc_read');
    const unknown = await answersOf(`nobody-${provider}`);
    expect(unknown).toEqual(known);
    expect(unknown.map(([status]) => status)).toEqual([...Array<number>(MAX_PER_ACCOUNT - 1).fill(401), 429, 429, 429]);
  });

  it('the per-address limit: failures across many usernames lock the address out, not other addresses', async () => {
    const address = freshAddress();
    const answers: number[] = [];
    for (let i = 0; i < MAX_PER_ADDRESS + 3; i++) {
      // Every username a different one (real or not): no account gets near its own limit.
      const username =
        i % 2 === 0
          ? `probe-${i}-${randomBytes(3).toString('hex')}`
          : (['luc_admin', 'luc_curator', 'luc_partner', 'luc_studio', 'luc_ingest', 'luc_contractor', 'luc_freelancer', 'luc_multipoint'][i % 8] ??
            'luc_admin');
      const res = await attempt(s.app, username, 'Wrong-pass', address);
      if (res.statusCode === 429) expectThrottled(res, LOCKOUT_S);
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array<number>(MAX_PER_ADDRESS - 1).fill(401), ...Array<number>(4).fill(429)]);
    // Locked out: a correct log-in of any user from that address is refused…
    expectThrottled(await attempt(s.app, 'luc_unit_control', DEMO_PASSWORD, address), LOCKOUT_S);
    // …from another address it works.
    expect((await attempt(s.app, 'luc_unit_control', DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
    // After the lockout the address may log in again.
    await clock.advance(LOCKOUT_S * 1000);
    expect((await attempt(s.app, 'luc_unit_control', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('a log-in renews the session id: the session the request came with ends in storage; a failed log-in keeps it', async () => {
    const first = sessionCookie(await attempt(s.app, 'luc_media_group_admin', DEMO_PASSWORD, freshAddress()));
    expect((await current(s.app, first)).statusCode).toBe(200);
    // A failed log-in with the cookie changes nothing.
    expectIncorrect(await attempt(s.app, 'luc_media_group_admin', 'Wrong-pass', freshAddress(), first));
    expect((await current(s.app, first)).statusCode).toBe(200);

    const second = sessionCookie(await attempt(s.app, 'luc_media_group_admin', DEMO_PASSWORD, freshAddress(), first));
    expect(second).not.toBe(first);
    expect(await s.app.services.db.session.findUnique({ where: { id: storedId(first) } })).toBeNull();
    expect(await s.app.services.db.session.findUnique({ where: { id: storedId(second) } })).not.toBeNull();
    expect((await current(s.app, first)).statusCode).toBe(401);
    expect((await current(s.app, second)).statusCode).toBe(200);
    // Also when the cookie was another user's (a shared browser): that session ends too.
    const third = sessionCookie(await attempt(s.app, 'luc_admin', DEMO_PASSWORD, freshAddress(), second));
    expect((await current(s.app, second)).statusCode).toBe(401);
    expect((await current(s.app, third)).json().username).toBe('luc_admin');
  });

  it('expired sessions are purged from storage every SESSION_PURGE_INTERVAL_S; live ones stay', async () => {
    const db = s.app.services.db;
    const userId = SEED_IDS.users.luc_regular;
    // Three sessions that expire within the next interval, one that outlives it.
    const expiring = Array.from({ length: 3 }, () => randomBytes(16).toString('hex'));
    for (const id of expiring) await db.session.create({ data: { id, userId, expiresAt: new Date(clock.now() + 60_000) } });
    const live = randomBytes(16).toString('hex');
    await db.session.create({ data: { id: live, userId, expiresAt: new Date(clock.now() + PURGE_S * 1000 + 3600_000) } });
    // Not yet expired: a purge keeps them.
    await s.app.services.auth.purgeExpired();
    expect(await db.session.count({ where: { id: { in: [...expiring, live] } } })).toBe(4);
    // An interval later they have expired, and the interval's purge deleted them.
    await clock.advance(PURGE_S * 1000);
    await eventually(async () => (await db.session.count({ where: { id: { in: expiring } } })) === 0, 5000);
    expect(await db.session.count({ where: { id: live } })).toBe(1);
    expect(await db.session.count({ where: { expiresAt: { lte: clock.date() } } })).toBe(0);
  });

  it('the session cookie is HttpOnly, SameSite=Lax, Path=/ and not Secure unless configured', async () => {
    const res = await attempt(s.app, 'luc_regular', DEMO_PASSWORD, freshAddress());
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    const attrs = header.split(';').map((x) => x.trim().toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
  });
});

describe.each(providers())("password hashes at the core's own scrypt parameters (%s)", (provider) => {
  let s: TestStack;

  beforeAll(async () => {
    // The core's own scrypt parameters (not the test stacks' lower cost): the hashes and their work are what is proven here.
    s = await startTestStack({ provider, simulator: false, env: THROTTLE_ENV, productionPasswords: true });
  });
  afterAll(async () => s?.close());

  it('concurrent wrong guesses cannot slip past the limit while the first are still hashing', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 25 }, () => attempt(s.app, 'luc_application', 'Wrong-pass', address)));
    const statuses = answers.map((r) => r.statusCode).sort();
    // Only as many guesses as the limit were checked at all; the rest were refused up front.
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(MAX_PER_ACCOUNT);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(25 - MAX_PER_ACCOUNT);
  });

  it('an unknown or inactive user costs the same scrypt work (current parameters) and gets the same answer as a wrong password', async () => {
    await makeUser(s, `inactive-${provider}`, await hashPassword(DEMO_PASSWORD), false);
    const verify = vi.spyOn(s.app.services.auth.passwords, 'verify');
    try {
      const wrong = await attempt(s.app, 'luc_curator', 'Wrong-pass', freshAddress());
      const unknown = await attempt(s.app, `no-such-user-${provider}`, 'Wrong-pass', freshAddress());
      const inactive = await attempt(s.app, `inactive-${provider}`, DEMO_PASSWORD, freshAddress());
      for (const res of [wrong, unknown, inactive]) expectIncorrect(res);
      expect(unknown.body).toBe(wrong.body);
      expect(inactive.body).toBe(wrong.body);
      expect(unknown.headers['set-cookie']).toBeUndefined();
      // Each of the three checked one password against a hash with the current parameters.
      expect(verify).toHaveBeenCalledTimes(3);
      for (const [, stored] of verify.mock.calls) expect(passwordHashParams(stored)).toEqual(PASSWORD_HASH_PARAMS);
    } finally {
      verify.mockRestore();
    }

    // That the clock agrees (an unknown user's answer takes as long as a wrong password's) is measured by
    // tests/bench/login-timing.bench.ts, not here: a loaded machine cannot time it.
  });

  it('a hash in the earlier format, or weaker than the current parameters, is stored again at the next log-in; a current one is left alone', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$1024$${salt.toString('base64url')}$${scryptSync(DEMO_PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64url')}`;
    const cases = [
      { id: `legacy-${provider}`, hash: legacy },
      { id: `weak-${provider}`, hash: await hashPassword(DEMO_PASSWORD, { n: 1024 }) },
    ];
    for (const c of cases) {
      await makeUser(s, c.id, c.hash);
      const before = await s.app.services.db.user.findUniqueOrThrow({ where: { id: c.id }, select: { version: true, updatedAt: true } });
      expect((await attempt(s.app, c.id, DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
      const after = await s.app.services.db.user.findUniqueOrThrow({ where: { id: c.id }, select: { passwordHash: true, version: true, updatedAt: true } });
      expect(passwordHashParams(after.passwordHash), c.id).toEqual(PASSWORD_HASH_PARAMS);
      expect(after.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
      expect(await verifyPassword(DEMO_PASSWORD, after.passwordHash)).toBe(true);
      // Nothing a user or admin sees changed.
      expect(after.version).toBe(before.version);
      expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
      // Now current: the next log-in leaves it as it is.
      expect((await attempt(s.app, c.id, DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
      expect((await s.app.services.db.user.findUniqueOrThrow({ where: { id: c.id }, select: { passwordHash: true } })).passwordHash).toBe(after.passwordHash);
    }
    // A wrong password never rewrites the hash.
    await makeUser(s, `weak-wrong-${provider}`, await hashPassword(DEMO_PASSWORD, { n: 1024 }));
    expectIncorrect(await attempt(s.app, `weak-wrong-${provider}`, 'Wrong-pass', freshAddress()));
    expect((await s.app.services.db.user.findUniqueOrThrow({ where: { id: `weak-wrong-${provider}` }, select: { passwordHash: true } })).passwordHash).toMatch(
      /^scrypt\$1024\$8\$1\$/,
    );
  });
});

describe.runIf(covers('sqlite'))('the failure window', () => {
  let s: TestStack;
  const clock = new TestClock();
  beforeAll(async () => {
    s = await startTestStack({
      simulator: false,
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURE_WINDOW_S: String(WINDOW_S), LOGIN_LOCKOUT_S: '60' },
      clock,
    });
  });
  afterAll(async () => s?.close());

  it('failures older than LOGIN_FAILURE_WINDOW_S no longer count; within one window they do', async () => {
    const username = 'luc_vr_viewer';
    for (let i = 0; i < 2; i++) expectIncorrect(await attempt(s.app, username, 'Wrong-pass', freshAddress()));
    await clock.advance(WINDOW_S * 1000);
    // A new window: this failure is the first of it, not the third.
    expectIncorrect(await attempt(s.app, username, 'Wrong-pass', freshAddress()));
    expectIncorrect(await attempt(s.app, username, 'Wrong-pass', freshAddress()));
    // The third within the window locks the account out.
    expectThrottled(await attempt(s.app, username, 'Wrong-pass', freshAddress()), 60);
    expectThrottled(await attempt(s.app, username, DEMO_PASSWORD, freshAddress()), 60);
  });
});

describe.runIf(covers('sqlite'))('the session cookie with COOKIE_SECURE=true', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack({ simulator: false, env: { COOKIE_SECURE: 'true' } });
  });
  afterAll(async () => s?.close());

  it('is also Secure', async () => {
    const res = await attempt(s.app, 'luc_regular', DEMO_PASSWORD, freshAddress());
    expect(res.statusCode).toBe(200);
    const attrs = String(res.headers['set-cookie'])
      .split(';')
      .map((x) => x.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
  });
});
