/**
 * /ws under load: 10,000 simulated units reporting telemetry at 1 Hz, 50 subscribed consoles,
 * against a bare `ws` broadcast of the same messages at the same rate to 50 clients, in the same
 * run on the same machine. Records delivered events/s, p50/p99 latency from the device's event
 * time (`at`) to the console's receipt (one machine, one clock) and the server's CPU.
 *
 * Processes (so that load generation does not share the server's event loop):
 *   this process   the server under test: the full core (SQLite, device gateway, hub, /ws), then
 *                  the bare `ws` server; its own process.cpuUsage() is the server CPU;
 *   shard process  the simulator Engine with the 10,000 devices, attached over /gateway;
 *   consoles       50 websocket clients, one group topic each (5 per group), measuring.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/realtime.bench.ts [--units 10000] [--consoles 50]
 *        [--groups 10] [--seconds 15] [--warmup 8] [--flush-ms 0] [--slices 10] [--eager-kib 128]
 *
 * `--slices`: the simulator's telemetry wheel steps 1/slices of the fleet per turn (every
 * 1000/slices ms); 10 is the simulator's default (1,000 devices report in the same millisecond
 * every 100 ms). Both servers get the same shard. 100 (100 devices every 10 ms, closer to devices
 * at their own phase) gave the core p50 11 ms but p99 238 ms and 0.79 core (2026-11-24 08:50):
 * the tail follows the server's stalls, not the size of the bursts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';
import type { DeviceSpec, DeviceTelemetry } from '@fleet/contracts';
import { buildApp, loadConfig } from '@fleet/core';
import { createDb, migrateDeploy, seed } from '@fleet/db';
import { Engine, connectShard } from '@fleet/simulator';
import { cpuSeconds as childCpuSeconds } from './harness.js';
import { recordResult } from './record.js';
import { cpuMeter, lagMeter } from './meters.js';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    url: { type: 'string', default: '' },
    token: { type: 'string', default: '' },
    cookies: { type: 'string', default: '[]' },
    topics: { type: 'string', default: '[]' },
    units: { type: 'string', default: '10000' },
    consoles: { type: 'string', default: '50' },
    groups: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '8' },
    'flush-ms': { type: 'string', default: '0' },
    slices: { type: 'string', default: '10' },
    'eager-kib': { type: 'string', default: '' },
  },
});

const SELF = fileURLToPath(import.meta.url);
/** The shard's `eagerFrameChars` (KiB), passed on only when given (the link's default otherwise). */
const eagerArgs = values['eager-kib'] ? ['--eager-kib', values['eager-kib']] : [];
const TOKEN = 'bench-gateway-token';
const TIMINGS = { telemetryIntervalMs: 1000, meanTimeBetweenOutagesMs: 0, initiallyOffShare: 0, bootMs: [100, 500] as [number, number] };

// ── shard process: the simulator ──────────────────────────────────────────────────────────────
function runShard(): void {
  const engine = new Engine({ seed: 1, shardId: 'bench-shard', timings: TIMINGS, tickSlices: Number(values.slices) });
  const eager = values['eager-kib'] ? { eagerFrameChars: Number(values['eager-kib']) * 1024 } : {};
  const link = connectShard(engine, { url: values.url, token: values.token, reconnectMs: 200, ...eager });
  const stop = () => {
    link.close();
    engine.stop();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

// ── consoles process: the measuring clients ───────────────────────────────────────────────────
interface ConsoleReport {
  consoles: number;
  seconds: number;
  events: number;
  eventsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  bytesPerSec: number;
  cutOff: number;
  consolesCpuCores: number;
  /** The measuring process's own stalls add to the latency it measures. */
  consolesEventLoopDelayP99Ms: number;
}

const AT = /"at":(\d+)/g;

async function runConsoles(): Promise<void> {
  const cookies = JSON.parse(values.cookies) as string[];
  const topics = JSON.parse(values.topics) as string[];
  const warmupMs = Number(values.warmup) * 1000;
  const measureMs = Number(values.seconds) * 1000;
  /** Latency histogram in 0.1 ms buckets up to 10 s. */
  const buckets = new Uint32Array(100_001);
  let measuring = false;
  let events = 0;
  let bytes = 0;
  let max = 0;
  let cutOff = 0;
  const record = (at: number, now: number) => {
    if (!measuring) return;
    events++;
    const ms = Math.max(0, now - at);
    if (ms > max) max = ms;
    buckets[Math.min(100_000, Math.round(ms * 10))]!++;
  };
  const sockets = await Promise.all(
    topics.map(
      (topic, i) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(values.url, { headers: cookies[i] ? { cookie: cookies[i] } : {} });
          ws.on('message', (data: Buffer) => {
            const now = Date.now();
            if (measuring) bytes += data.length;
            // Event frames ({"op":"event..."): the events' own "at" (every event's last key) is read
            // by a scan instead of a full parse, so this process keeps up with the stream.
            if (data[7] === 0x65) {
              for (const m of data.toString('latin1').matchAll(AT)) record(Number(m[1]), now);
              return;
            }
            const m = JSON.parse(data.toString()) as { op: string };
            if (m.op === 'hello') ws.send(JSON.stringify({ op: 'subscribe', topics: [topic] }));
            else if (m.op === 'subscribed') resolve(ws);
          });
          ws.on('close', (code) => {
            if (code === 1013) cutOff++;
          });
          ws.on('error', reject);
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, warmupMs));
  measuring = true;
  process.stdout.write('MEASURING\n');
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await new Promise((r) => setTimeout(r, measureMs));
  measuring = false;
  loop.disable();
  const cpuEnd = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write('STOPPED\n');
  const percentile = (p: number) => {
    const target = Math.ceil(events * p);
    let seen = 0;
    for (let i = 0; i < buckets.length; i++) {
      seen += buckets[i]!;
      if (seen >= target) return i / 10;
    }
    return max;
  };
  const report: ConsoleReport = {
    consoles: sockets.length,
    seconds: Math.round(seconds * 100) / 100,
    events,
    eventsPerSec: Math.round(events / seconds),
    latencyP50Ms: percentile(0.5),
    latencyP99Ms: percentile(0.99),
    latencyMaxMs: Math.round(max),
    bytesPerSec: Math.round(bytes / seconds),
    cutOff,
    consolesCpuCores: Math.round(((cpuEnd.user + cpuEnd.system) / 1e6 / seconds) * 100) / 100,
    consolesEventLoopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
  };
  for (const ws of sockets) ws.terminate();
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
  process.exit(0);
}

// ── main process ──────────────────────────────────────────────────────────────────────────────
const children = new Set<ChildProcess>();
/** Children die with this process, whatever happens to it. */
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

function child(args: string[]): ChildProcess {
  const c = spawn(process.execPath, ['--import', 'tsx', SELF, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(c);
  c.on('exit', () => children.delete(c));
  return c;
}

/** Runs the consoles process; calls `onMeasuring`/`onStopped` at the window's edges; its report. */
function consoles(args: string[], onMeasuring: () => void, onStopped: () => void): Promise<ConsoleReport> {
  return new Promise((resolve, reject) => {
    const c = child(['--role', 'consoles', ...args, '--seconds', values.seconds, '--warmup', values.warmup]);
    let out = '';
    c.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        if (line === 'MEASURING') onMeasuring();
        else if (line === 'STOPPED') onStopped();
        else if (line.startsWith('REPORT ')) resolve(JSON.parse(line.slice(7)) as ConsoleReport);
      }
    });
    c.on('exit', (code) => {
      if (code !== 0) reject(new Error(`consoles process exited with ${code}`));
    });
  });
}

async function waitFor(fn: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`${what}: not in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const unitCount = Number(values.units);
  const consoleCount = Number(values.consoles);
  const groupCount = Number(values.groups);

  // A fresh SQLite database: the seed's structure and users, then the bench fleet.
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-rt-'));
  const url = `file:${join(dir, 'bench.db')}`;
  await migrateDeploy(url);
  const db = await createDb({ url });
  await seed(db, { seed: 1, fleet: 'small', password: 'Bench-pass-1', passwordCost: 1024 });
  const prisma = db.prisma;
  await prisma.unit.deleteMany({});
  const inventoryId = 'inv-global';
  const groups = Array.from({ length: groupCount }, (_, g) => ({ id: `bench-g${g}`, name: `Bench-${g}`, inventoryId }));
  await prisma.group.createMany({ data: groups });
  const units = Array.from({ length: unitCount }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    return {
      id: `BENCH-${n}`,
      name: `Bench-${n}`,
      productType: 'LU800',
      typeGroup: 'fieldUnits',
      swVersion: '10.1',
      serialNumber: `SN-BENCH-${n}`,
      license: { valid: true, kind: 'days', pro: true, fourK: false, raHours: null, rlHours: null },
    };
  });
  for (let i = 0; i < units.length; i += 1000) {
    const slice = units.slice(i, i + 1000);
    await prisma.unit.createMany({ data: slice });
    await prisma.unitInventory.createMany({ data: slice.map((u) => ({ unitId: u.id, inventoryId })) });
    await prisma.unitGroup.createMany({ data: slice.map((u, k) => ({ unitId: u.id, groupId: groups[(i + k) % groupCount]!.id })) });
  }
  const specs: DeviceSpec[] = units.map((u) => ({
    unitId: u.id,
    name: u.name,
    productType: u.productType,
    typeGroup: 'fieldUnits',
    swVersion: u.swVersion,
    capabilities: {},
  }));
  const groupOf = new Map(units.map((u, i) => [u.id, groups[i % groupCount]!.id]));
  const topics = Array.from({ length: consoleCount }, (_, i) => `group:${groups[i % groupCount]!.id}`);

  // ── 1. the full core ──
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', GATEWAY_TOKEN: TOKEN, MIGRATE_ON_BOOT: 'false', REALTIME_FLUSH_MS: values['flush-ms'] });
  const app = await buildApp({ config, db: prisma, logger: { level: 'warn' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const cookies: string[] = [];
  for (let i = 0; i < consoleCount; i++) {
    const res = await app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'super_user', password: 'Bench-pass-1' } });
    const c = res.cookies.find((x) => x.name === 'fleet_session');
    if (!c) throw new Error(`login failed: ${res.statusCode}`);
    cookies.push(`fleet_session=${c.value}`);
  }
  const shard = child(['--role', 'shard', '--url', `${base.replace('http', 'ws')}/gateway`, '--token', TOKEN, '--slices', values.slices, ...eagerArgs]);
  await waitFor(() => app.services.gateway.shardCount() === 1, 120_000, 'shard attached');
  // Telemetry flowing at full rate: past the boot storm (every device reports its state once,
  // written to storage) and the backlog it leaves.
  const hub = app.services.hub;
  const lag = lagMeter();
  hub.onPublish((_topics, event) => {
    if (event.type === 'unit.telemetry') lag.add(Date.now() - event.at);
  });
  let warmRate = 0;
  const warmUntil = Date.now() + 120_000;
  while (Date.now() < warmUntil) {
    const p0 = hub.stats.published;
    lag.reset();
    await new Promise((r) => setTimeout(r, 2000));
    warmRate = (hub.stats.published - p0) / 2;
    if (Math.abs(warmRate - unitCount) < unitCount * 0.05 && lag.median() < 20) break;
  }
  const fullCpu = cpuMeter();
  const others = { shard0: 0, shard1: 0, t0: 0, t1: 0 };
  let fullFrames = 0;
  let fullPublished = 0;
  let rss = 0;
  const fullReport = await consoles(
    ['--url', `${base.replace('http', 'ws')}/ws`, '--cookies', JSON.stringify(cookies), '--topics', JSON.stringify(topics)],
    () => {
      fullCpu.start();
      others.shard0 = childCpuSeconds(shard.pid);
      others.t0 = performance.now();
      fullFrames = hub.stats.frames;
      fullPublished = hub.stats.published;
    },
    () => {
      fullCpu.stop();
      others.shard1 = childCpuSeconds(shard.pid);
      others.t1 = performance.now();
      fullFrames = hub.stats.frames - fullFrames;
      fullPublished = hub.stats.published - fullPublished;
      rss = process.memoryUsage().rss;
    },
  );
  const history = hub.historySize();
  shard.kill('SIGTERM');
  await app.close();
  await db.close();

  // ── 2. the bare `ws` broadcast of the same messages ──
  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => bare.once('listening', () => r()));
  const port = (bare.address() as { port: number }).port;
  const subscribers = new Map<string, Set<WebSocket>>();
  const seqs = new Map<string, number>();
  let shards = 0;
  bare.on('connection', (ws, req) => {
    if (req.url === '/gateway') {
      shards++;
      // Only telemetry is broadcast: without outages, device states change at boot only. A shard
      // may send several messages in one `batch` frame.
      const handle = (m: { kind: string; messages?: unknown[] }) => {
        if (m.kind === 'hello') ws.send(JSON.stringify({ kind: 'assign', devices: specs }));
        else if (m.kind === 'telemetry') broadcast(m as DeviceTelemetry);
        else if (m.kind === 'batch') for (const x of m.messages ?? []) handle(x as { kind: string });
      };
      ws.on('message', (data: Buffer) => handle(JSON.parse(data.toString()) as { kind: string; messages?: unknown[] }));
      return;
    }
    ws.send(JSON.stringify({ op: 'hello', epoch: 'bare', heartbeatMs: 0, batchSize: 50 }));
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { op: string; topics: string[] };
      if (m.op !== 'subscribe') return;
      for (const t of m.topics) {
        let set = subscribers.get(t);
        if (!set) subscribers.set(t, (set = new Set()));
        set.add(ws);
      }
      ws.send(JSON.stringify({ op: 'subscribed', topics: m.topics.map((topic) => ({ topic, seq: 0 })) }));
    });
    ws.on('close', () => {
      for (const set of subscribers.values()) set.delete(ws);
    });
  });
  const bareLag = lagMeter();
  function broadcast(m: DeviceTelemetry): void {
    bareLag.add(Date.now() - m.at);
    const topic = `group:${groupOf.get(m.unitId) ?? ''}`;
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
    const frame = JSON.stringify({ op: 'event', topic, seq, epoch: 'bare', event });
    for (const ws of subscribers.get(topic) ?? []) ws.send(frame);
  }
  const bareShard = child(['--role', 'shard', '--url', `ws://127.0.0.1:${port}/gateway`, '--token', TOKEN, '--slices', values.slices, ...eagerArgs]);
  await waitFor(() => shards === 1, 120_000, 'shard attached to the bare server');
  const drainUntil = Date.now() + 120_000;
  do {
    bareLag.reset();
    await new Promise((r) => setTimeout(r, 2000));
  } while (Date.now() < drainUntil && !(bareLag.count() > unitCount && bareLag.median() < 20));
  const bareCpu = cpuMeter();
  const bareOthers = { shard0: 0, shard1: 0, t0: 0, t1: 0 };
  const bareReport = await consoles(
    ['--url', `ws://127.0.0.1:${port}/ws`, '--cookies', '[]', '--topics', JSON.stringify(topics)],
    () => {
      bareCpu.start();
      bareOthers.shard0 = childCpuSeconds(bareShard.pid);
      bareOthers.t0 = performance.now();
    },
    () => {
      bareCpu.stop();
      bareOthers.shard1 = childCpuSeconds(bareShard.pid);
      bareOthers.t1 = performance.now();
    },
  );
  bareShard.kill('SIGTERM');
  for (const ws of bare.clients) ws.terminate();
  await new Promise<void>((r) => bare.close(() => r()));
  rmSync(dir, { recursive: true, force: true });

  const result = {
    benchmark: '/ws: 10,000 units at 1 Hz to 50 consoles, full core vs bare ws broadcast',
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    settings: {
      units: unitCount,
      telemetryHz: 1,
      consoles: consoleCount,
      groups: groupCount,
      topicsPerConsole: 1,
      warmupSeconds: Number(values.warmup),
      measuredSeconds: Number(values.seconds),
      database: 'sqlite',
      simulator: 'one shard process over /gateway',
      realtimeFlushMs: Number(values['flush-ms']),
      simulatorTickSlices: Number(values.slices),
      /** The shard's eager frame size (KiB): null = the link's default. */
      shardEagerFrameKiB: values['eager-kib'] ? Number(values['eager-kib']) : null,
    },
    full: {
      ...fullReport,
      serverCpuCores: fullCpu.cores(),
      ...fullCpu.loopDelay(),
      shardCpuCores: Math.round(((others.shard1 - others.shard0) / ((others.t1 - others.t0) / 1000)) * 100) / 100,
      publishedPerSec: Math.round(fullPublished / fullReport.seconds),
      framesPerSec: Math.round(fullFrames / fullReport.seconds),
      eventsPerFrame: fullFrames ? Math.round((fullReport.events / fullFrames) * 10) / 10 : 0,
      publishedPerSecAtWarmup: Math.round(warmRate),
      historyEvents: history.events,
      historyMiB: Math.round(history.bytes / 1048576),
      rssMiB: Math.round(rss / 1048576),
    },
    bare: {
      ...bareReport,
      serverCpuCores: bareCpu.cores(),
      ...bareCpu.loopDelay(),
      shardCpuCores: Math.round(((bareOthers.shard1 - bareOthers.shard0) / ((bareOthers.t1 - bareOthers.t0) / 1000)) * 100) / 100,
    },
    /** The whole machine during the run (other work on it included): 1-minute load average. */
    machineLoadAverage: loadavg()[0],
    goal: { p99UnderMs: 100, cpuUnderCores: 1 },
  };
  const met = result.full.latencyP99Ms < 100 && result.full.serverCpuCores < 1;
  recordResult('realtime', { ...result, goalMet: met });
  console.log(JSON.stringify({ ...result, goalMet: met }, null, 2));
  process.exit(0);
}

if (values.role === 'shard') runShard();
else if (values.role === 'consoles') await runConsoles();
else {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
