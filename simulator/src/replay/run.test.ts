import { describe, expect, it } from 'vitest';
import type { DeviceSpec, DeviceToCore, ReplayEntry } from '@fleet/contracts';
import { engineHarness, SERVERS, T0, TEST_TIMINGS, unitSpec } from '../testing/harness.js';

const fleet: DeviceSpec[] = [unitSpec('U1'), unitSpec('U2')];
/** The replay's clock starts a day after the engine's: what it sends carries the replay's times. */
const START = T0 + 86_400_000;

const telemetry = (unitId: string, at: number): Extract<DeviceToCore, { kind: 'telemetry' }> => ({
  kind: 'telemetry',
  unitId,
  battery: null,
  location: null,
  modems: [],
  cameraConnected: true,
  sample: { t: at - 5, kbps: 1200 },
  at,
});

/** Reports and REST writes as a recording gives them (times from the recorded core, long ago). */
const ENTRIES: ReplayEntry[] = [
  { kind: 'device', t: 0, message: { kind: 'state', unitId: 'U1', online: true, applications: {}, at: 1000 } },
  { kind: 'device', t: 1000, message: telemetry('U1', 2000) },
  { kind: 'request', t: 1000, index: 7 },
  { kind: 'device', t: 1000, message: { kind: 'event', event: { type: 'tally', unitId: 'U2', tally: 'program' }, at: 2000 } },
  { kind: 'device', t: 2500, message: { kind: 'state', unitId: 'U2', online: false, applications: {}, at: 3500 } },
];

async function setup() {
  const h = await engineHarness({ devices: fleet, servers: SERVERS, seed: 3, timings: TEST_TIMINGS });
  h.engine.clock.advance(10_000);
  await h.flush();
  return h;
}

/** Load `entries` in chunks of two (as the core loads big replays in several) and start, stepped. */
function startReplay(h: Awaited<ReturnType<typeof setup>>, entries: ReplayEntry[], replayId = 'R1') {
  for (let i = 0; i === 0 || i < entries.length; i += 2) h.engine.control({ op: 'replayLoad', replayId, entries: entries.slice(i, i + 2) });
  h.log.length = 0;
  return h.engine.control({ op: 'replayStart', replayId, startAt: START, clock: { kind: 'stepped' } });
}

describe('replay on a shard', () => {
  it('plays each entry at exactly its time, in order, with current times, and announces REST writes', async () => {
    const h = await setup();
    const started = startReplay(h, ENTRIES);
    expect(started.replay).toEqual({ replayId: 'R1', state: 'running', applied: 0, total: 5, elapsedMs: 0 });
    expect(started.clock).toMatchObject({ kind: 'stepped', now: START });
    expect(h.log).toEqual([]); // nothing is sent before the clock moves

    h.engine.clock.advance(0);
    expect(h.log).toEqual([{ kind: 'state', unitId: 'U1', online: true, applications: {}, at: START }]);
    h.engine.clock.advance(999);
    expect(h.log).toHaveLength(1);
    h.engine.clock.advance(1);
    expect(h.log.slice(1)).toEqual([
      { ...telemetry('U1', START + 1000), sample: { t: START + 995, kbps: 1200 } },
      { kind: 'replayDue', replayId: 'R1', index: 7 },
      { kind: 'event', event: { type: 'tally', unitId: 'U2', tally: 'program' }, at: START + 1000 },
    ]);
    expect(h.engine.status().replay).toMatchObject({ state: 'running', applied: 4, elapsedMs: 1000 });
    h.engine.clock.advance(1499);
    expect(h.log).toHaveLength(4);
    h.engine.clock.advance(1);
    expect(h.log[4]).toEqual({ kind: 'state', unitId: 'U2', online: false, applications: {}, at: START + 2500 });
    h.engine.clock.advance(60_000);
    expect(h.log).toHaveLength(5);
    expect(h.engine.status().replay).toEqual({ replayId: 'R1', state: 'finished', applied: 5, total: 5, elapsedMs: 2500 });
    h.engine.stop();
  });

  it('mutes the devices: nothing of their own over ten minutes, every command acknowledged ok without effect', async () => {
    const h = await setup();
    expect(h.log.some((m) => m.kind === 'telemetry')).toBe(true); // the fleet reported before
    startReplay(h, []);
    expect(h.engine.status().replay).toMatchObject({ state: 'finished', total: 0 });
    for (let i = 0; i < 60; i++) h.engine.clock.advance(10_000);
    await h.flush();
    expect(h.log).toEqual([]);

    h.send({ kind: 'command', commandId: 'c1', unitId: 'U1', command: { type: 'startStream', channelId: null } });
    h.send({ kind: 'command', commandId: 'c2', unitId: 'NOT-A-UNIT', command: { type: 'rename', name: 'x' } });
    h.send({ kind: 'serverCommand', commandId: 'c3', serverId: 'MMH-1', command: { type: 'resetInstance' } });
    await h.flush();
    h.engine.clock.advance(30_000);
    await h.flush();
    expect(h.log).toEqual([
      { kind: 'ack', commandId: 'c1', ok: true },
      { kind: 'ack', commandId: 'c2', ok: true },
      { kind: 'ack', commandId: 'c3', ok: true },
    ]);
    expect(h.engine.device('U1')).toBeUndefined(); // stopped, not streaming
    expect(h.engine.status()).toMatchObject({ devices: 2, servers: 2, commands: 3 });
    h.engine.stop();
  });

  it('replayStop cancels what is left and the fleet simulates again from the current seed', async () => {
    const h = await setup();
    startReplay(h, ENTRIES);
    h.engine.clock.advance(1000);
    const before = h.log.length;
    const stopped = h.engine.control({ op: 'replayStop' });
    expect(stopped.replay).toEqual({ replayId: 'R1', state: 'stopped', applied: 4, total: 5, elapsedMs: 1000 });
    expect(stopped.seed).toBe(3);
    expect(h.engine.isMuted()).toBe(false);
    h.engine.clock.advance(10_000);
    await h.flush();
    const after = h.log.slice(before);
    // The restarted units take over at once (on, nothing running; never offline in between) and report telemetry on the replay's clock; U2's last entry never comes.
    expect(after.filter((m) => m.kind === 'state' && !m.online)).toEqual([]);
    expect(after.filter((m) => m.kind === 'state' && m.online).map((m) => m.kind === 'state' && m.unitId)).toEqual(['U1', 'U2']);
    expect(new Set(after.flatMap((m) => (m.kind === 'telemetry' ? [m.unitId] : [])))).toEqual(new Set(['U1', 'U2']));
    expect(after.every((m) => !('at' in m) || m.at >= START + 1000)).toBe(true);
    expect(after.some((m) => m.kind === 'state' && m.unitId === 'U2' && m.at === START + 2500)).toBe(false);
    h.send({ kind: 'command', commandId: 'c1', unitId: 'NOT-A-UNIT', command: { type: 'rename', name: 'x' } });
    await h.flush();
    expect(h.log.at(-1)).toEqual({ kind: 'ack', commandId: 'c1', ok: false, error: 'NOT_FOUND' });
    h.engine.stop();
  });

  it('gives the clock back its mode from before the replay when the replay ends (a paused replay would leave the fleet frozen)', async () => {
    for (const end of [{ op: 'replayStop' }, { op: 'reset', seed: 3 }] as const) {
      const h = await setup();
      h.engine.control({ op: 'clock', clock: { mode: { kind: 'accelerated', factor: 50 } } });
      startReplay(h, ENTRIES);
      expect(h.engine.clock.mode()).toEqual({ kind: 'stepped' });
      h.engine.control(end);
      expect(h.engine.isMuted(), end.op).toBe(false);
      expect(h.engine.clock.mode(), end.op).toEqual({ kind: 'accelerated', factor: 50 });
      h.engine.stop();
    }
  });

  it('is deterministic: two shards given the same entries send the same sequence', async () => {
    const entries: ReplayEntry[] = Array.from({ length: 200 }, (_, i) =>
      i % 7 === 3
        ? { kind: 'request', t: Math.floor(i / 3) * 250, index: i }
        : { kind: 'device', t: Math.floor(i / 3) * 250, message: telemetry(`U${(i % 2) + 1}`, 5000 + i) },
    );
    const play = async () => {
      const h = await setup();
      startReplay(h, entries);
      for (let i = 0; i < 40; i++) h.engine.clock.advance(500);
      h.engine.stop();
      return h.log;
    };
    const [a, b] = [await play(), await play()];
    expect(a).toHaveLength(200);
    expect(b).toEqual(a);
    expect(a.filter((m) => m.kind === 'replayDue').map((m) => m.kind === 'replayDue' && m.index)).toEqual(
      entries.flatMap((e) => (e.kind === 'request' ? [e.index] : [])),
    );
  });

  it('keeps a loaded replay through a reset, drops it for another id, and refuses to start one not loaded', async () => {
    const h = await setup();
    h.engine.control({ op: 'replayLoad', replayId: 'R1', entries: ENTRIES.slice(0, 2) });
    h.engine.control({ op: 'reset', seed: 9 });
    expect(h.engine.status().replay).toMatchObject({ replayId: 'R1', state: 'loading', total: 2 });
    h.engine.control({ op: 'replayLoad', replayId: 'R2', entries: ENTRIES.slice(0, 1) });
    expect(h.engine.status().replay).toMatchObject({ replayId: 'R2', state: 'loading', total: 1 });
    expect(h.engine.control({ op: 'replayStart', replayId: 'R1', startAt: START, clock: { kind: 'stepped' } }).error).toBe('REPLAY_NOT_LOADED');
    expect(h.engine.isMuted()).toBe(false);
    h.engine.stop();
  });

  it('answers scenarioLibrary with the scenario files', async () => {
    const h = await setup();
    const library = h.engine.control({ op: 'scenarioLibrary' }).library ?? [];
    expect(library.length).toBeGreaterThan(0);
    expect(library.map((s) => s.name)).toEqual([...library.map((s) => s.name)].sort());
    expect(library.every((s) => s.timeline.length > 0)).toBe(true);
    h.engine.stop();
  });
});
