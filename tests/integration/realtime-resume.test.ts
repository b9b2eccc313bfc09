/**
 * Resuming /ws with real websockets while simulated units stream telemetry (every 100 ms):
 * a forced disconnect loses and duplicates nothing; a server restart changes the epoch and the
 * console's own RealtimeClient is told to refetch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, type CurrentUser, type RealtimeEvent, type Topic } from '@fleet/contracts';
import { buildApp } from '@fleet/core';
import { createDb } from '@fleet/db';
import { startSimulator } from '@fleet/stack';
import { RealtimeClient } from '../../apps/console/src/realtime/RealtimeClient';
import { FAST_TIMINGS, startTestStack, type TestStack } from '../support/stack.js';
import { connect, handled, until, wsSocketFactory, wsUrl, type Received } from './realtime-client.js';

/** Per topic: seq → event JSON; fails on a duplicate. */
function bySeq(events: readonly Received[]): Map<string, Map<number, string>> {
  const out = new Map<string, Map<number, string>>();
  for (const e of events) {
    let m = out.get(e.topic);
    if (!m) out.set(e.topic, (m = new Map()));
    if (m.has(e.seq)) throw new Error(`${e.topic} #${e.seq} received twice`);
    m.set(e.seq, JSON.stringify(e.event));
  }
  return out;
}

describe('realtime resume', () => {
  let s: TestStack;
  let base: string;
  let cookie: string;
  let topics: Topic[];

  beforeAll(async () => {
    s = await startTestStack();
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await s.login('luc_regular');
    const me: CurrentUser = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
    topics = me.groups.map((g) => groupTopic(g.id));
  });
  afterAll(async () => s?.close());

  it('after a forced disconnect, resuming loses and duplicates nothing while units stream', async () => {
    // A control subscriber stays connected the whole time.
    const control = await connect(base, { cookie });
    await control.next((m) => m.op === 'hello');
    control.send({ op: 'subscribe', topics });
    await control.next((m) => m.op === 'subscribed');

    const first = await connect(base, { cookie });
    const hello = await first.next((m) => m.op === 'hello');
    const epoch = hello.op === 'hello' ? hello.epoch : '';
    first.send({ op: 'subscribe', topics });
    await first.next((m) => m.op === 'subscribed');
    await until(() => first.events.length >= 30, 10_000, 'events before the disconnect');

    // Forced: the TCP connection is destroyed, no closing handshake.
    first.ws.terminate();
    const last: Record<string, number> = {};
    for (const e of first.events) last[e.topic] = Math.max(last[e.topic] ?? 0, e.seq);
    const beforeGap = control.events.length;
    // Units keep reporting meanwhile.
    await until(() => control.events.length - beforeGap > 20, 10_000, 'events while the first console is away');

    const atResume: Record<string, number> = {};
    for (const e of control.events) atResume[e.topic] = e.seq;
    const second = await connect(base, { cookie });
    await second.next((m) => m.op === 'hello');
    second.send({ op: 'subscribe', topics, resume: { epoch, seqs: last } });
    await second.next((m) => m.op === 'subscribed');
    await handled(second);
    expect(second.messages.filter((m) => m.op === 'refetch')).toEqual([]);
    // Events published while it was away came back in the replay.
    const replayed = second.events.filter((e) => e.seq > (last[e.topic] ?? 0) && e.seq <= (atResume[e.topic] ?? 0));
    expect(replayed.length).toBeGreaterThan(0);

    // Count by sequence number across the disconnect: no duplicates (bySeq throws), no gaps, and
    // exactly what the control subscriber saw over the same span.
    const mine = bySeq([...first.events, ...second.events]);
    const theirs = bySeq(control.events);
    control.ws.close();
    second.ws.close();
    let compared = 0;
    for (const [topic, got] of mine) {
      const seqs = [...got.keys()].sort((a, b) => a - b);
      const lo = seqs[0]!;
      const hi = seqs.at(-1)!;
      expect(seqs).toEqual(Array.from({ length: hi - lo + 1 }, (_, i) => lo + i));
      const ref = theirs.get(topic)!;
      for (let seq = Math.max(lo, Math.min(...ref.keys())); seq <= Math.min(hi, Math.max(...ref.keys())); seq++) {
        expect(got.get(seq)).toBe(ref.get(seq));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('a server restart changes the epoch: the resuming console is told to refetch, then follows the new stream', async () => {
    const port = Number(new URL(base).port);
    const refetches: [string, string][] = [];
    const events: RealtimeEvent[] = [];
    const client = new RealtimeClient({
      url: wsUrl(base),
      batchSize: 50,
      socketFactory: wsSocketFactory({ cookie }),
      reconnectIntervalMs: 100,
      syncDelayMaxMs: 0,
      onEvent: (event) => events.push(event),
      onRefetch: (topic, reason) => refetches.push([topic, reason]),
    });
    client.setTopics(topics);
    client.start();
    await until(() => events.length > 5, 10_000, 'events before the restart');
    const oldEpoch = client.getEpoch();
    expect(oldEpoch).toBe(s.app.services.hub.epoch);

    // A raw client holding the old epoch, to see the server's own answer to the resume.
    const raw = await connect(base, { cookie });
    await raw.next((m) => m.op === 'hello');
    raw.send({ op: 'subscribe', topics });
    await raw.next((m) => m.op === 'subscribed');
    await until(() => raw.events.length > 0, 5000, 'raw events');
    const rawLast: Record<string, number> = Object.fromEntries(topics.map((t) => [t, 0]));
    for (const e of raw.events) rawLast[e.topic] = e.seq;

    // Restart: close the core, build a new one on the same database and port.
    await s.app.close();
    const db2 = await createDb({ url: s.url });
    const app2 = await buildApp({ config: s.config, db: db2.prisma, logger: false });
    const sim2 = startSimulator(app2, { seed: 2, timings: FAST_TIMINGS });
    try {
      await app2.listen({ host: '127.0.0.1', port });
      expect(app2.services.hub.epoch).not.toBe(oldEpoch);

      const again = await connect(base, { cookie });
      const hello = await again.next((m) => m.op === 'hello');
      expect(hello).toMatchObject({ epoch: app2.services.hub.epoch });
      again.send({ op: 'subscribe', topics, resume: { epoch: oldEpoch!, seqs: rawLast } });
      await again.next((m) => m.op === 'subscribed');
      await until(() => again.messages.filter((m) => m.op === 'refetch').length === topics.length, 5000, 'refetch per topic');
      expect(again.messages.filter((m) => m.op === 'refetch').map((m) => (m.op === 'refetch' ? [m.topic, m.reason] : []))).toEqual(
        topics.map((t) => [t, 'epoch']),
      );
      again.ws.close();

      // The console's client reconnects by itself, refetches every topic, then takes the new stream.
      await until(() => client.getEpoch() === app2.services.hub.epoch, 10_000, 'the console on the new epoch');
      for (const t of topics) expect(refetches).toContainEqual([t, 'epoch']);
      const seen = events.length;
      await until(() => events.length > seen + 3, 10_000, 'events after the restart');
      expect(client.getStatus()).toBe('open');
    } finally {
      client.stop();
      sim2.stop();
      await app2.close();
      await db2.close();
    }
  });
});
