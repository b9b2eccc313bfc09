import { describe, expect, it } from 'vitest';
import { RealtimeHub, type BrokerDelivery, type HubClient, type RealtimeBroker } from './hub.js';
import { deriveLiveEvents } from './live-events.js';
import { SlabStore, TopicLog } from './topic-log.js';
import type { RealtimeEvent } from '@fleet/contracts';
import { systemClock } from './clock.js';

interface Frame {
  op: string;
  topic?: string;
  seq?: number;
  epoch?: string;
  event?: RealtimeEvent;
  events?: RealtimeEvent[];
  reason?: string;
}

function client(buffered = 0) {
  const frames: Frame[] = [];
  const raw: (string | Buffer)[] = [];
  let closed: [number, string] | null = null;
  const c: HubClient = {
    send: (f) => {
      raw.push(f);
      frames.push(JSON.parse(String(f)) as Frame);
    },
    bufferedAmount: () => buffered,
    terminate: (code, reason) => {
      closed = [code, reason];
    },
  };
  /** Sequence numbers of every event received, per topic, in arrival order. */
  const seqs = (topic?: string) =>
    frames.flatMap((f) => {
      if (topic !== undefined && f.topic !== topic) return [];
      if (f.op === 'event') return [f.seq!];
      if (f.op === 'events') return f.events!.map((_, i) => f.seq! + i);
      return [];
    });
  return { c, frames, raw, seqs, closed: () => closed };
}

const ev = (unitId: string): RealtimeEvent => ({ type: 'device.added', unitId, at: 1 });

describe('realtime hub', () => {
  it('numbers events per topic and delivers only to subscribers of that topic', async () => {
    const hub = new RealtimeHub();
    const a = client();
    const b = client();
    await hub.subscribe(a.c, ['group:g1']);
    await hub.subscribe(b.c, ['group:g2']);
    hub.publish(['group:g1', 'group:g2'], ev('u1'));
    hub.flush();
    hub.publish(['group:g1'], ev('u2'));
    hub.flush();
    expect(a.seqs()).toEqual([1, 2]);
    expect(b.seqs()).toEqual([1]);
    expect(a.frames.filter((f) => f.op === 'event')).toHaveLength(2);
  });

  it('sends the events of one topic published in one turn as one frame, the same bytes to every subscriber', async () => {
    const hub = new RealtimeHub();
    const a = client();
    const b = client();
    await hub.subscribe(a.c, ['group:g']);
    await hub.subscribe(b.c, ['group:g']);
    for (let i = 0; i < 5; i++) hub.publish(['group:g'], ev(`u${i}`));
    await new Promise((r) => setImmediate(r));
    const batch = a.frames.filter((f) => f.op === 'events');
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ topic: 'group:g', seq: 1, epoch: hub.epoch });
    expect(batch[0]!.events!.map((e) => (e.type === 'device.added' ? e.unitId : ''))).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
    // Serialised once: both subscribers were handed the very same buffer.
    expect(a.raw.at(-1)).toBe(b.raw.at(-1));
    expect(hub.stats).toMatchObject({ published: 5, delivered: 10, frames: 1 });
  });

  it('sends what is pending once the oldest event has waited 10 ms in a long turn, and the rest at the end of the turn', async () => {
    const hub = new RealtimeHub();
    const a = client();
    await hub.subscribe(a.c, ['group:g']);
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // a turn busy with other reports
      }
    };
    hub.publish(['group:g'], ev('u0'));
    hub.publish(['group:g'], ev('u1'));
    expect(a.seqs()).toEqual([]);
    busy(11);
    // Held 11 ms: this publish sends all three, without waiting for the turn to end.
    hub.publish(['group:g'], ev('u2'));
    expect(a.seqs()).toEqual([1, 2, 3]);
    hub.publish(['group:g'], ev('u3'));
    expect(a.seqs()).toEqual([1, 2, 3]);
    await new Promise((r) => setImmediate(r));
    expect(a.seqs()).toEqual([1, 2, 3, 4]);
    // Nothing was sent twice, and a timed flush (flushMs > 0) is left to its timer.
    const timed = new RealtimeHub({ flushMs: 50 });
    const b = client();
    await timed.subscribe(b.c, ['group:g']);
    timed.publish(['group:g'], ev('v0'));
    busy(11);
    timed.publish(['group:g'], ev('v1'));
    expect(b.seqs()).toEqual([]);
  });

  it('replays missed events on resume, with nothing lost or duplicated, including unflushed ones', async () => {
    const hub = new RealtimeHub();
    for (let i = 0; i < 5; i++) hub.publish(['group:g'], ev(`u${i}`));
    hub.flush();
    hub.publish(['group:g'], ev('u5')); // not flushed yet
    const c = client();
    await hub.subscribe(c.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 2 } });
    expect(c.frames[0]).toEqual({ op: 'subscribed', topics: [{ topic: 'group:g', seq: 5 }] });
    expect(c.seqs()).toEqual([3, 4, 5]);
    hub.flush();
    expect(c.seqs()).toEqual([3, 4, 5, 6]);
  });

  it('asks for a refetch when the epoch changed, the history no longer reaches back, or the client is ahead', async () => {
    const hub = new RealtimeHub({ historyMax: 2 });
    for (let i = 0; i < 5; i++) hub.publish(['group:g'], ev(`u${i}`));
    hub.flush();
    const old = client();
    await hub.subscribe(old.c, ['group:g'], { epoch: 'another-epoch', seqs: { 'group:g': 1 } });
    expect(old.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'epoch' });
    const gap = client();
    await hub.subscribe(gap.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 1 } });
    expect(gap.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'gap' });
    const ahead = client();
    await hub.subscribe(ahead.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 99 } });
    expect(ahead.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'gap' });
    const fine = client();
    await hub.subscribe(fine.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 3 } });
    expect(fine.seqs()).toEqual([4, 5]);
  });

  it('keeps history for the configured time, then lets it go', async () => {
    let now = 0;
    const hub = new RealtimeHub({ historyMs: 60_000, clock: { ...systemClock, now: () => now } });
    hub.publish(['group:g'], ev('old'));
    hub.flush();
    now = 59_000;
    hub.publish(['group:g'], ev('newer'));
    hub.flush();
    const within = client();
    await hub.subscribe(within.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 0 } });
    expect(within.seqs()).toEqual([1, 2]);
    now = 61_000;
    hub.publish(['group:g'], ev('newest'));
    hub.flush();
    const late = client();
    await hub.subscribe(late.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 0 } });
    expect(late.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'gap' });
    expect(hub.historySize().events).toBe(2);
  });

  it('bounds the history bytes over all topics, dropping the oldest events first', () => {
    let now = 0;
    const hub = new RealtimeHub({ historyMaxBytes: 3 * 1024 * 1024, clock: { ...systemClock, now: () => now } });
    const pad = 'p'.repeat(2000);
    for (let i = 0; i < 4000; i++) {
      now++;
      hub.publish([i % 2 ? 'group:a' : 'group:b'], { type: 'device.added', unitId: `${pad}-${i}`, at: now });
      if (i % 100 === 99) hub.flush();
    }
    hub.flush();
    const size = hub.historySize();
    expect(size.bytes).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(size.events).toBeGreaterThan(500);
    expect(size.events).toBeLessThan(4000);
    // What is left is the newest: a resume from the start is told to refetch.
    const late = client();
    void hub.subscribe(late.c, ['group:a'], { epoch: hub.epoch, seqs: { 'group:a': 0 } });
    expect(late.frames).toContainEqual({ op: 'refetch', topic: 'group:a', reason: 'gap' });
  });

  it('lets go of a burst once it has aged out: the history shrinks back and few spare slabs stay', () => {
    let now = 0;
    const hub = new RealtimeHub({ historyMs: 65_000, historyMaxBytes: 32 * 1024 * 1024, clock: { ...systemClock, now: () => now } });
    const pad = 'p'.repeat(2000);
    const burst = (count: number, every: number) => {
      for (let i = 0; i < count; i++) {
        now += every;
        hub.publish([i % 2 ? 'group:a' : 'group:b'], { type: 'device.added', unitId: `${pad}-${i}`, at: now });
        if (i % 100 === 99) hub.flush();
      }
      hub.flush();
    };
    // A fleet at ×20: the byte bound, not the age, holds the history.
    burst(20_000, 1);
    expect(hub.historySize().bytes).toBeGreaterThan(24 * 1024 * 1024);
    expect(hub.historySize().bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    // Back at its pace for longer than the history's age: about 1 MiB of events remain.
    burst(600, 200);
    const after = hub.historySize();
    expect(after.bytes).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(after.spareBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('cuts off a slow consumer while others keep receiving', async () => {
    const hub = new RealtimeHub({ maxBufferedBytes: 100 });
    const slow = client(1000);
    const fast = client(0);
    await hub.subscribe(slow.c, ['group:g']);
    await hub.subscribe(fast.c, ['group:g']);
    hub.publish(['group:g'], ev('u'));
    hub.flush();
    hub.publish(['group:g'], ev('u'));
    hub.flush();
    expect(slow.closed()).toEqual([1013, 'slow consumer']);
    expect(fast.seqs()).toEqual([1, 2]);
    expect(hub.clientCount()).toBe(1);
  });
});

/** An in-memory ordering authority shared by several hubs, like Redis. */
class FakeBroker implements RealtimeBroker {
  static counters = new Map<string, number>();
  static hubs: BrokerDelivery[] = [];
  static epoch = 'shared-epoch';
  static drop = false;
  async start(deliver: BrokerDelivery) {
    FakeBroker.hubs.push(deliver);
    return FakeBroker.epoch;
  }
  publish(topics: readonly string[], body: Buffer) {
    const seqs = topics.map((t) => {
      const n = (FakeBroker.counters.get(t) ?? 0) + 1;
      FakeBroker.counters.set(t, n);
      return [t, n] as const;
    });
    if (FakeBroker.drop) return;
    for (const h of FakeBroker.hubs) h(FakeBroker.epoch, seqs, body);
  }
  async currentSeqs(topics: readonly string[]) {
    return topics.map((t) => FakeBroker.counters.get(t) ?? 0);
  }
  async close() {}
}

describe('realtime hub with a broker', () => {
  it('delivers events published on another instance in order, numbered by the broker', async () => {
    FakeBroker.counters.clear();
    FakeBroker.hubs = [];
    const a = new RealtimeHub();
    const b = new RealtimeHub();
    await a.useBroker(new FakeBroker());
    await b.useBroker(new FakeBroker());
    expect(a.epoch).toBe('shared-epoch');
    const onB = client();
    await b.subscribe(onB.c, ['group:g']);
    for (let i = 0; i < 3; i++) a.publish(['group:g'], ev(`a${i}`));
    b.publish(['group:g'], ev('b0'));
    b.flush();
    expect(onB.seqs()).toEqual([1, 2, 3, 4]);

    // A missed broker message is a gap: subscribers are told to refetch.
    FakeBroker.drop = true;
    a.publish(['group:g'], ev('lost'));
    FakeBroker.drop = false;
    a.publish(['group:g'], ev('after'));
    b.flush();
    expect(onB.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'gap' });
    expect(onB.seqs()).toEqual([1, 2, 3, 4, 6]);

    // Resuming on an instance that has not seen the topic's early events: refetch, never a silent gap.
    const fresh = new RealtimeHub();
    await fresh.useBroker(new FakeBroker());
    const resumed = client();
    await fresh.subscribe(resumed.c, ['group:g'], { epoch: 'shared-epoch', seqs: { 'group:g': 2 } });
    expect(resumed.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'gap' });
    // ... and one that is up to date resumes quietly.
    const upToDate = client();
    await b.subscribe(upToDate.c, ['group:g'], { epoch: 'shared-epoch', seqs: { 'group:g': 6 } });
    expect(upToDate.frames.filter((f) => f.op === 'refetch')).toEqual([]);
  });
});

describe('topic log', () => {
  it('keeps consecutive events in shared slabs, joins any range into valid JSON, and releases what it drops', () => {
    const store = new SlabStore();
    const log = new TopicLog(store);
    const other = new TopicLog(store);
    const body = (i: number) => JSON.stringify({ i, pad: 'x'.repeat(i % 997 === 0 ? 1_500_000 : 50 + (i % 13) * 100) });
    for (let i = 0; i < 10_000; i++) {
      const where = store.put(body(i));
      log.append(1001 + i, i, where);
      if (i % 2 === 0) other.append(1 + i / 2, i, where); // the same bytes, once, in two topics
    }
    expect(log.size).toBe(10_000);
    expect(other.size).toBe(5000);
    expect(log.seqOf(log.head)).toBe(1001);
    const items = (l: TopicLog, from: number, to: number) => (JSON.parse(l.join('[', from, to, ']').toString()) as { i: number }[]).map((x) => x.i);
    expect(items(log, 0, 1)).toEqual([0]);
    expect(items(log, 5, 40)).toEqual(Array.from({ length: 35 }, (_, k) => 5 + k));
    expect(items(other, 0, 3)).toEqual([0, 2, 4]);
    const bytes = store.bytes;
    log.dropTo(6000); // sequence numbers and indexes stay valid (compaction happens on append)
    expect(store.bytes).toBeGreaterThan(bytes * 0.6); // the other topic still refers to most old slabs
    other.dropTo(3000);
    expect(store.bytes).toBeLessThan(bytes / 2);
    expect(log.seqOf(log.head)).toBe(7001);
    const at = log.indexOf(7001);
    expect(items(log, at, at + 3)).toEqual([6000, 6001, 6002]);
    log.append(11_001, 1, store.put(body(1)));
    expect(items(log, log.end - 2, log.end)).toEqual([9999, 1]);
    log.clear(0);
    other.clear(0);
    expect(log.size).toBe(0);
    expect(store.slabCount()).toBe(1); // only the slab being filled
  });
});

describe('derived live events', () => {
  const status = (
    applications: Extract<RealtimeEvent, { type: 'unit.status' }>['applications'],
    st: 'idle' | 'streaming' | 'offline' = 'idle',
  ): RealtimeEvent => ({
    type: 'unit.status',
    unitId: 'U1',
    status: st,
    previous: 'idle',
    change: null,
    applications,
    at: 2000,
  });

  it('sets a transition flag while an application connects or stops, and clears it once reached', async () => {
    const hub = new RealtimeHub();
    deriveLiveEvents(hub);
    const c = client();
    await hub.subscribe(c.c, ['group:g']);
    hub.publish(['group:g'], status({ video: { state: 'connecting' } }));
    hub.publish(['group:g'], status({ video: { state: 'running' } }, 'streaming'));
    hub.publish(['group:g'], status({ video: { state: 'running' }, databridge: { state: 'stopping' } }, 'streaming'));
    hub.publish(['group:g'], status({}));
    hub.publish(['group:g'], status({ videoReturn: { state: 'connecting' } }));
    hub.publish(['group:g'], status({}, 'offline'));
    hub.flush();
    const transitions = c.frames
      .flatMap((f) => f.events ?? (f.event ? [f.event] : []))
      .flatMap((e) => (e.type === 'unit.transition' ? [[e.flag, e.active, e.target]] : []));
    expect(transitions).toEqual([
      ['isTransition', true, 'running'],
      ['isTransition', false, null],
      ['isDbTransition', true, 'stopped'],
      ['isDbTransition', false, null],
      ['isVrTransition', true, 'running'],
      ['isVrTransition', false, null],
    ]);
  });
});
