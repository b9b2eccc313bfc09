/**
 * The realtime ingest path in-process, without sockets: telemetry frames exactly as a simulator
 * shard sends them over /gateway (`batch` frames of `telemetry` messages, each sent once it holds
 * SHARD_EAGER_FRAME_CHARS) go through what the core does with them — the route's JSON parse, the device gateway's
 * validation, the unit service and its telemetry store, the hub's publish (serialisation, history)
 * and flush (one frame per topic, written to every subscriber) — and we count the time, the bytes
 * allocated on the JS heap and the garbage collections per message. Side by side, in the same run,
 * the same frames through two baselines:
 *
 *   parse   `JSON.parse` of each frame only (the least any JSON gateway does);
 *   bare    parse + one `unit.telemetry` event object + `JSON.stringify` per message (what the
 *           bare `ws` broadcast of realtime.bench.ts does, without its sockets);
 *   core    the core's path: its device gateway, unit service (on SQLite with the bench fleet),
 *           telemetry store and hub, wired as the app wires them; 50 subscribed clients that
 *           count what they are sent.
 *
 * Each variant runs in its own child process (`--expose-gc`, a full collection before the
 * measured window), so one variant's heap does not bias the next. The fleet's messages come from
 * the simulator's own Engine on a stepped clock (seed 1): the same shape, sizes and batching as a
 * shard's traffic. The core's telemetry store starts in steady state (the 360-sample rings full,
 * as after six minutes of traffic: `--prefill-samples`), and the hub's clock follows the
 * messages' simulated time (10 turns of 1,000 units per simulated second). Its history window is
 * 5 s instead of the app's 65 s (`--history-ms`) so that the warm-up (6 simulated seconds) reaches
 * the history's steady state — slabs released and reused — as a long run of the app does; with a
 * history still growing, its fresh off-heap slabs would trigger full collections of their own.
 *
 * Allocation is read from v8.GCProfiler: the used heap grows only by allocation between two
 * collections, so allocated = Σ (used before GC − used after the previous one) + the rest at the
 * end; promoted = what the young-generation collections added to the old space. Pauses come from
 * perf_hooks 'gc' entries (count, total, max, per kind). Allocation and promotion do not depend
 * on the machine's load; times and pauses do (the machine's load average is recorded).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/realtime-ingest.bench.ts [--units 10000]
 *        [--messages 200000] [--warmup 60000] [--groups 10] [--consoles 50]
 *        [--prefill-samples 360] [--history-ms 5000] [--only core] [--alloc-profile] [--cpu-prof-dir DIR]
 *        [--compare-with earlier-result.json]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { REALTIME, type CoreGatewayEnd, type CoreToDevice, type DeviceGatewayEnd, type DeviceTelemetry, type DeviceToCore } from '@fleet/contracts';
import { createDb, migrateDeploy, seed } from '@fleet/db';
import { Engine, SHARD_EAGER_FRAME_CHARS } from '@fleet/simulator';
import { DeviceGateway } from '../../apps/core/src/platform/gateway.js';
import { RealtimeHub } from '../../apps/core/src/platform/hub.js';
import { deriveLiveEvents } from '../../apps/core/src/platform/live-events.js';
import { systemClock } from '../../apps/core/src/platform/clock.js';
import { TelemetryStore } from '../../apps/core/src/platform/telemetry.js';
import { DeviceReports } from '../../apps/core/src/platform/device-reports.js';
import { UnitIndex } from '../../apps/core/src/platform/unit-index.js';
import { UnitService } from '../../apps/core/src/modules/units/units.js';
import { UnitRepository } from '../../apps/core/src/repositories/units.js';
import { ReadModel } from '../../apps/core/src/repositories/read-model.js';
import { recordResult } from './record.js';
import { allocationProfiler, gcMeter, round, type GcStats } from './meters.js';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    variant: { type: 'string', default: '' },
    frames: { type: 'string', default: '' },
    units: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '200000' },
    warmup: { type: 'string', default: '60000' },
    groups: { type: 'string', default: '10' },
    consoles: { type: 'string', default: '50' },
    'prefill-samples': { type: 'string', default: '360' },
    /** The hub's history window: shorter than the app's 65 s so that the run reaches its steady state. */
    'history-ms': { type: 'string', default: '5000' },
    only: { type: 'string', default: '' },
    out: { type: 'string', default: '' },
    /** Print the top allocation sites of the measured window (sampling heap profiler, diagnostics). */
    'alloc-profile': { type: 'boolean', default: false },
    /** Profile each variant's process with --cpu-prof into this folder (diagnostics). */
    'cpu-prof-dir': { type: 'string', default: '' },
    /** A result file of an earlier run (e.g. before a change) to record beside this one. */
    'compare-with': { type: 'string', default: '' },
  },
});

const SELF = fileURLToPath(import.meta.url);
const VARIANTS = ['parse', 'bare', 'core'] as const;
type Variant = (typeof VARIANTS)[number];
/** Simulated seconds of fleet traffic generated, then replayed round after round. */
const GENERATED_SECONDS = 3;
/** The engine's telemetry wheel: 10 slices, one every 100 ms (simulator DEFAULT_TICK_SLICES). */
const TURN_MS = 100;
const START_AT = Date.UTC(2026, 10, 21, 8, 0, 0);
const TIMINGS = { telemetryIntervalMs: 1000, meanTimeBetweenOutagesMs: 0, initiallyOffShare: 0, bootMs: [100, 500] as [number, number] };

const unitIdOf = (i: number) => `BENCH-${String(i + 1).padStart(5, '0')}`;

// ── main: generate the shard's frames once, run each variant in its own process ──────────────────
/**
 * Turns of the shard's traffic: the telemetry the engine emits in one turn of its wheel, packed
 * into frames exactly as simulator/src/ws-shard.ts packs them (one `batch` frame up to 90 % of
 * the core's frame limit; a lone message travels bare).
 */
function generateTurns(unitCount: number): string[][] {
  const engine = new Engine({ seed: 1, shardId: 'bench-shard', clock: { kind: 'stepped' }, startAt: START_AT, timings: TIMINGS });
  let queue: DeviceToCore[] = [];
  let toDevices: ((m: CoreToDevice) => void) | null = null;
  const end: DeviceGatewayEnd = {
    send: (m) => queue.push(m),
    onMessage: (h) => {
      toDevices = h;
    },
    onClose: () => undefined,
    close: () => undefined,
  };
  engine.attach(end);
  const devices = Array.from({ length: unitCount }, (_, i) => ({
    unitId: unitIdOf(i),
    name: `Bench-${String(i + 1).padStart(5, '0')}`,
    productType: 'LU800',
    typeGroup: 'fieldUnits' as const,
    swVersion: '10.1',
    capabilities: {},
  }));
  toDevices!({ kind: 'assign', devices });
  engine.clock.advance(2000); // boot: every device reports its state once
  queue = [];
  const maxFrameChars = Math.floor(REALTIME.maxFrameBytes * 0.9);
  const turns: string[][] = [];
  for (let t = 0; t < (GENERATED_SECONDS * 1000) / TURN_MS; t++) {
    engine.clock.advance(TURN_MS);
    const frames: string[] = [];
    let parts: string[] = [];
    let size = 0;
    const send = () => {
      if (parts.length === 0) return;
      frames.push(parts.length === 1 ? parts[0]! : `{"kind":"batch","messages":[${parts.join(',')}]}`);
      parts = [];
      size = 0;
    };
    for (const m of queue) {
      if (m.kind !== 'telemetry') continue; // only the hot kind (no outages: states come at boot only)
      const json = JSON.stringify(m);
      if (parts.length > 0 && size + json.length + 40 > maxFrameChars) send();
      parts.push(json);
      size += json.length + 1;
      if (size >= SHARD_EAGER_FRAME_CHARS) send(); // as the shard's link does
    }
    send();
    queue = [];
    turns.push(frames);
  }
  engine.stop();
  return turns;
}

interface VariantReport {
  variant: Variant;
  messages: number;
  seconds: number;
  nsPerMessage: number;
  messagesPerSec: number;
  allocatedBytesPerMessage: number;
  /** Bytes per message the young-generation collections moved to the old generation. */
  promotedBytesPerMessage: number;
  /** Collections by V8's type (v8.GCProfiler): Scavenge (young), MarkSweepCompact (full), ... */
  collections: Record<string, number>;
  gc: GcStats;
  /** Collections (and their pause) per 10,000 messages: one second of the benchmark fleet. */
  gcPer10kMessages: { count: number; pauseMs: number };
  heapUsedMiBAfter: number;
  /** core: what the hub did in the window. */
  hub?: {
    published: number;
    telemetryPublished: number;
    frames: number;
    sentBytesPerMessage: number;
    delivered: number;
    historyEvents: number;
    historyMiB: number;
  };
}

function main(): void {
  const loadAtStart = loadavg()[0];
  const unitCount = Number(values.units);
  const turns = generateTurns(unitCount);
  const perTurn = turns.map((fr) =>
    fr.reduce((n, f) => n + (f.startsWith('{"kind":"batch"') ? (JSON.parse(f) as { messages: unknown[] }).messages.length : 1), 0),
  );
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-ingest-'));
  const framesFile = join(dir, 'frames.txt');
  // One frame per line (JSON has no raw newlines); an empty line ends a turn.
  writeFileSync(framesFile, turns.map((fr) => `${fr.join('\n')}\n`).join('\n'));
  const frameCount = turns.reduce((n, fr) => n + fr.length, 0);
  const generated = perTurn.reduce((a, b) => a + b, 0);
  const frameBytes = turns.reduce((n, fr) => n + fr.reduce((m, f) => m + Buffer.byteLength(f), 0), 0);
  console.log(
    `generated ${generated} telemetry messages in ${frameCount} frames over ${turns.length} turns (${Math.round(frameBytes / generated)} bytes per message)`,
  );

  const reports: VariantReport[] = [];
  const variants = values.only ? (values.only.split(',') as Variant[]) : [...VARIANTS];
  for (const variant of variants) {
    const out = join(dir, `${variant}.json`);
    const r = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        ...(values['cpu-prof-dir'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof-dir']] : []),
        '--import',
        'tsx',
        SELF,
        '--role',
        'run',
        '--variant',
        variant,
        '--frames',
        framesFile,
        '--out',
        out,
        '--units',
        values.units!,
        '--messages',
        values.messages!,
        '--warmup',
        values.warmup!,
        '--groups',
        values.groups!,
        '--consoles',
        values.consoles!,
        '--prefill-samples',
        values['prefill-samples']!,
        '--history-ms',
        values['history-ms']!,
        ...(values['alloc-profile'] ? ['--alloc-profile'] : []),
      ],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`variant ${variant} exited with ${r.status}`);
    reports.push(JSON.parse(readFileSync(out, 'utf8')) as VariantReport);
  }
  rmSync(dir, { recursive: true, force: true });

  const parse = reports.find((r) => r.variant === 'parse');
  const result = {
    benchmark: 'realtime ingest in-process: shard telemetry frames → gateway → unit service → hub → subscribers, vs JSON.parse only and a bare parse+stringify',
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverage1m: { start: loadAtStart, end: loadavg()[0] } },
    settings: {
      units: unitCount,
      messages: Number(values.messages),
      warmupMessages: Number(values.warmup),
      groups: Number(values.groups),
      consoles: Number(values.consoles),
      prefillSamples: Number(values['prefill-samples']),
      historyMs: Number(values['history-ms']),
      frames: { perSecondOfTraffic: Math.round(frameCount / GENERATED_SECONDS), bytesPerMessage: Math.round(frameBytes / generated) },
    },
    variants: Object.fromEntries(reports.map((r) => [r.variant, r])),
    ...(parse
      ? {
          relativeToParse: Object.fromEntries(
            reports.map((r) => [
              r.variant,
              { time: round(r.nsPerMessage / parse.nsPerMessage, 2), allocated: round(r.allocatedBytesPerMessage / parse.allocatedBytesPerMessage, 2) },
            ]),
          ),
        }
      : {}),
  };
  const earlier = values['compare-with'] ? (JSON.parse(readFileSync(values['compare-with'], 'utf8')) as typeof result & { label?: string }) : null;
  const recorded = earlier
    ? { ...result, earlier: { label: earlier.label ?? 'earlier run', when: earlier.when, machine: earlier.machine, variants: earlier.variants } }
    : result;
  if (!values.only) recordResult('realtime-ingest', recorded);
  console.log(JSON.stringify(recorded, null, 2));
}

// ── one variant in its own process ─────────────────────────────────────────────────────────────
function loadTurns(file: string): Buffer[][] {
  return readFileSync(file, 'utf8')
    .split('\n\n')
    .map((turn) =>
      turn
        .split('\n')
        .filter((l) => l.length > 0)
        .map((l) => Buffer.from(l)),
    )
    .filter((fr) => fr.length > 0);
}

function countMessages(frame: Buffer): number {
  const m = JSON.parse(frame.toString()) as { kind: string; messages?: unknown[] };
  return m.kind === 'batch' ? (m.messages?.length ?? 0) : 1;
}

interface Pipeline {
  /** Handle one frame as it arrives from the shard's socket. */
  onFrame(frame: Buffer): void;
  /** Called after each turn (once per event-loop turn), with the simulated time. */
  afterTurn(simNow: number): Promise<void>;
  stats?(): VariantReport['hub'];
  markStart?(): void;
  close?(): Promise<void>;
}

async function bareOrParse(variant: 'parse' | 'bare'): Promise<Pipeline> {
  const groups = Number(values.groups);
  const seqs = new Map<string, number>();
  let sink = 0;
  const broadcast = (m: DeviceTelemetry) => {
    // The bare ws server of realtime.bench.ts: the group topic, a seq, the event, one stringify.
    const topic = `group:bench-g${(Number(m.unitId.slice(6)) - 1) % groups}`;
    const seq = (seqs.get(topic) ?? 0) + 1;
    seqs.set(topic, seq);
    const event = {
      type: 'unit.telemetry',
      unitId: m.unitId,
      battery: m.battery,
      location: m.location,
      modems: m.modems,
      totalBitrate: m.sample.kbps,
      cameraConnected: m.cameraConnected,
      sample: m.sample,
      at: m.at,
    };
    sink += JSON.stringify({ op: 'event', topic, seq, epoch: 'bare', event }).length;
  };
  const handle = (m: { kind: string; messages?: unknown[] }) => {
    if (m.kind === 'telemetry') broadcast(m as DeviceTelemetry);
    else if (m.kind === 'batch') for (const x of m.messages ?? []) handle(x as { kind: string });
  };
  return {
    onFrame(frame) {
      const json = JSON.parse(String(frame)) as { kind: string; messages?: unknown[] };
      if (variant === 'bare') handle(json);
      else sink += json.kind.length;
    },
    afterTurn: () => new Promise<void>((r) => setImmediate(r)),
    close: async () => {
      if (sink < 0) console.log(sink); // keeps the work observable
    },
  };
}

async function core(): Promise<Pipeline> {
  const unitCount = Number(values.units);
  const groupCount = Number(values.groups);
  const consoleCount = Number(values.consoles);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-ingest-db-'));
  const url = `file:${join(dir, 'bench.db')}`;
  await migrateDeploy(url);
  const db = await createDb({ url });
  await seed(db, { seed: 1, fleet: 'small', password: 'Bench-pass-1', passwordCost: 1024 });
  const prisma = db.prisma;
  await prisma.unit.deleteMany({});
  const inventoryId = 'inv-global';
  const groups = Array.from({ length: groupCount }, (_, g) => ({ id: `bench-g${g}`, name: `Bench-${g}`, inventoryId }));
  await prisma.group.createMany({ data: groups });
  const units = Array.from({ length: unitCount }, (_, i) => ({
    id: unitIdOf(i),
    name: `Bench-${String(i + 1).padStart(5, '0')}`,
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    swVersion: '10.1',
    serialNumber: `SN-BENCH-${i}`,
    license: { valid: true, kind: 'days', pro: true, fourK: false, raHours: null, rlHours: null },
  }));
  for (let i = 0; i < units.length; i += 1000) {
    const slice = units.slice(i, i + 1000);
    await prisma.unit.createMany({ data: slice });
    await prisma.unitInventory.createMany({ data: slice.map((u) => ({ unitId: u.id, inventoryId })) });
    await prisma.unitGroup.createMany({ data: slice.map((u, k) => ({ unitId: u.id, groupId: groups[(i + k) % groupCount]!.id })) });
  }
  // The realtime path's services, wired as services.ts and routes/realtime.ts wire them
  // (the rest of the app — REST routes, sessions — is not on this path).
  const log = { error: (o: unknown, m?: string) => console.error(m, o), warn: () => undefined, info: () => undefined };
  const hub = new RealtimeHub({ historyMs: Number(values['history-ms']) });
  deriveLiveEvents(hub);
  const telemetry = new TelemetryStore();
  const gateway = new DeviceGateway(5000, log);
  const index = new UnitIndex();
  const readModel = new ReadModel(prisma);
  const unitRepository = new UnitRepository(readModel.units, prisma);
  new DeviceReports(prisma, unitRepository, index, hub, telemetry, log).listen(gateway);
  await readModel.start();
  const unitService = new UnitService(prisma, unitRepository, index, hub, telemetry, gateway);
  unitService.followReadModel(readModel.units);
  await unitService.start();
  // The hub's clock is the traffic's simulated time, so its history trims as the app's does.
  let simNow = START_AT;
  hub.configure({ clock: { ...systemClock, now: () => simNow } });

  // Subscribers: consoles that count what they are sent (one group topic each, 5 per group).
  let frames = 0;
  let frameBytes = 0;
  for (let i = 0; i < consoleCount; i++) {
    await hub.subscribe(
      {
        send: (f) => {
          frames++;
          frameBytes += typeof f === 'string' ? Buffer.byteLength(f) : f.length;
        },
        bufferedAmount: () => 0,
        terminate: () => undefined,
      },
      [`group:${groups[i % groupCount]!.id}`],
    );
  }

  // The shard's end of the gateway, as routes/gateway-ws.ts builds it (untrusted: validated).
  let deliver: ((m: DeviceToCore) => void) | null = null;
  const end: CoreGatewayEnd = {
    send: () => undefined,
    onMessage: (h) => {
      deliver = h;
    },
    onClose: () => undefined,
    close: () => undefined,
  };
  gateway.attach(end, { trusted: false });

  // Steady state of the telemetry store: every unit's sample ring full (six minutes of traffic).
  const prefill = Number(values['prefill-samples']);
  if (prefill > 0) {
    const battery = { connected: true, charging: false, percentage: 80 };
    for (let s = 0; s < prefill; s++) {
      const t = START_AT - (prefill - s) * 1000;
      for (let i = 0; i < unitCount; i++) {
        telemetry.update(unitIdOf(i), { battery, location: null, modems: [], totalBitrate: 0, cameraConnected: true, sample: { t, kbps: 1000 + s } });
      }
    }
  }

  let published0 = 0;
  let frames0 = 0;
  let bytes0 = 0;
  let delivered0 = 0;
  let messagesSeen = 0;
  hub.onPublish((_topics, event) => {
    if (event.type === 'unit.telemetry') messagesSeen++;
  });
  return {
    onFrame(frame) {
      // routes/gateway-ws.ts: JSON.parse(String(data)), then the gateway validates.
      let json: unknown;
      try {
        json = JSON.parse(String(frame));
      } catch {
        return;
      }
      deliver!(json as DeviceToCore);
    },
    afterTurn: async (now) => {
      simNow = now;
      await new Promise<void>((r) => setImmediate(r));
    },
    markStart() {
      published0 = hub.stats.published;
      frames0 = frames;
      bytes0 = frameBytes;
      delivered0 = hub.stats.delivered;
      messagesSeen = 0;
    },
    stats() {
      const h = hub.historySize();
      const published = hub.stats.published - published0;
      return {
        published,
        frames: frames - frames0,
        sentBytesPerMessage: Math.round((frameBytes - bytes0) / Math.max(1, published)),
        delivered: hub.stats.delivered - delivered0,
        historyEvents: h.events,
        historyMiB: round(h.bytes / 1048576, 1),
        telemetryPublished: messagesSeen,
      };
    },
    close: async () => {
      gateway.close();
      hub.closeAll();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function runVariant(): Promise<void> {
  const variant = values.variant as Variant;
  const turns = loadTurns(values.frames!);
  const perTurn = turns.map((fr) => fr.reduce((n, f) => n + countMessages(f), 0));
  const pipeline = variant === 'core' ? await core() : await bareOrParse(variant);
  const gc = (globalThis as { gc?: () => void }).gc;
  let turn = 0;
  let simNow = START_AT;
  /** Runs turns until `count` messages went through; returns how many did. */
  const run = async (count: number): Promise<number> => {
    let done = 0;
    while (done < count) {
      const frames = turns[turn % turns.length]!;
      for (let f = 0; f < frames.length; f++) pipeline.onFrame(frames[f]!);
      done += perTurn[turn % turns.length]!;
      turn++;
      simNow += TURN_MS;
      await pipeline.afterTurn(simNow);
    }
    return done;
  };
  await run(Number(values.warmup));
  gc?.();
  gc?.();
  const meter = gcMeter();
  pipeline.markStart?.();
  const profiler = values['alloc-profile'] ? await allocationProfiler() : null;
  meter.start();
  const t0 = process.hrtime.bigint();
  const messages = await run(Number(values.messages));
  const elapsedNs = Number(process.hrtime.bigint() - t0);
  const { allocated, promoted, collections } = meter.stop();
  if (profiler) console.log(`${variant}: top allocation sites (bytes per message)\n${await profiler.stop(messages)}`);
  const hubStats = pipeline.stats?.();
  const gcStats = await meter.finish();
  const report: VariantReport = {
    variant,
    messages,
    seconds: round(elapsedNs / 1e9, 2),
    nsPerMessage: Math.round(elapsedNs / messages),
    messagesPerSec: Math.round(messages / (elapsedNs / 1e9)),
    allocatedBytesPerMessage: Math.round(allocated / messages),
    promotedBytesPerMessage: Math.round(promoted / messages),
    collections,
    gc: gcStats,
    gcPer10kMessages: { count: round((gcStats.count / messages) * 10_000, 2), pauseMs: round((gcStats.totalMs / messages) * 10_000, 1) },
    heapUsedMiBAfter: round(v8.getHeapStatistics().used_heap_size / 1048576, 1),
    ...(hubStats ? { hub: hubStats } : {}),
  };
  await pipeline.close?.();
  writeFileSync(values.out!, JSON.stringify(report));
  console.log(
    `${variant}: ${report.nsPerMessage} ns/message, ${report.allocatedBytesPerMessage} B allocated/message, ${report.promotedBytesPerMessage} B promoted/message, ` +
      `GC ${gcStats.count}× (${gcStats.totalMs} ms, max ${gcStats.maxMs} ms) ${JSON.stringify(collections)}`,
  );
  process.exit(0);
}

if (values.role === 'run') await runVariant();
else main();
