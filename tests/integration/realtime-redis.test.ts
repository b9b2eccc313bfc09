/**
 * Two core instances on one PostgreSQL database and one Redis (REDIS_URL): a subscriber on
 * instance B receives, in order and without gaps, the events caused on instance A (its devices'
 * telemetry and status, a stream started through A's REST API), numbered by Redis; a console can
 * resume on the other instance; a changed websocket library setting reaches consoles of the
 * other instances. Needs DATABASE_URL_PG and REDIS_URL_TEST (the test command provides both).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, type CurrentUser, type Topic, type UnitSummary } from '@fleet/contracts';
import { pgUrl, startOtherInstance, startTestStack, type OtherInstance, type TestStack } from '../support/stack.js';
import { connect, handled, until, type Received, type WsClient } from './realtime-client.js';

function redisUrl(): string | undefined {
  const url = process.env.REDIS_URL_TEST;
  if (!url && process.env.REQUIRE_REDIS === '1') throw new Error('REDIS_URL_TEST is not set but REQUIRE_REDIS=1: start Redis with scripts/redis-up.sh');
  return url;
}

const enabled = Boolean(redisUrl() && pgUrl());

function contiguous(events: readonly Received[], topic: string): number[] {
  const seqs = events.filter((e) => e.topic === topic).map((e) => e.seq);
  expect(seqs, `${topic}: in order, no gaps, no duplicates`).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
  return seqs;
}

describe.skipIf(!enabled)('realtime across two core instances (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  let a: TestStack;
  let b: OtherInstance;
  let baseA: string;
  let baseB: string;
  let cookieA: string;
  let cookieB: string;
  let topics: Topic[];

  /** Another instance on A's database, without devices of its own. */
  function instance(env: Record<string, string>): Promise<OtherInstance> {
    return startOtherInstance(a, { REDIS_URL: redisUrl()!, REDIS_PREFIX: prefix, ...env });
  }

  async function subscribed(base: string, cookie: string): Promise<WsClient & { epoch: string }> {
    const c = await connect(base, { cookie });
    const hello = await c.next((m) => m.op === 'hello');
    c.send({ op: 'subscribe', topics });
    await c.next((m) => m.op === 'subscribed');
    return Object.assign(c, { epoch: hello.op === 'hello' ? hello.epoch : '' });
  }

  beforeAll(async () => {
    a = await startTestStack({ provider: 'postgresql', env: { REDIS_URL: redisUrl()!, REDIS_PREFIX: prefix } });
    b = await instance({});
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
    cookieA = await a.login('luc_regular');
    // Sessions live in the shared database: a log-in on A is valid on B as well.
    cookieB = cookieA;
    const me: CurrentUser = (await a.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: cookieA } })).json();
    topics = me.groups.map((g) => groupTopic(g.id));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shares one epoch, and B’s subscriber receives A’s events in order and without gaps', async () => {
    expect(b.app.services.hub.epoch).toBe(a.app.services.hub.epoch);
    const onA = await subscribed(baseA, cookieA);
    const onB = await subscribed(baseB, cookieB);
    expect(onB.epoch).toBe(onA.epoch);

    // Caused on A: its devices report (telemetry every 100 ms) and a stream started through A.
    const units: UnitSummary[] = (await a.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie: cookieA } })).json();
    const unit = units.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.groupIds.length > 0)!;
    expect(unit).toBeDefined();
    const res = await a.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: cookieA } });
    expect(res.statusCode).toBe(200);
    await until(
      () => onB.events.some((e) => e.event.type === 'unit.status' && e.event.unitId === unit.uniqueId && e.event.status === 'streaming'),
      10_000,
      'the stream start seen on B',
    );
    await until(() => onB.events.length > 20, 10_000, 'events on B');
    expect(b.app.services.gateway.shardCount()).toBe(0); // B has no devices: all of it came through Redis

    // Same numbers, same events on both instances, for the span both saw.
    const end: Record<string, number> = {};
    for (const e of onA.events) end[e.topic] = e.seq;
    for (const topic of topics) {
      const seqsB = contiguous(onB.events, topic);
      contiguous(onA.events, topic);
      const stop = Math.min(end[topic] ?? 0, seqsB.at(-1) ?? 0);
      const pick = (c: WsClient) =>
        c.events.filter((e) => e.topic === topic && e.seq >= (seqsB[0] ?? 0) && e.seq <= stop).map((e) => [e.seq, JSON.stringify(e.event)]);
      expect(pick(onB)).toEqual(pick(onA));
    }
    expect(onB.events.every((e) => e.epoch === onA.epoch)).toBe(true);
    onA.ws.close();
    onB.ws.close();
  });

  it('a console that loses A resumes on B with nothing lost or duplicated', async () => {
    const control = await subscribed(baseB, cookieB);
    const first = await subscribed(baseA, cookieA);
    await until(() => first.events.length > 20, 10_000, 'events on A');
    first.ws.terminate();
    const last: Record<string, number> = {};
    for (const e of first.events) last[e.topic] = e.seq;
    // Events are published while it is away.
    const away = control.events.length;
    await until(() => control.events.length > away + 10, 10_000, 'events while away');
    const second = await connect(baseB, { cookie: cookieB });
    await second.next((m) => m.op === 'hello');
    second.send({ op: 'subscribe', topics, resume: { epoch: first.epoch, seqs: last } });
    await second.next((m) => m.op === 'subscribed');
    await handled(second);
    expect(second.messages.filter((m) => m.op === 'refetch')).toEqual([]);
    for (const topic of topics) {
      const all = [...first.events, ...second.events];
      const seqs = contiguous(all, topic);
      const ref = new Map(control.events.filter((e) => e.topic === topic).map((e) => [e.seq, JSON.stringify(e.event)]));
      for (const e of all.filter((x) => x.topic === topic && ref.has(x.seq))) expect(JSON.stringify(e.event)).toBe(ref.get(e.seq));
      expect(seqs.length).toBeGreaterThan(0);
    }
    control.ws.close();
    second.ws.close();
  });

  it('an instance started with another websocket library setting tells every console to reload', async () => {
    const onA = await subscribed(baseA, cookieA);
    const c = await instance({ WS_LIBRARY: 'uws@20' });
    try {
      await until(() => onA.events.some((e) => e.event.type === 'config.changed'), 10_000, 'config.changed on A');
      const change = onA.events.find((e) => e.event.type === 'config.changed')!;
      expect(change.event).toMatchObject({ type: 'config.changed', wsLibrary: 'uws@20' });
      contiguous(onA.events, change.topic);
    } finally {
      onA.ws.close();
      await c.close();
    }
  });
});
