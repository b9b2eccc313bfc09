/**
 * Chaos rules on the core's own surfaces (mock/chaos*.ts) over a real SQLite stack with the
 * simulator streaming: REST calls answered late, refused with a status the call documents (in the
 * product's envelope) for a count of hits, or dropped; /ws connections cut, stalled and delayed;
 * the control plane's own routes untouched; rules refused to non-staff, gone with "Reset the demo",
 * and absent when the mock endpoints are off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, parseErrorEnvelope, type ChaosRule, type CurrentUser, type Topic } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';
import { connect, flatten, type WsClient } from './realtime-client.js';

let s: TestStack;
let base: string;
let staff: string;
let regular: string;
let topics: Topic[];

const add = async (rule: unknown) => {
  const answer = await trpc(s, staff, 'mutation', 'chaos.add', rule);
  if (answer.code) throw new Error(`${answer.code}: ${answer.message}`);
  return answer.data as ChaosRule;
};
const list = async () => (await trpc(s, staff, 'query', 'chaos.list')).data as ChaosRule[];
const clear = () => trpc(s, staff, 'mutation', 'chaos.clear');
const units = (cookie = regular) => fetch(`${base}/api/devices/fetch`, { headers: { cookie } });
const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
};

beforeAll(async () => {
  s = await startTestStack();
  base = await s.app.listen({ host: '127.0.0.1', port: 0 });
  staff = await s.login('super_user');
  regular = await s.login('luc_regular');
  const me: CurrentUser = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: regular } })).json();
  topics = me.groups.map((g) => groupTopic(g.id));
});
afterAll(async () => s?.close());

describe('chaos rules on REST calls', () => {
  it('a latency rule delays the call it names, and only it', async () => {
    await clear();
    const [, before] = await timed(() => units());
    const rule = await add({ surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'latency', latency: { distribution: 'fixed', ms: 400 } } });
    const [res, after] = await timed(() => units());
    expect(res.status).toBe(200);
    expect(after).toBeGreaterThanOrEqual(400);
    expect(after - before).toBeGreaterThan(300);
    // Another call is not delayed.
    const [, other] = await timed(() => fetch(`${base}/api/users/current`, { headers: { cookie: regular } }));
    expect(other).toBeLessThan(400);
    expect((await list()).find((r) => r.id === rule.id)?.hits).toBe(1);
  });

  it('an error rule answers the documented status with the catalogue’s body for its count of hits, then stops', async () => {
    await clear();
    // The path as a browser shows it, with the core's prefix.
    const rule = await add({ surface: 'http', match: { path: '/api/devices/*', method: 'GET' }, effect: { kind: 'error', status: 429 }, times: 2 });
    expect(rule.surface === 'http' && rule.match.path).toBe('/devices/*');
    for (let i = 0; i < 2; i++) {
      const res = await units();
      expect(res.status).toBe(429);
      expect(res.headers.get('x-chaos-rule')).toBe(rule.id);
      expect(parseErrorEnvelope(await res.json())).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests, please try again later' } });
    }
    expect((await units()).status).toBe(200);
    const listed = (await list()).find((r) => r.id === rule.id);
    expect(listed).toMatchObject({ hits: 2, active: false });
  });

  it('refuses a status the call does not document, and a rule that matches no call', async () => {
    const undocumented = await trpc(s, staff, 'mutation', 'chaos.add', {
      surface: 'http',
      match: { callId: 'fetchDevices' },
      effect: { kind: 'error', status: 409 },
    });
    expect(undocumented.code).toBe('BAD_REQUEST');
    expect(undocumented.message).toContain('409');
    const nothing = await trpc(s, staff, 'mutation', 'chaos.add', { surface: 'http', match: { path: '/nowhere/**' }, effect: { kind: 'drop' } });
    expect(nothing.code).toBe('BAD_REQUEST');
  });

  it('a drop rule closes the connection without an answer, for the user it names', async () => {
    await clear();
    await add({ surface: 'http', match: { callId: 'fetchDevices', user: 'luc_regular' }, effect: { kind: 'drop' } });
    await expect(units()).rejects.toThrow();
    // Another user's same call is answered.
    expect((await units(staff)).status).toBe(200);
  });

  it('a role rule and a probability: seeded, so the same seed hits the same calls', async () => {
    const pattern = async (seed: number) => {
      await clear();
      await add({ surface: 'http', match: { callId: 'fetchDevices', role: 'luc_regular' }, effect: { kind: 'error', status: 500 }, probability: 0.5, seed });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await units()).status);
      return statuses;
    };
    const first = await pattern(7);
    expect(first).toEqual(await pattern(7));
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect((await list())[0]?.hits).toBe(first.filter((x) => x === 500).length);
  });

  it('never touches the control plane, the log-in or the docs, even under a rule matching every call', async () => {
    await clear();
    await add({ surface: 'http', match: { path: '/**' }, effect: { kind: 'error', status: 500 } });
    expect((await units()).status).toBe(500);
    expect((await list()).length).toBe(1);
    expect(await s.login('luc_regular')).toMatch(/^fleet_session=/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await clear();
  });
});

describe('chaos rules on /ws', () => {
  const subscribed = async (cookie: string): Promise<WsClient> => {
    const c = await connect(base, { cookie });
    await c.next((m) => m.op === 'hello');
    c.send({ op: 'subscribe', topics });
    await c.next((m) => m.op === 'subscribed');
    return c;
  };
  const eventsAfter = (c: WsClient, n: number) => c.events.length > n;

  it('cut closes the connections of the user it names, and keeps cutting them while active', async () => {
    await clear();
    const mine = await subscribed(regular);
    const theirs = await subscribed(staff);
    await add({ surface: 'ws', match: { user: 'luc_regular' }, effect: { kind: 'cut' } });
    expect(await mine.closed).toBe(1006);
    const again = await connect(base, { cookie: regular });
    expect(await again.closed).toBe(1006);
    expect(theirs.ws.readyState).toBe(theirs.ws.OPEN);
    expect((await list())[0]?.hits).toBe(2);
    await clear();
    theirs.ws.close();
  });

  it('stall holds every frame, replies too, for its time, then delivers them in order', async () => {
    await clear();
    const c = await subscribed(regular);
    const arrivals: { at: number; events: number; pong: boolean }[] = [];
    c.ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { op: string };
      arrivals.push({ at: Date.now(), events: flatten(m as never).length, pong: m.op === 'pong' });
    });
    const stall = await add({ surface: 'ws', match: { role: 'luc_regular' }, effect: { kind: 'stall', ms: 1500 } });
    const added = Date.now();
    c.send({ op: 'ping', t: 1 });
    await c.next((m) => m.op === 'pong', 5000);
    const pong = arrivals.find((a) => a.pong)!;
    // The reply waited for the stall's end, and so did every event sent after the rule (the frames
    // already on their way when it was added arrive at once).
    expect(pong.at).toBeGreaterThanOrEqual(stall.endsAt! - 20);
    expect(arrivals.filter((a) => a.at > added + 500 && a.at < stall.endsAt! - 20)).toEqual([]);
    const burst = arrivals.filter((a) => a.at >= stall.endsAt! - 20).reduce((n, a) => n + a.events, 0);
    expect(burst).toBeGreaterThan(1);
    const seqs = c.events.filter((e) => e.topic === c.events[0]!.topic).map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    c.ws.close();
  });

  it('delay delivers each event and reply late by its time, in order', async () => {
    await clear();
    const late = await subscribed(regular);
    await add({ surface: 'ws', match: { user: 'luc_regular' }, effect: { kind: 'delay', ms: 600 } });
    // Everything after the pong was sent after the rule (frames leave in order).
    const pinged = Date.now();
    late.send({ op: 'ping', t: 2 });
    let ponged = 0;
    const lags: number[] = [];
    late.ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { op: string };
      if (m.op === 'pong') ponged = Date.now();
      if (!ponged) return;
      // How late each event arrives after it was made (its `at`, from the wall clock here and in the
      // stack): a busy event loop can only add to that, where a second client's arrival time, taken
      // in the same busy loop, could come late and make the lag look shorter than the rule's.
      for (const e of flatten(m as never)) {
        const { at } = e.event as { at?: unknown };
        if (typeof at === 'number') lags.push(Date.now() - at);
      }
    });
    await late.next((m) => m.op === 'pong', 5000);
    expect(ponged - pinged).toBeGreaterThanOrEqual(590);
    const from = late.events.length;
    await late.next(() => eventsAfter(late, from + 20), 10_000);
    expect(lags.length).toBeGreaterThan(5);
    expect(Math.min(...lags)).toBeGreaterThanOrEqual(550);
    late.ws.close();
    await clear();
  });
});

describe('who may, and when', () => {
  it('refuses changes to non-staff; everyone signed in reads the rules with their hit counts', async () => {
    const refused = await trpc(s, regular, 'mutation', 'chaos.add', { surface: 'ws', match: {}, effect: { kind: 'cut' } });
    expect(refused.code).toBe('FORBIDDEN');
    expect((await trpc(s, regular, 'mutation', 'chaos.clear')).code).toBe('FORBIDDEN');
    expect(Array.isArray((await trpc(s, regular, 'query', 'chaos.list')).data)).toBe(true);
    expect((await trpc(s, null, 'query', 'chaos.list')).code).toBe('UNAUTHORIZED');
  });

  it('remove takes one rule away; "Reset the demo" clears them all', async () => {
    await clear();
    const a = await add({
      surface: 'http',
      match: { callId: 'fetchDevices' },
      effect: { kind: 'latency', latency: { distribution: 'uniform', minMs: 1, maxMs: 5 } },
    });
    await add({ surface: 'ws', match: {}, effect: { kind: 'delay', ms: 5 } });
    expect((await trpc(s, staff, 'mutation', 'chaos.remove', { id: a.id })).data).toEqual({ removed: true });
    expect((await list()).map((r) => r.id)).not.toContain(a.id);
    expect((await trpc(s, staff, 'mutation', 'demo.set', { preset: 'calm' })).code).toBeUndefined();
    expect(await list()).toEqual([]);
  });
});

describe('with the mock endpoints off', () => {
  it('has no chaos control plane and no hooks', async () => {
    const off = await startTestStack({ simulator: false, env: { MOCK_ENDPOINTS: 'false' } });
    try {
      const res = await off.app.inject({ method: 'POST', url: '/mock/trpc/chaos.add', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode).toBe(404);
      expect(off.app.realtimeTap).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
