/**
 * The soak: the full stack with the simulator under a steady REST load and many /ws consoles for a
 * long time, recording memory, event-loop delay, errors and lost events over time ("Proof
 * suites"). Goals: memory growth under 10 % after the warm-up, zero 5xx, zero lost events.
 *
 *   pnpm --filter @fleet/tests exec tsx soak/run.ts                 # the full run: 30 min, 500 req/s, 200 consoles
 *   pnpm --filter @fleet/tests exec tsx soak/run.ts --duration 180 --warmup 60    # a short run
 *
 * Options (flags, or the environment variables in brackets):
 *   --duration <s>   whole run including the warm-up (SOAK_DURATION_S, default 1800)
 *   --warmup <s>     first part not judged for memory (SOAK_WARMUP_S, default 300)
 *   --rate <n>       REST requests per second, open-loop (SOAK_RATE, default 500)
 *   --consoles <n>   /ws consoles (SOAK_CONSOLES, default 200)
 *   --out <path>     results without extension (SOAK_OUT, default soak/results/<date>-<duration>):
 *                    <path>.ndjson (a sample every 10 s, written as it goes) and <path>.json (all)
 *   --port <n>       the core's port (SOAK_PORT, default a free one)
 *
 * As the benchmarks (bench/harness.ts), the core is pinned to CPU 0 and the load generators to
 * CPU 1 when `taskset` and two cores are there.
 *
 * Processes:
 *   core      soak/core.ts — the stack as `npm start` runs it (apps/stack/src/main.ts: core +
 *             in-process simulator, RESPONSE_VALIDATION=false, SQLite on a fresh database seeded
 *             with the demo fleet), plus one route, /soak/metrics (memory after full collections,
 *             event-loop delay, hub), with --expose-gc for it
 *   consoles  soak/consoles.ts — the /ws consoles and one control subscriber per topic set
 *   this one  the REST load (soak/load.ts), sampling, the summary
 *
 * Every 10 s a sample (NDJSON): time, the core's RSS (from /soak/metrics and from
 * /proc/<pid>/status), heapUsed (after full collections), heapTotal, external, arrayBuffers, event-loop delay p50/p99/max
 * since the previous sample, requests/s achieved, 4xx/5xx/no answer so far, late and missed slots,
 * /ws events delivered, gaps, lost events, consoles cut, the hub's history (events, bytes). At the
 * end: per-minute latency, memory growth (median of the first minute after the warm-up against
 * the median of the last minute), the verdict. Exit code 1 when a goal is missed.
 */
import { mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { DEFAULT_DEMO_PASSWORD } from '@fleet/db';
import { coreEnv, freePort, newDatabase, REPO_ROOT } from '../durability/core-process.js';
import { bodyOf, call, login } from '../durability/http.js';
import { canPin, LOAD_CPU, machine, onLines, SERVER_CPU, spawnPinned, stop, waitForLine } from '../bench/harness.js';
import type { ConsoleFinal, ConsoleStats } from './consoles.js';
import { LATE_MS, MAX_IN_FLIGHT, OpenLoop, setUpSessions, LOAD_USERS } from './load.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.SOAK_DURATION_S ?? '1800' },
    warmup: { type: 'string', default: process.env.SOAK_WARMUP_S ?? '300' },
    rate: { type: 'string', default: process.env.SOAK_RATE ?? '500' },
    consoles: { type: 'string', default: process.env.SOAK_CONSOLES ?? '200' },
    out: { type: 'string', default: process.env.SOAK_OUT ?? '' },
    port: { type: 'string', default: process.env.SOAK_PORT ?? '0' },
  },
});

const durationS = Number(values.duration);
const warmupS = Number(values.warmup);
const rate = Number(values.rate);
const consoleCount = Number(values.consoles);
const SAMPLE_MS = 10_000;
const GROWTH_LIMIT = 0.1;
if (!(durationS >= warmupS + 120)) throw new Error('--duration must leave at least two minutes after --warmup (a first and a last minute to compare)');

const SOAK_DIR = fileURLToPath(new URL('.', import.meta.url));
const startedAt = new Date();
const label = durationS % 60 === 0 ? `${durationS / 60}m` : `${durationS}s`;
const outBase = values.out || `${SOAK_DIR}results/${startedAt.toISOString().slice(0, 16).replace(':', '')}-${label}`;
mkdirSync(dirname(outBase), { recursive: true });
writeFileSync(`${outBase}.ndjson`, '');

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const mib = (bytes: number | null) => (bytes === null ? null : round(bytes / 1048576));
const known = (xs: readonly (number | null | undefined)[]) => xs.filter((x): x is number => typeof x === 'number');
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface CoreMetrics {
  memory: NodeJS.MemoryUsage;
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  hub: { clients: number; history: { topics: number; events: number; bytes: number }; stats: Record<string, number> };
}

interface Sample {
  t: number;
  at: string;
  phase: 'warmup' | 'measured' | 'end';
  /** ms /soak/metrics took to answer; the figures from it are null when it did not answer within 8 s. */
  metricsMs: number;
  rssBytes: number | null;
  /** VmRSS of /proc/<pid>/status, the cross-check (read from outside: always there). */
  procRssBytes: number;
  heapUsedBytes: number | null;
  heapTotalBytes: number | null;
  externalBytes: number | null;
  arrayBuffersBytes: number | null;
  eventLoopDelayMs: { p50: number; p99: number; max: number } | null;
  requestsPerSec: number;
  requests: number;
  inFlight: number;
  http4xx: number;
  http5xx: number;
  noAnswer: number;
  late: number;
  missed: number;
  ws: {
    open: number;
    events: number;
    hubDelivered: number | null;
    gaps: number;
    missing: number;
    duplicates: number;
    closedByServer: number;
    refetches: number;
  };
  history: { topics: number; events: number; bytes: number } | null;
}

function procRss(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The core's own figures; null when it does not answer within 8 s (an overloaded core: recorded, not fatal). */
async function metrics(base: string): Promise<CoreMetrics | null> {
  try {
    const res = await fetch(`${base}/soak/metrics`, { signal: AbortSignal.timeout(8_000) });
    if (!res.ok) return null;
    return (await res.json()) as CoreMetrics;
  } catch {
    return null;
  }
}

/**
 * Questions to a child on stdin, each answered by a stdout line `PREFIX {json}`, in order (one line
 * listener for all of them).
 */
function asker(child: ChildProcess): <T>(command: string, prefix: string, timeoutMs?: number) => Promise<T> {
  const waiting: { prefix: string; resolve: (json: unknown) => void }[] = [];
  onLines(child, (line) => {
    const i = waiting.findIndex((w) => line.startsWith(`${w.prefix} `));
    if (i < 0) return;
    const w = waiting.splice(i, 1)[0]!;
    w.resolve(JSON.parse(line.slice(w.prefix.length + 1)));
  });
  return <T>(command: string, prefix: string, timeoutMs = 60_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${prefix} answer within ${timeoutMs} ms`)), timeoutMs);
      waiting.push({
        prefix,
        resolve: (json) => {
          clearTimeout(timer);
          resolve(json as T);
        },
      });
      child.stdin!.write(`${command}\n`);
    });
}

// ── the stack ──
const loadAtStart = loadavg()[0]!;
const db = await newDatabase('sqlite', undefined);
const port = Number(values.port) || (await freePort());
const base = `http://127.0.0.1:${port}`;
log(`soak: ${durationS} s (${warmupS} s warm-up), ${rate} requests/s, ${consoleCount} consoles; core on ${base}, database ${db.url}`);
log(`results: ${outBase}.ndjson / .json`);
const env = coreEnv({ databaseUrl: db.url, port, logFile: '' });
const corePath = `${SOAK_DIR}core.ts`;
const core = spawnPinned(SERVER_CPU, process.execPath, ['--expose-gc', '--import', 'tsx', corePath], env);
const coreLog: string[] = [];
let coreLogLines = 0;
onLines(core, (line) => {
  if (line.startsWith('READY ')) return;
  coreLogLines++;
  if (coreLog.length < 50) coreLog.push(line.slice(0, 2000));
  if (coreLogLines <= 20) process.stderr.write(`[core] ${line.slice(0, 500)}\n`);
});
let consoles: ChildProcess | null = null;

async function shutdown(): Promise<void> {
  if (consoles) await stop(consoles, 10_000);
  await stop(core, 30_000);
  await db.drop();
}
process.once('SIGINT', () => void shutdown().then(() => process.exit(130)));

try {
  await waitForLine(core, 'READY', 300_000);

  // The fleet online: the simulator brings the seeded units up within seconds.
  const admin = await login(base, 'super_user', DEFAULT_DEMO_PASSWORD);
  const until = Date.now() + 120_000;
  for (;;) {
    const units = bodyOf('devices/fetch', await call(base, admin, 'fetchDevices', {}));
    const online = units.filter((u) => u.status !== 'offline').length;
    if (online >= units.length * 0.8 || Date.now() > until) {
      log(`fleet: ${online} of ${units.length} units online`);
      break;
    }
    await sleep(1000);
  }

  log('consoles: signing in and subscribing…');
  consoles = spawnPinned(LOAD_CPU, process.execPath, [
    '--import',
    'tsx',
    `${SOAK_DIR}consoles.ts`,
    '--url',
    base,
    '--consoles',
    String(consoleCount),
    '--password',
    DEFAULT_DEMO_PASSWORD,
  ]);
  const askConsoles = asker(consoles);
  const consolesReady = await waitForLine<{ consoles: number; controls: number; topicSets: string[] }>(consoles, 'READY', 600_000);
  log(`consoles: ${consolesReady.consoles} subscribed, ${consolesReady.controls} control subscribers (${consolesReady.topicSets.join(' | ')})`);

  log(`REST sessions (${LOAD_USERS.length}):`);
  const { sessions, leftOut } = await setUpSessions(base, DEFAULT_DEMO_PASSWORD, log);
  if (leftOut.length > 0) log(`left out of the mix (refused at set-up): ${leftOut.join('; ')}`);

  // ── the run ──
  const load = new OpenLoop(sessions, rate);
  const samples: Sample[] = [];
  let previous = { t: 0, requests: 0 };
  const sample = async (phase: Sample['phase']): Promise<Sample> => {
    const m0 = performance.now();
    const [m, ws] = await Promise.all([metrics(base), askConsoles<ConsoleStats>('stats', 'STATS')]);
    const metricsMs = round(performance.now() - m0);
    const t = round(load.elapsed() / 1000);
    const p = load.progress();
    const s: Sample = {
      t,
      at: new Date().toISOString(),
      phase,
      metricsMs,
      rssBytes: m?.memory.rss ?? null,
      procRssBytes: procRss(core.pid),
      heapUsedBytes: m?.memory.heapUsed ?? null,
      heapTotalBytes: m?.memory.heapTotal ?? null,
      externalBytes: m?.memory.external ?? null,
      arrayBuffersBytes: m?.memory.arrayBuffers ?? null,
      eventLoopDelayMs: m ? { p50: m.eventLoopDelayMs.p50, p99: m.eventLoopDelayMs.p99, max: m.eventLoopDelayMs.max } : null,
      requestsPerSec: t > previous.t ? round((p.answered - previous.requests) / (t - previous.t)) : 0,
      requests: p.answered,
      inFlight: p.inFlight,
      http4xx: load.totals.http4xx,
      http5xx: load.totals.http5xx,
      noAnswer: load.totals.noAnswer,
      late: load.totals.late,
      missed: load.totals.missed,
      ws: {
        open: ws.open,
        events: ws.events,
        hubDelivered: m?.hub.stats.delivered ?? null,
        gaps: ws.gaps,
        missing: ws.missing,
        duplicates: ws.duplicates,
        closedByServer: ws.closedByServer,
        refetches: ws.refetches,
      },
      history: m?.hub.history ?? null,
    };
    previous = { t, requests: p.answered };
    samples.push(s);
    appendFileSync(`${outBase}.ndjson`, `${JSON.stringify(s)}\n`);
    log(
      `t=${String(Math.round(t)).padStart(5)} s ${phase.padEnd(8)} rss ${mib(s.rssBytes)} MiB heap ${mib(s.heapUsedBytes)} MiB ext ${mib(s.externalBytes)} MiB` +
        ` | loop p99 ${s.eventLoopDelayMs?.p99 ?? '?'} max ${s.eventLoopDelayMs?.max ?? '?'} ms (metrics ${s.metricsMs} ms) | ${s.requestsPerSec} req/s, 5xx ${s.http5xx}, 4xx ${s.http4xx}, no answer ${s.noAnswer}, late ${s.late}, missed ${s.missed}` +
        ` | ws ${s.ws.open} open, ${s.ws.events} events, gaps ${s.ws.gaps}, cut ${s.ws.closedByServer} | history ${s.history?.events ?? '?'} events ${mib(s.history?.bytes ?? null) ?? '?'} MiB`,
    );
    return s;
  };

  await metrics(base); // starts the event-loop histogram's first interval at the load's start
  load.start();
  const endMs = durationS * 1000;
  for (let next = SAMPLE_MS; next <= endMs; next += SAMPLE_MS) {
    await sleep(Math.max(0, next - load.elapsed()));
    await sample(next <= warmupS * 1000 ? 'warmup' : 'measured');
  }
  load.stop();
  await load.drain();
  const final = await askConsoles<ConsoleFinal>('finish', 'FINAL', 120_000);
  const last = await sample('end');
  const machineInfo = machine(loadAtStart);

  // ── the summary ──
  const window = (from: number, to: number) => samples.filter((s) => s.phase === 'measured' && s.t > from && s.t <= to + 0.5);
  const first = window(warmupS, warmupS + 60);
  const lastMinute = window(durationS - 60, durationS);
  const growth = (pick: (s: Sample) => number | null) => {
    const xs = known(first.map(pick));
    const ys = known(lastMinute.map(pick));
    const a = median(xs);
    const b = median(ys);
    // null: no sample of one of the two minutes had the figure (the core did not answer /soak/metrics).
    const growthPercent = xs.length > 0 && ys.length > 0 && a > 0 ? round(((b - a) / a) * 100, 2) : null;
    return {
      firstMinuteMedianMiB: xs.length > 0 ? mib(a) : null,
      lastMinuteMedianMiB: ys.length > 0 ? mib(b) : null,
      samples: [xs.length, ys.length],
      growthPercent,
    };
  };
  const under = (g: { growthPercent: number | null }) => g.growthPercent !== null && g.growthPercent < GROWTH_LIMIT * 100;
  const memoryGrowth = {
    rss: growth((s) => s.rssBytes),
    procRss: growth((s) => s.procRssBytes),
    heapUsed: growth((s) => s.heapUsedBytes),
    external: growth((s) => s.externalBytes),
    arrayBuffers: growth((s) => s.arrayBuffersBytes),
  };
  const measured = samples.filter((s) => s.phase === 'measured');
  const lostEvents = final.lost;
  const goals = {
    // RSS as the OS sees it (/proc, every sample) and the live JavaScript heap.
    memoryGrowthUnder10Percent: under(memoryGrowth.procRss) && under(memoryGrowth.heapUsed),
    zero5xx: load.totals.http5xx === 0 && load.totals.noAnswer === 0,
    // Lost events, and anything that would make a console miss or doubt one.
    zeroLostEvents:
      final.lost === 0 &&
      final.duplicates === 0 &&
      final.refetches === 0 &&
      final.closedByServer === 0 &&
      final.errors === 0 &&
      final.epochChanges === 0 &&
      final.invalid === 0,
  };
  const passed = Object.values(goals).every(Boolean);
  const achieved = load.totals.fired / (durationS || 1);
  const summary = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    options: { durationS, warmupS, rate, consoles: consoleCount, sampleS: SAMPLE_MS / 1000, pinned: canPin(), lateMs: LATE_MS, maxInFlight: MAX_IN_FLIGHT },
    machine: machineInfo,
    stack: { database: 'sqlite (fresh, demo seed)', simulator: 'in-process, stack defaults', responseValidation: false, url: base },
    verdict: passed ? 'PASS' : 'FAIL',
    goals,
    memoryGrowth,
    memoryPeakMiB: { rss: mib(Math.max(0, ...samples.map((s) => s.procRssBytes))), heapUsed: mib(Math.max(0, ...known(samples.map((s) => s.heapUsedBytes)))) },
    eventLoopDelayMs: {
      p99Median: round(median(known(measured.map((s) => s.eventLoopDelayMs?.p99)))),
      p99Worst: Math.max(0, ...known(measured.map((s) => s.eventLoopDelayMs?.p99))),
      max: Math.max(0, ...known(measured.map((s) => s.eventLoopDelayMs?.max))),
    },
    /** Samples whose /soak/metrics did not answer within 8 s (the core too busy), and the slowest answer. */
    metrics: { unanswered: samples.filter((s) => s.rssBytes === null).length, slowestMs: Math.max(0, ...samples.map((s) => s.metricsMs)) },
    http: { ...load.totals, achievedPerSec: round(achieved), leftOutAtSetUp: leftOut },
    latencyPerMinute: load.minutes,
    realtime: {
      consoles: consolesReady.consoles,
      controls: consolesReady.controls,
      topicSets: consolesReady.topicSets,
      eventsDelivered: final.events,
      controlEvents: final.controlEvents,
      frames: final.frames,
      lostEvents,
      lost: final.lost,
      gaps: final.gaps,
      duplicates: final.duplicates,
      refetches: final.refetches,
      closedByServer: final.closedByServer,
      errors: final.errors,
      epochChanges: final.epochChanges,
      invalidMessages: final.invalid,
      consolesWithProblems: final.consolesWithProblems,
      settleMs: final.settleMs,
      problems: final.problems,
      hubHistoryAtEnd: last.history,
      hubHistoryMax: {
        events: Math.max(0, ...known(samples.map((s) => s.history?.events))),
        bytesMiB: mib(Math.max(0, ...known(samples.map((s) => s.history?.bytes)))),
      },
    },
    coreLog: { lines: coreLogLines, first: coreLog },
    samples,
  };
  writeFileSync(`${outBase}.json`, `${JSON.stringify(summary, null, 2)}\n`);

  log('');
  log(`── soak summary (${outBase.replace(REPO_ROOT, '')}.json) ──`);
  log(
    `REST: ${load.totals.fired} requests (${round(achieved)}/s of ${rate}), 2xx ${load.totals.http2xx}, 4xx ${load.totals.http4xx}, 5xx ${load.totals.http5xx}, no answer ${load.totals.noAnswer}, late slots ${load.totals.late}, missed ${load.totals.missed} (lateness p99 ${load.totals.lateness.p99Ms} ms)`,
  );
  for (const m of load.minutes)
    log(`  minute ${m.minute}: ${m.requestsPerSec} req/s, p50 ${m.latencyP50Ms} ms, p99 ${m.latencyP99Ms} ms, max ${m.latencyMaxMs} ms`);
  if (Object.keys(load.totals.refusals).length > 0) log(`  4xx: ${JSON.stringify(load.totals.refusals)}`);
  log(
    `memory (median of the first minute after the warm-up vs the last minute): RSS (/proc) ${memoryGrowth.procRss.firstMinuteMedianMiB} → ${memoryGrowth.procRss.lastMinuteMedianMiB} MiB (${memoryGrowth.procRss.growthPercent} %), heapUsed ${memoryGrowth.heapUsed.firstMinuteMedianMiB} → ${memoryGrowth.heapUsed.lastMinuteMedianMiB} MiB (${memoryGrowth.heapUsed.growthPercent} %), external ${memoryGrowth.external.growthPercent} %`,
  );
  log(
    `event loop: p99 median ${summary.eventLoopDelayMs.p99Median} ms, worst p99 ${summary.eventLoopDelayMs.p99Worst} ms, max ${summary.eventLoopDelayMs.max} ms`,
  );
  log(
    `/ws: ${final.events} events to ${consolesReady.consoles} consoles (controls ${final.controlEvents}), lost ${final.lost}, gaps ${final.gaps}, duplicates ${final.duplicates}, refetches ${final.refetches}, cut by the server ${final.closedByServer}; history at most ${summary.realtime.hubHistoryMax.events} events / ${summary.realtime.hubHistoryMax.bytesMiB} MiB`,
  );
  for (const p of final.problems) log(`  ${p}`);
  log(`machine: ${machineInfo.cpus} CPUs, load average ${machineInfo.loadAverageAtStart} → ${machineInfo.loadAverageAtEnd}, pinned ${summary.options.pinned}`);
  log(
    `verdict: ${summary.verdict} (${Object.entries(goals)
      .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
      .join(', ')})`,
  );
  await shutdown();
  process.exit(passed ? 0 : 1);
} catch (e) {
  process.stderr.write(`soak failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  if (coreLog.length > 0) process.stderr.write(`core log:\n${coreLog.join('\n')}\n`);
  await shutdown().catch(() => undefined);
  process.exit(2);
}
