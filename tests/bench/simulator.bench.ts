/**
 * The simulator at scale: 10,000 units with their modems reporting at 1 Hz (telemetryIntervalMs
 * 1000) from ONE simulator process (simulator/src/cli.ts, a separate OS process) attached over the
 * /gateway websocket,
 *   1. to a minimal sink (a ws server that assigns the fleet and counts what arrives), and
 *   2. to the real core (SQLite, the 10,000 units generated through the fleet service).
 * Recorded: the simulator process's CPU share (its own process.cpuUsage deltas over wall time) and
 * memory, and the device messages per second reaching the sink / the core. Goal: the whole fleet on
 * less than half of one core.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/simulator.bench.ts [--units 10000] [--seconds 30]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocketServer } from 'ws';
import { GATEWAY, type DeviceSpec, type UnitTypeGroup } from '@fleet/contracts';
import { startTestStack } from '../support/stack.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '10' },
    'telemetry-ms': { type: 'string', default: '1000' },
  },
});
const UNITS = Number(values.units);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const TELEMETRY_MS = Number(values['telemetry-ms']);
const TOKEN = 'bench-gateway-token';
const CLI = fileURLToPath(new URL('../../simulator/src/cli.ts', import.meta.url));

interface Report {
  at: number;
  cpuUserUs: number;
  cpuSystemUs: number;
  rss: number;
  heapUsed: number;
  sent: number;
  devices: number;
  /** Telemetry the shard dropped because the other end did not keep up. */
  dropped: number;
}

/** Start one simulator process against `url`; its periodic reports arrive through `onReport`. */
function startShard(url: string, onReport: (r: Report) => void): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--core', url, '--token', TOKEN, '--telemetry-ms', String(TELEMETRY_MS), '--report-ms', '1000', '--seed', '1', '--calm'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{"report"')) return;
    onReport((JSON.parse(line) as { report: Report }).report);
  });
  return child;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Wait for the warm-up, then measure over SECONDS: the shard's CPU share and memory from its own
 * reports, and `delivered()` (messages that reached the other end) per second.
 */
async function measure(reports: Report[], delivered: () => number, ready: () => boolean, settled: () => Promise<void> = async () => {}) {
  const until = Date.now() + 300_000;
  while (!ready()) {
    if (Date.now() > until) throw new Error('the fleet did not come up');
    await sleep(200);
  }
  await settled();
  await sleep(WARMUP * 1000);
  const first = reports.at(-1)!;
  const d0 = delivered();
  const t0 = performance.now();
  const rssSamples: number[] = [];
  while (performance.now() - t0 < SECONDS * 1000) {
    await sleep(1000);
    rssSamples.push(reports.at(-1)!.rss);
  }
  const last = reports.at(-1)!;
  const d1 = delivered();
  const wallMs = performance.now() - t0;
  const cpuMs = (last.cpuUserUs + last.cpuSystemUs - first.cpuUserUs - first.cpuSystemUs) / 1000;
  return {
    simulatorCpuShare: round(cpuMs / (last.at - first.at)),
    simulatorRssMB: round(Math.max(...rssSamples) / 1e6, 1),
    simulatorHeapMB: round(last.heapUsed / 1e6, 1),
    sentPerSec: Math.round(((last.sent - first.sent) / (last.at - first.at)) * 1000),
    droppedPerSec: Math.round(((last.dropped - first.dropped) / (last.at - first.at)) * 1000),
    deliveredPerSec: Math.round(((d1 - d0) / wallMs) * 1000),
    devices: last.devices,
  };
}

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

// ── 1. a minimal sink ────────────────────────────────────────────────────────────────────────────
async function againstSink() {
  const groups: UnitTypeGroup[] = ['fieldUnits', 'fieldUnits', 'fieldUnits', 'liteUnits', 'smartUnits', 'ptpUnits', 'ptmpUnits', 'extenderDevices'];
  const devices: DeviceSpec[] = Array.from({ length: UNITS }, (_, i) => ({
    unitId: `BENCH-${String(i).padStart(5, '0')}`,
    name: `bench_${i}`,
    productType: 'LU800',
    typeGroup: groups[i % groups.length]!,
    swVersion: '8.5',
    capabilities: { sdCard: true },
  }));
  let messages = 0;
  let telemetry = 0;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: GATEWAY.wsPath });
  wss.on('connection', (socket) => {
    socket.send(JSON.stringify({ kind: 'assign', devices }));
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as { kind: string; messages?: { kind: string }[] };
      const list = m.kind === 'batch' ? (m.messages ?? []) : [m];
      messages += list.length;
      for (const x of list) if (x.kind === 'telemetry') telemetry++;
    });
  });
  await new Promise((r) => wss.once('listening', r));
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const reports: Report[] = [];
  const child = startShard(`ws://127.0.0.1:${port}${GATEWAY.wsPath}`, (r) => reports.push(r));
  try {
    const result = await measure(
      reports,
      () => messages,
      () => telemetry > UNITS && reports.length > 0,
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    wss.close();
  }
}

// ── 2. the real core ─────────────────────────────────────────────────────────────────────────────
async function againstCore() {
  const stack = await startTestStack({ provider: 'sqlite', simulator: false, env: { GATEWAY_TOKEN: TOKEN } });
  try {
    const t0 = performance.now();
    const generated = await stack.app.services.fleet.generate({ size: UNITS });
    const generateMs = Math.round(performance.now() - t0);
    const base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    const gateway = stack.app.services.gateway;
    const reports: Report[] = [];
    const cpu0 = { usage: process.cpuUsage(), at: performance.now() };
    const child = startShard(`${base.replace('http', 'ws')}${GATEWAY.wsPath}`, (r) => reports.push(r));
    try {
      let coreCpu0: typeof cpu0 | null = null;
      const result = await measure(
        reports,
        () => {
          // First call: the measurement starts; the core's own CPU is counted from here.
          coreCpu0 ??= { usage: process.cpuUsage(), at: performance.now() };
          return gateway.stats.messages;
        },
        () => gateway.stats.messages > UNITS && reports.length > 0,
        // The boot storm (every unit's first state written to storage) is over before measuring.
        async () => {
          await stack.app.services.reports.settle();
          await stack.app.services.events.settle();
        },
      );
      const start = coreCpu0 ?? cpu0;
      const coreCpu = process.cpuUsage(start.usage);
      return {
        ...result,
        units: await stack.app.services.db.unit.count(),
        generated: generated.created,
        generateMs,
        /** The core (and the benchmark driving it) in this process. */
        coreCpuShare: round((coreCpu.user + coreCpu.system) / 1000 / (performance.now() - start.at)),
      };
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    await stack.close();
  }
}

const sink = await againstSink();
console.log('sink', sink);
const core = await againstCore();
console.log('core', core);
const result = {
  benchmark: 'simulator: 10,000 units with their modems at 1 Hz, one simulator process over the /gateway websocket',
  when: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
  settings: {
    units: UNITS,
    telemetryIntervalMs: TELEMETRY_MS,
    measureSeconds: SECONDS,
    warmupSeconds: WARMUP,
    goal: 'simulator CPU share < 0.5 (half of one core)',
  },
  sink,
  core,
  goalMet: sink.simulatorCpuShare < 0.5 && core.simulatorCpuShare < 0.5,
};
recordResult('simulator', result);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
