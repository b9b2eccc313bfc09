/**
 * Record and replay, the judgement: a recording made from a running stack
 * replays into a fresh one with an identical event log (the digest of recording-file.ts), the same
 * recording replayed twice gives the same log, a replay can be paused, stepped entry by entry and
 * resumed, an events-only recording (another core's /ws) replays and creates the unit it mentions,
 * and the control plane refuses what it must. Each stack is a real core on its own fresh database
 * with the simulator attached in-process, driven over HTTP as the console panel drives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type Recording,
  type RecordedEvent,
  type RecordingLine,
  type ReplayStatus,
  type ReplayStatusReply,
  type RecordingSummary,
  type ScenarioFileInput,
} from '@fleet/contracts';
import { encodeRecording, eventLogDigest, normaliseEventLog } from '@fleet/contracts/recording-file';
import { ControlPlaneError, CoreClient, type Engine } from '@fleet/simulator';
import { startSimulator } from '@fleet/stack';
import { DEMO_PASSWORD, FAST_TIMINGS, devicesSettled, eventually, startTestStack, type TestStack } from '../support/stack.js';

/**
 * Events the core makes on its own timers, not from a device report or a write: a replay at
 * another pace makes them at other points of the log, or not at all (usage is accounted every
 * minute of wall time).
 */
const CORE_TIMER_EVENTS = ['usage.changed'];

/**
 * A calm fleet from seed 1 (nothing fails or acts on its own), so that two stacks started alike
 * stand in the same state: A when it starts recording, B and C when they start replaying. Its one
 * step lies an hour away, never reached.
 */
const CALM: ScenarioFileInput = {
  name: 'calm-fleet',
  description: 'A calm fleet from seed 1 for recording and replaying',
  seed: 1,
  speed: 1,
  calm: true,
  timeline: [{ do: 'fault', at: 3_600_000, unitId: 'LU800-0001', fault: { type: 'camera', connected: true } }],
};

interface Side {
  stack: TestStack;
  /** Shards started here (more than one); the stack's own in-process shard stops with it. */
  engines: Engine[];
  client: CoreClient;
  operator: string;
  /** Telemetry events published per unit, and channel statuses per channel (the latest), counted by a hub tap. */
  reports: Map<string, number>;
  channels: Map<string, string>;
}

/** A fresh stack, its fleet restarted calm from seed 1 and settled (every unit up and reporting). */
async function side(shards = 1): Promise<Side> {
  const timings = { ...FAST_TIMINGS, telemetryIntervalMs: 250 };
  const stack = await startTestStack(shards === 1 ? { simulatorTimings: timings } : { simulator: false });
  const reports = new Map<string, number>();
  const channels = new Map<string, string>();
  stack.app.services.hub.onPublish((_topics, e) => {
    if (e.type === 'unit.telemetry') reports.set(e.unitId, (reports.get(e.unitId) ?? 0) + 1);
    if (e.type === 'channel.status') channels.set(e.channelId, e.status);
  });
  const engines: Engine[] = [];
  for (let i = 1; shards > 1 && i <= shards; i++) engines.push(startSimulator(stack.app, { seed: 1, timings, shardId: `shard-${i}` }));
  const client = new CoreClient({ baseUrl: await stack.app.listen({ host: '127.0.0.1', port: 0 }) });
  const operator = await client.login('super_user', DEMO_PASSWORD);
  await client.mutate(operator, 'scenario.start', { scenario: CALM, speed: 1 });
  let offline: string[] = [];
  let unitIds: string[] = [];
  await eventually(async () => {
    const units = (await client.rest(operator, 'GET', '/devices/fetch')).body as { uniqueId: string; status: string }[];
    unitIds = units.map((u) => u.uniqueId);
    offline = units.filter((u) => u.status === 'offline').map((u) => u.uniqueId);
    return units.length > 0 && offline.length === 0;
  }, 20_000).catch((e: unknown) => {
    throw new Error(`units still offline: ${offline.join(', ')} (${String(e)})`);
  });
  // What the boot raises (alerts, first telemetry) is over before anything is recorded or replayed: every unit
  // has reported twice since all of them were up.
  const up = new Map(reports);
  await eventually(async () => unitIds.every((id) => (reports.get(id) ?? 0) >= (up.get(id) ?? 0) + 2), 20_000);
  await devicesSettled(stack.app);
  return { stack, client, operator, engines, reports, channels };
}

/** Each of `unitIds` has reported `n` more times (every 250 ms): what it reported before is published. */
async function reported(s: Side, unitIds: string[], n: number): Promise<void> {
  const from = new Map(s.reports);
  await eventually(async () => unitIds.every((id) => (s.reports.get(id) ?? 0) >= (from.get(id) ?? 0) + n), 20_000);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const events = (r: Recording): RecordedEvent[] => r.lines.filter((l): l is RecordedEvent => l.kind === 'event');
const digest = (r: Recording) => eventLogDigest(events(r), { ignoreTypes: CORE_TIMER_EVENTS });

/** The lines of two logs that differ (for a failure's message). */
function difference(a: Recording, b: Recording): string[] {
  const na = normaliseEventLog(events(a), { ignoreTypes: CORE_TIMER_EVENTS });
  const nb = normaliseEventLog(events(b), { ignoreTypes: CORE_TIMER_EVENTS });
  const sb = new Set(nb);
  const sa = new Set(na);
  const missing = [...na.filter((l) => !sb.has(l)).map((l) => `A only: ${l}`), ...nb.filter((l) => !sa.has(l)).map((l) => `B only: ${l}`)];
  if (missing.length > 0) return missing.slice(0, 20);
  // The same lines: then in another order, or some more often.
  const at = na.findIndex((l, i) => nb[i] !== l);
  if (at < 0 && na.length === nb.length) return [];
  return [
    `${na.length} lines against ${nb.length}; first difference at ${at}:`,
    ...na.slice(at, at + 3).map((l) => `A: ${l}`),
    ...nb.slice(at, at + 3).map((l) => `B: ${l}`),
  ];
}

async function replayStatus(s: Side): Promise<ReplayStatus> {
  const reply = (await s.client.query(s.operator, 'replay.status')) as ReplayStatusReply;
  if (!reply.replay) throw new Error('no replay');
  return reply.replay;
}

/** Replay `recordingId` into `s` while it records, until finished; the recording B made. */
async function replayInto(s: Side, recordingId: string, speed: number): Promise<{ recording: Recording; status: ReplayStatus }> {
  // Reset: false. The calm scenario has just restarted this fleet from the seed, as it did A's before
  // A recorded; a second reset would clear the alerts its devices raised at boot, which A's devices
  // had raised before A recorded. Started paused, so that the devices are muted before the
  // recording starts: it holds only what the replay causes, as A's held only what A's devices and
  // writes caused.
  await s.client.mutate(s.operator, 'replay.start', { recordingId, speed, reset: false, paused: true });
  const started = (await s.client.mutate(s.operator, 'recording.start', { name: 'replayed' })) as RecordingSummary;
  await s.client.mutate(s.operator, 'replay.resume');
  const status = await eventually(async () => {
    const st = await replayStatus(s);
    return st.state === 'finished' ? st : null;
  }, 60_000);
  // Whatever the last reports cause is published before the recording ends (a status only once stored): a report
  // applied may queue a device event, and an event a report, so settle twice.
  await devicesSettled(s.stack.app);
  await devicesSettled(s.stack.app);
  await s.client.mutate(s.operator, 'recording.stop');
  return { recording: await s.stack.app.services.recordings.read(started.id), status };
}

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (e: unknown) => (e instanceof ControlPlaneError ? e.code : String(e)),
  );

describe('record and replay', () => {
  let a: Side;
  let b: Side;
  let c: Side;
  let d: Side;
  let recorded: Recording;
  let fileBytes: Buffer;

  beforeAll(async () => {
    a = await side();
    const started = (await a.client.mutate(a.operator, 'recording.start', { name: 'incident' })) as RecordingSummary;
    const fault = (target: object) => a.client.mutate(a.operator, 'fault.inject', target);
    const faulted = ['LU800-0001', 'LU800-0002'];
    // The log holds reports before the faults, the faults' effects, then the writes (each step waits for the
    // units' reports, not for a time: the recording's spacing holds on a loaded machine too).
    await reported(a, faulted, 1);
    await fault({ unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 1 } });
    await fault({ unitId: 'LU800-0002', fault: { type: 'battery', percentage: 5, charging: false } });
    await fault({ serverId: 'MMH-0001', fault: { type: 'channelStatus', channelId: 'MMH-0001-CH1', status: 'offline' } });
    await reported(a, faulted, 2);
    await eventually(async () => a.channels.get('MMH-0001-CH1') === 'offline', 10_000);
    // REST writes as a user: a rename, and a live stream started and stopped through the API.
    const rename = await a.client.rest(a.operator, 'PUT', '/devices/update', { id: 'LU800-0003', name: 'replayed-unit' });
    expect(rename.status).toBe(200);
    const stream = await a.client.rest(a.operator, 'POST', '/v2/units/LU800-0001/stream', {});
    expect(stream.status).toBeLessThan(300);
    await eventually(async () => ((await a.client.rest(a.operator, 'GET', '/v2/units/LU800-0001')).body as { status: string }).status === 'streaming', 10_000);
    await reported(a, ['LU800-0001'], 2);
    expect((await a.client.rest(a.operator, 'DELETE', '/v2/units/LU800-0001/stream')).status).toBeLessThan(300);
    await fault({ unitId: 'LU800-0001', fault: { type: 'modemRecover', modem: 1 } });
    await fault({ unitId: 'LU800-0002', fault: { type: 'battery', percentage: 80, charging: true } });
    await fault({ serverId: 'MMH-0001', fault: { type: 'channelStatus', channelId: 'MMH-0001-CH1', status: 'idle' } });
    await reported(a, faulted, 3);
    await eventually(async () => a.channels.get('MMH-0001-CH1') === 'idle', 10_000);
    await devicesSettled(a.stack.app);
    await a.client.mutate(a.operator, 'recording.stop');
    recorded = await a.stack.app.services.recordings.read(started.id);
    fileBytes = (await a.stack.app.services.recordings.file(started.id)).bytes;
  }, 120_000);

  afterAll(async () => {
    for (const s of [a, b, c, d]) {
      for (const engine of s?.engines ?? []) engine.stop();
      await s?.stack.close();
    }
  });

  it('recorded device reports, REST writes and the events they caused', () => {
    const kinds = (k: RecordingLine['kind']) => recorded.lines.filter((l) => l.kind === k).length;
    expect(kinds('device')).toBeGreaterThan(20);
    expect(kinds('request')).toBe(3);
    const types = new Set(events(recorded).map((e) => e.event.type));
    for (const t of ['unit.status', 'unit.telemetry', 'alert.raised', 'channel.status', 'unit.updated']) expect(types).toContain(t);
  });

  it('replays into a fresh stack with an identical event log', async () => {
    b = await side();
    const imported = await b.stack.app.services.recordings.import(fileBytes);
    const { recording, status } = await replayInto(b, imported.id, 20);
    expect(status).toMatchObject({ state: 'finished', requests: { ok: 3, failed: 0 }, notReplayable: 0, errors: [] });
    expect(status.applied).toBe(status.total);
    expect(status.total).toBe(recorded.lines.filter((l) => l.kind === 'device' || l.kind === 'request').length);
    expect(difference(recorded, recording)).toEqual([]);
    expect(digest(recording)).toBe(digest(recorded));
  }, 120_000);

  it('gives the same log when the same recording is replayed again into another fresh stack', async () => {
    c = await side();
    const imported = await c.stack.app.services.recordings.import(fileBytes);
    const { recording } = await replayInto(c, imported.id, 20);
    expect(difference(recorded, recording)).toEqual([]);
    expect(digest(recording)).toBe(digest(recorded));
  }, 120_000);

  it('gives the same log across two shards, each playing the reports of the units it runs', async () => {
    d = await side(2);
    expect(d.stack.app.services.gateway.shardCount()).toBe(2);
    const imported = await d.stack.app.services.recordings.import(fileBytes);
    const { recording, status } = await replayInto(d, imported.id, 20);
    expect(status.applied).toBe(status.total);
    expect(difference(recorded, recording)).toEqual([]);
    expect(digest(recording)).toBe(digest(recorded));
  }, 120_000);

  it('refuses what it must: an unknown recording, a second replay, a user who does not run the mock', async () => {
    const imported = (await c.stack.app.services.recordings.list()).find((r) => r.name === 'incident')!;
    const regular = await c.client.login('luc_regular', DEMO_PASSWORD);
    expect(await codeOf(c.client.mutate(c.operator, 'replay.start', { recordingId: 'nosuchrecording' }))).toBe('NOT_FOUND');
    expect(await codeOf(c.client.mutate(regular, 'replay.start', { recordingId: imported.id }))).toBe('FORBIDDEN');
    expect(await codeOf(c.client.mutate(regular, 'replay.pause'))).toBe('FORBIDDEN');
    // Anyone signed in may read the status.
    expect(await codeOf(c.client.query(regular, 'replay.status'))).toBe('OK');
    await c.client.mutate(c.operator, 'replay.start', { recordingId: imported.id, paused: true, reset: false });
    expect(await codeOf(c.client.mutate(c.operator, 'replay.start', { recordingId: imported.id }))).toBe('CONFLICT');
    // The recording being replayed cannot be removed meanwhile.
    expect(await codeOf(c.client.mutate(c.operator, 'recording.remove', { id: imported.id }))).toBe('CONFLICT');
    const stopped = (await c.client.mutate(c.operator, 'replay.stop')) as ReplayStatus;
    expect(stopped.state).toBe('stopped');
    expect(await codeOf(c.client.mutate(c.operator, 'replay.pause'))).toBe('PRECONDITION_FAILED');
  }, 60_000);

  it('pauses, steps exactly the entries asked for, and resumes to the end', async () => {
    const imported = (await c.stack.app.services.recordings.list()).find((r) => r.name === 'incident')!;
    // With the default reset: the fleet restarts from the recording's seed, the loaded replay then mutes it.
    const started = (await c.client.mutate(c.operator, 'replay.start', { recordingId: imported.id, paused: true, speed: 20 })) as ReplayStatus;
    expect(started).toMatchObject({ state: 'paused', applied: 0 });
    // Entries in time order; a step of n ends at the n-th one's time, so pick n where the next entry comes later.
    const times = recorded.lines.filter((l) => l.kind === 'device' || l.kind === 'request').map((l) => l.t);
    const cut = (from: number, n: number): number => {
      let k = n;
      while (from + k < times.length && times[from + k - 1] === times[from + k]) k++;
      return k;
    };
    const first = cut(0, 5);
    let st = (await c.client.mutate(c.operator, 'replay.step', { entries: first })) as ReplayStatus;
    expect(st).toMatchObject({ state: 'paused', applied: first });
    // Paused: nothing more is played however long one waits.
    await sleep(300);
    expect((await replayStatus(c)).applied).toBe(first);
    const second = cut(first, 3);
    st = (await c.client.mutate(c.operator, 'replay.step', { entries: second })) as ReplayStatus;
    expect(st.applied).toBe(first + second);
    st = (await c.client.mutate(c.operator, 'replay.resume')) as ReplayStatus;
    expect(st.state).toMatch(/running|finished/);
    const done = await eventually(async () => {
      const s = await replayStatus(c);
      return s.state === 'finished' ? s : null;
    }, 60_000);
    expect(done.applied).toBe(done.total);
    await c.client.mutate(c.operator, 'replay.stop');
  }, 120_000);

  it('replays an events-only recording of another core, creating the unit it mentions', async () => {
    const ghost = 'LU800-9999';
    const telemetry = events(recorded).find((e) => e.event.type === 'unit.telemetry' && e.event.unitId === 'LU800-0001')!;
    const ghostEvent = { ...telemetry, event: { ...telemetry.event, unitId: ghost } } as RecordedEvent;
    const lines: RecordingLine[] = [...events(recorded), ghostEvent].sort((x, y) => x.t - y.t);
    const coreRecording: Recording = {
      header: {
        ...recorded.header,
        format: RECORDING_FORMAT,
        version: RECORDING_VERSION,
        name: 'from-another-core',
        source: 'core',
        seed: null,
        clock: null,
        fleet: {
          ...recorded.header.fleet,
          units: [...recorded.header.fleet.units, { unitId: ghost, name: 'ghost-unit', productType: 'LU800', typeGroup: 'fieldUnits' }],
        },
      },
      lines: [...lines, { kind: 'end', t: recorded.lines.at(-1)!.t }],
    };
    expect((await c.client.rest(c.operator, 'GET', `/v2/units/${ghost}`)).status).toBe(404);
    const imported = await c.stack.app.services.recordings.import(encodeRecording(coreRecording));
    expect(imported.source).toBe('core');
    await c.client.mutate(c.operator, 'replay.start', { recordingId: imported.id, speed: 50 });
    const done = await eventually(async () => {
      const s = await replayStatus(c);
      return s.state === 'finished' ? s : null;
    }, 60_000);
    // The unit.updated and similar events of a user's change on that core are counted, not played.
    expect(done.notReplayable).toBeGreaterThan(0);
    expect(done.applied).toBe(done.total);
    const unit = await c.client.rest(c.operator, 'GET', `/v2/units/${ghost}`);
    expect(unit.status).toBe(200);
    expect(unit.body).toMatchObject({ name: 'ghost-unit' });
    await c.client.mutate(c.operator, 'replay.stop');
  }, 120_000);
});
