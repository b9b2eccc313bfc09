/**
 * A step of the clock costs what changes: it runs in slices that hand the event loop back (the core
 * in the same process keeps answering), can be followed and cancelled, sends each device's outcome
 * rather than every report of the span, and beyond its last hour moves the fleet's plans along
 * instead of firing them one by one.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceToCore } from '@fleet/contracts';
import { SimClock } from './clock.js';
import { StepOutbox } from './engine/step-outbox.js';
import { engineHarness, SERVERS, T0, TEST_TIMINGS, unitSpec } from './testing/harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A pause the test releases one slice at a time. */
function gate() {
  let waiting: (() => void) | null = null;
  let slices = 0;
  return {
    pause: () =>
      new Promise<void>((resolve) => {
        slices++;
        waiting = resolve;
      }),
    get slices() {
      return slices;
    },
    /** Let the step run its next slice, then wait for it to reach the next pause (or its end). */
    async next() {
      const w = waiting;
      waiting = null;
      w?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    get held() {
      return waiting !== null;
    },
  };
}

/** A clock with `n` timers one simulated second apart, each logging its due time when it fires. */
function scheduled(n: number) {
  const clock = new SimClock(T0, { kind: 'stepped' });
  const fired: number[] = [];
  for (let i = 1; i <= n; i++) clock.after(i * 1000, () => fired.push(clock.now()));
  return { clock, fired };
}

describe('SimClock.advanceInSlices', () => {
  it('fires what advance() fires, in the same order, across slices', async () => {
    const a = scheduled(1000);
    a.clock.advance(HOUR);
    const b = scheduled(1000);
    const g = gate();
    const { done } = b.clock.advanceInSlices(HOUR, { sliceMs: 0, pause: g.pause });
    expect(b.clock.stepping()).toEqual({ from: T0, to: T0 + HOUR });
    while (g.held) await g.next();
    expect(await done).toEqual({ completed: true });
    expect(g.slices).toBeGreaterThan(10);
    expect(b.fired).toEqual(a.fired);
    expect(b.clock.now()).toBe(T0 + HOUR);
    expect(b.clock.stepping()).toBeNull();
  });

  it('ends a short step within its first slice', async () => {
    const { clock, fired } = scheduled(10);
    const { done } = clock.advanceInSlices(MINUTE, { sliceMs: 1000, pause: () => Promise.reject(new Error('no pause expected')) });
    expect(clock.stepping()).toBeNull();
    expect(fired).toHaveLength(10);
    expect(await done).toEqual({ completed: true });
  });

  it('stops where it got to when cancelled: later timers stay pending, time stays there', async () => {
    const { clock, fired } = scheduled(1000);
    const g = gate();
    const { done } = clock.advanceInSlices(HOUR, { sliceMs: 0, pause: g.pause });
    await g.next();
    const reached = clock.now();
    expect(reached).toBeGreaterThan(T0);
    expect(reached).toBeLessThan(T0 + 1000 * 1000);
    expect(clock.cancelStep()).toBe(true);
    await g.next();
    expect(await done).toEqual({ completed: false });
    expect(clock.now()).toBe(reached);
    expect(fired.at(-1)).toBe(reached);
    expect(clock.pendingTimers()).toBe(1000 - fired.length);
    expect(clock.cancelStep()).toBe(false);
    // The rest fires on the next step, at its own times.
    clock.advance(HOUR);
    expect(fired).toHaveLength(1000);
  });

  it('ends the step when the clock leaves the stepped mode', async () => {
    const { clock } = scheduled(1000);
    const g = gate();
    const { done } = clock.advanceInSlices(HOUR, { sliceMs: 0, pause: g.pause });
    clock.setMode({ kind: 'realtime' });
    await g.next();
    expect(await done).toEqual({ completed: false });
    expect(clock.stepping()).toBeNull();
    clock.stop();
  });

  it('refuses a second step while one runs', () => {
    const { clock } = scheduled(1000);
    clock.advanceInSlices(HOUR, { sliceMs: 0, pause: () => new Promise(() => {}) });
    expect(() => clock.advanceInSlices(HOUR, { sliceMs: 0, pause: () => Promise.resolve() })).toThrow(/under way/);
    expect(() => clock.advance(HOUR)).toThrow(/under way/);
  });

  it('beyond its horizon moves every plan along: what was due in a minute is due a minute into the last hour', async () => {
    const clock = new SimClock(T0, { kind: 'stepped' });
    const fired: number[] = [];
    clock.after(MINUTE, () => fired.push(clock.now()));
    const ticks: number[] = [];
    clock.every(10 * MINUTE, () => ticks.push(clock.now()));
    const { done } = clock.advanceInSlices(DAY, { sliceMs: 1000, pause: () => Promise.resolve(), horizonMs: HOUR });
    expect(await done).toEqual({ completed: true });
    const skipped = DAY - HOUR;
    expect(fired).toEqual([T0 + skipped + MINUTE]);
    // The periodic timer keeps its period from where it was moved to: six firings in the last hour.
    expect(ticks).toEqual([1, 2, 3, 4, 5, 6].map((i) => T0 + skipped + i * 10 * MINUTE));
    expect(clock.now()).toBe(T0 + DAY);
  });
});

describe('StepOutbox', () => {
  const state = (unitId: string, at: number): DeviceToCore => ({ kind: 'state', unitId, online: true, applications: {}, at });
  const tally = (unitId: string, tally: 'program' | 'off'): DeviceToCore => ({ kind: 'event', at: 0, event: { type: 'tally', unitId, tally } });
  const logs = (unitId: string): DeviceToCore => ({
    kind: 'event',
    at: 0,
    event: { type: 'fetchLogs', unitId, channelId: 'C', state: 'running', error: null },
  });

  it('keeps the last report of each thing, in the order of the last versions; one-of-a-kind reports all', () => {
    const box = new StepOutbox();
    box.put(state('A', 1));
    box.put(tally('A', 'program'));
    box.put(state('B', 2));
    box.put(logs('A'));
    box.put(state('A', 3));
    box.put(tally('A', 'off'));
    box.put(logs('A'));
    expect(box.stats.received).toBe(7);
    expect(box.drain()).toEqual([state('B', 2), logs('A'), state('A', 3), tally('A', 'off'), logs('A')]);
    expect(box.size).toBe(0);
  });
});

describe('a step of the engine', () => {
  /** Units that stream, record and forward now and then by themselves, and drop links. */
  const lively = {
    autonomyShare: 1,
    autonomyFirstWithinMs: 4000,
    autonomyMeanGapMs: 40_000,
    autonomyActivityMs: [30_000, 300_000] as [number, number],
    spontaneousLinkEvents: true,
    telemetryIntervalMs: 5000,
  };
  const devices = ['U1', 'U2', 'U3'].map((id) => unitSpec(id));
  const lastStates = (messages: DeviceToCore[]) => {
    const last = new Map<string, string>();
    for (const m of messages.flatMap((x) => (x.kind === 'batch' ? x.messages : [x])))
      if (m.kind === 'state') last.set(m.unitId, JSON.stringify(m.applications));
    return last;
  };

  it('sends each device’s outcome: far fewer reports than emitted, ending where the devices are', async () => {
    const h = await engineHarness({ devices, servers: SERVERS, seed: 7, timings: lively });
    h.engine.clock.advance(MINUTE);
    await h.flush();
    const before = { emitted: h.log.length, received: h.received.length };
    const reply = h.engine.control({ op: 'clock', clock: { advanceMs: 2 * HOUR } });
    while (h.engine.clock.stepping()) await h.flush();
    await h.flush();
    const emitted = h.log.slice(before.emitted);
    const received = h.received.slice(before.received);
    expect(reply.error).toBeUndefined();
    expect(emitted.length).toBeGreaterThan(200);
    expect(received.length).toBeLessThan(emitted.length / 4);
    expect(h.engine.stats.compacted).toBeGreaterThan(0);
    // What the core last heard of each unit is what the unit runs now, and what the devices emitted last.
    const truth = new Map([...h.engine.units()].map((u) => [u.spec.unitId, JSON.stringify(u.truth().applications)]));
    expect(lastStates(h.received)).toEqual(truth);
    expect(lastStates(h.received)).toEqual(lastStates(h.log));
    h.engine.stop();
  });

  it('runs in slices the status follows, and a cancel ends it where it got to', async () => {
    const g = gate();
    const h = await engineHarness({ devices, servers: SERVERS, seed: 7, timings: lively, step: { sliceMs: 0, pause: g.pause } });
    h.engine.clock.advance(MINUTE);
    const from = h.engine.clock.now();
    const started = h.engine.control({ op: 'clock', clock: { advanceMs: HOUR } });
    expect(started.clock.step).toEqual({ from, to: from + HOUR });
    expect(h.engine.control({ op: 'clock', clock: { advanceMs: HOUR } }).error).toBe('CLOCK_STEPPING');
    await g.next();
    const mid = h.engine.status().clock;
    expect(mid.step).toEqual({ from, to: from + HOUR });
    expect(mid.now).toBeGreaterThan(from);
    expect(mid.now).toBeLessThan(from + HOUR);
    const cancelled = h.engine.control({ op: 'clockCancel' });
    expect(cancelled.clock.step).toBeNull();
    expect(cancelled.clock.now).toBe(mid.now);
    await h.flush();
    // The devices' outcome as of where the step stopped has reached the core.
    const truth = new Map([...h.engine.units()].map((u) => [u.spec.unitId, JSON.stringify(u.truth().applications)]));
    expect(lastStates(h.received)).toEqual(truth);
    // The clock steps again as usual.
    await g.next();
    expect(h.engine.control({ op: 'clock', clock: { advanceMs: MINUTE } }).error).toBeUndefined();
    while (h.engine.clock.stepping()) await g.next();
    expect(h.engine.clock.now()).toBe(mid.now + MINUTE);
    h.engine.stop();
  });

  it('sends nothing of a device that ends the step as it began', async () => {
    const h = await engineHarness({ devices: [unitSpec('U1')], servers: SERVERS, seed: 7, timings: TEST_TIMINGS });
    h.engine.clock.advance(MINUTE);
    await h.flush();
    const device = h.engine.device('U1')!;
    const before = { emitted: h.log.length, received: h.received.length };
    h.engine.clock.after(10 * MINUTE, () => void device.stream.startStream(null));
    h.engine.clock.after(20 * MINUTE, () => device.stream.stopRun(device.stream.run));
    h.engine.control({ op: 'clock', clock: { advanceMs: HOUR } });
    while (h.engine.clock.stepping()) await h.flush();
    await h.flush();
    const states = (messages: DeviceToCore[]) => messages.filter((m) => m.kind === 'state');
    // It streamed for ten minutes on the way (connecting, streaming, disconnecting, idle)…
    expect(states(h.log.slice(before.emitted)).length).toBeGreaterThanOrEqual(3);
    // …and ended the hour idle, as the core last heard: nothing of it is sent but its readings.
    expect(states(h.received.slice(before.received))).toEqual([]);
    expect(h.received.slice(before.received).some((m) => m.kind === 'telemetry')).toBe(true);
    h.engine.stop();
  });

  it('a day costs about an hour of events: the time before the last hour passes with the plans moved along', async () => {
    const h = await engineHarness({ devices, servers: SERVERS, seed: 7, timings: lively });
    h.engine.control({ op: 'clock', clock: { advanceMs: HOUR } });
    while (h.engine.clock.stepping()) await h.flush();
    const hour = h.log.length;
    h.engine.control({ op: 'clock', clock: { advanceMs: DAY } });
    while (h.engine.clock.stepping()) await h.flush();
    const day = h.log.length - hour;
    expect(day).toBeLessThan(hour * 3);
    expect(h.engine.clock.now()).toBe(T0 + HOUR + DAY);
    h.engine.stop();
  });
});
