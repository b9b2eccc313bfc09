/**
 * A session's /ws connections end with the session, at once, closed with 4401 "session ended"
 *: log-out, the session's expiry, a password change ending the user's other sessions,
 * a deactivated user — without the client sending anything. On SQLite and PostgreSQL; then across
 * two core instances on PostgreSQL + Redis: a session ended on one instance closes its sockets on
 * the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_AUTH, groupTopic } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { hashPassword } from '@fleet/db';
import { DEMO_PASSWORD, coreCall, pgUrl, providers, startTestStack, type TestStack, startOtherInstance, type OtherInstance } from '../support/stack.js';
import { answers, connect, sleep, type WsClient } from './realtime-client.js';

/** How soon a connection must close after its session ended. */
const AT_ONCE_MS = 1500;

/** The close code, or 'open' when the socket is still open after `ms`. */
async function closedWithin(c: WsClient, ms = AT_ONCE_MS): Promise<number | 'open'> {
  const started = Date.now();
  const code = await Promise.race([c.closed, sleep(ms).then(() => 'open' as const)]);
  if (code !== 'open') expect(Date.now() - started).toBeLessThan(ms);
  return code;
}

/** A luc_regular user of inv-global with one of its groups, with DEMO_PASSWORD. */
async function makeUser(s: Pick<TestStack, 'app'>, id: string): Promise<{ id: string; group: string }> {
  const db = s.app.services.db;
  const group = await db.group.findFirstOrThrow({ where: { inventoryId: 'inv-global' }, select: { id: true } });
  await db.user.create({
    data: {
      id,
      username: id,
      passwordHash: await hashPassword(DEMO_PASSWORD, { n: 1024 }),
      email: `${id}@example.com`,
      firstName: 'Ws',
      lastName: 'User',
      userType: 'luc_regular',
      roles: ['luc_regular'],
      passwordExpiryPolicy: '3',
    },
  });
  await db.userInventory.create({ data: { userId: id, inventoryId: 'inv-global' } });
  await db.userGroup.create({ data: { userId: id, groupId: group.id } });
  return { id, group: group.id };
}

/** Open a /ws connection, wait for its hello and subscribe to one group. */
async function open(base: string, cookie: string, group: string): Promise<WsClient> {
  const c = await connect(base, { cookie });
  await c.next((m) => m.op === 'hello');
  c.send({ op: 'subscribe', topics: [groupTopic(group)] });
  await c.next((m) => m.op === 'subscribed');
  return c;
}

describe.each(providers())('realtime sessions on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let admin: string;
  let serial = 0;
  const fresh = () => `ws-${provider}-${++serial}-${randomBytes(3).toString('hex')}`;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false, clock });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await s.login('luc_admin');
  });
  afterAll(async () => s?.close());

  it('log-out closes that session’s sockets at once (4401), not another session’s', async () => {
    const u = await makeUser(s, fresh());
    const [one, other] = [await s.login(u.id), await s.login(u.id)];
    const a = await open(base, one, u.group);
    const b = await open(base, one, u.group);
    const kept = await open(base, other, u.group);
    const out = await s.app.inject({ method: 'POST', url: MOCK_AUTH.logoutPath, headers: { cookie: one } });
    expect(out.statusCode).toBeLessThan(300);
    expect(await closedWithin(a)).toBe(4401);
    expect(await closedWithin(b)).toBe(4401);
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
    kept.send({ op: 'ping', t: 1 });
    expect(await kept.next((m) => m.op === 'pong')).toMatchObject({ t: 1 });
    kept.ws.close();
  });

  it('the session’s expiry closes its sockets when it passes (a timer per connection)', async () => {
    const u = await makeUser(s, fresh());
    const cookie = await s.login(u.id);
    const { expiresAt } = await s.app.services.db.session.findFirstOrThrow({ where: { userId: u.id }, select: { expiresAt: true } });
    const c = await open(base, cookie, u.group);
    // A minute before the session's end (its TTL after the log-in) the socket is open; as it passes, it closes.
    await clock.advance(expiresAt.getTime() - clock.now() - 60_000);
    await answers(c);
    await clock.advance(60_000);
    expect(await closedWithin(c)).toBe(4401);
    expect(clock.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
    // The suite's admin signs in again (that session ended too).
    admin = await s.login('luc_admin');
    // A session moved later after the connection opened: the timer follows it. On real time: the
    // timer is re-armed once storage has been read again, which a step of the clock would race.
    const later = await makeUser(s, fresh());
    const laterCookie = await s.login(later.id);
    const row = await s.app.services.db.session.findFirstOrThrow({ where: { userId: later.id }, select: { id: true } });
    await s.app.services.db.session.update({ where: { id: row.id }, data: { expiresAt: new Date(clock.now() + 800) } });
    const d = await open(base, laterCookie, later.group);
    await s.app.services.db.session.update({ where: { id: row.id }, data: { expiresAt: new Date(clock.now() + 3_600_000) } });
    expect(await closedWithin(d, 1500)).toBe('open');
    d.ws.close();
  });

  it('a password change closes the user’s other sessions’ sockets, not the caller’s', async () => {
    const u = await makeUser(s, fresh());
    const [mine, elsewhere] = [await s.login(u.id), await s.login(u.id)];
    const own = await open(base, mine, u.group);
    const other = await open(base, elsewhere, u.group);
    const res = await coreCall(s, 'PUT', '/users/current/password', mine, {
      oldPassword: DEMO_PASSWORD,
      password: 'Other-pass-7',
      passwordConfirmation: 'Other-pass-7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWithin(other)).toBe(4401);
    expect(await closedWithin(own, 300)).toBe('open');
    own.ws.close();
  });

  it('deactivating the user closes all their sockets at once', async () => {
    const u = await makeUser(s, fresh());
    const [one, two] = [await s.login(u.id), await s.login(u.id)];
    const a = await open(base, one, u.group);
    const b = await open(base, two, u.group);
    const res = await coreCall(s, 'PUT', `/v2/users/${u.id}/active`, admin, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWithin(a)).toBe(4401);
    expect(await closedWithin(b)).toBe(4401);
  });

  it('a user made inactive in storage (no session deleted) is out too', async () => {
    const u = await makeUser(s, fresh());
    const c = await open(base, await s.login(u.id), u.group);
    await s.app.services.db.user.update({ where: { id: u.id }, data: { active: false } });
    expect(await closedWithin(c)).toBe(4401);
  });
});

const redis = process.env.REDIS_URL_TEST;
if (!redis && process.env.REQUIRE_REDIS === '1') throw new Error('REDIS_URL_TEST is not set but REQUIRE_REDIS=1: start Redis with scripts/redis-up.sh');

describe.skipIf(!(redis && pgUrl()))('realtime sessions across two core instances (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  let a: TestStack;
  let b: OtherInstance;
  let baseA: string;
  let baseB: string;
  let admin: string;
  let serial = 0;
  const fresh = () => `ws-two-${++serial}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    a = await startTestStack({ provider: 'postgresql', simulator: false, env: { REDIS_URL: redis!, REDIS_PREFIX: prefix } });
    b = await startOtherInstance(a, { REDIS_URL: redis!, REDIS_PREFIX: prefix });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await a.login('luc_admin');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('log-out on one instance closes the session’s sockets on the other', async () => {
    const u = await makeUser(a, fresh());
    const cookie = await a.login(u.id);
    const onB = await open(baseB, cookie, u.group);
    const onA = await open(baseA, cookie, u.group);
    const out = await a.app.inject({ method: 'POST', url: MOCK_AUTH.logoutPath, headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    expect(await closedWithin(onA)).toBe(4401);
    expect(await closedWithin(onB)).toBe(4401);
  });

  it('a password change on one instance closes the other sessions’ sockets on the other', async () => {
    const u = await makeUser(a, fresh());
    const [mine, elsewhere] = [await a.login(u.id), await a.login(u.id)];
    const other = await open(baseB, elsewhere, u.group);
    const own = await open(baseB, mine, u.group);
    const res = await coreCall(a, 'PUT', '/users/current/password', mine, {
      oldPassword: DEMO_PASSWORD,
      password: 'Other-pass-7',
      passwordConfirmation: 'Other-pass-7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWithin(other)).toBe(4401);
    expect(await closedWithin(own, 300)).toBe('open');
    own.ws.close();
  });

  it('deactivating the user on one instance closes their sockets on the other', async () => {
    const u = await makeUser(a, fresh());
    const c = await open(baseB, await a.login(u.id), u.group);
    const res = await coreCall(a, 'PUT', `/v2/users/${u.id}/active`, admin, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWithin(c)).toBe(4401);
  });
});
