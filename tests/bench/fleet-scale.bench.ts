/**
 * The stack at fleet size: 100, 1,000 and 10,000 units, each run as `npm start` runs it (the
 * production folder's main.js with its node flags and MALLOC_ARENA_MAX, the in-process simulator
 * with the lively demo, SQLite: stack-process.ts; not pinned: both cores), one size after the other, and the smallest fleet
 * the baseline every figure is divided by (how a cost grows with the fleet: a ratio near 10 for ten
 * times the units is linear, below it sublinear).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/fleet-scale.bench.ts [--sizes 100,1000,10000] [--idle 20]
 *
 * For each size:
 * - start: process start until `/healthz` answers, with migrations, the seed and the generated
 *   units (1,000 is `--fleet large`'s seed; 100 and 10,000 are the small seed and the large one with
 *   generated units mixed over the type groups: SIM_FLEET_SIZE);
 * - idle memory: the process's RSS with the lively demo running (`--idle` seconds after start, the
 *   median of a 5-s window; what `ps` shows, not collected), and its heap after full collections;
 *   the RSS again `--idle` seconds after the steps below, the clock back to real time;
 * - realtime fan-out: 10 consoles of super_user subscribed as the console subscribes (its groups'
 *   topics), events each receives per second and their delay from the device report, for 10 s;
 * - `devices/fetch` (super_user, the whole fleet): the first request (the core builds every unit's
 *   summary and its text once) apart, then 100 one after the other, p50 and p99;
 * - a one-hour and a one-day step of the paused clock (the Simulator panel's +1 h and +1 day, over
 *   the control plane): until the step's answer, `/healthz` asked every 100 ms meanwhile (its
 *   slowest answer), and the process's peak RSS during the step beside its RSS before it.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { groupTopic, inventoryTopic } from '@fleet/contracts';
import { login, machine, percentile, round } from './harness.js';
import { recordResult } from './record.js';
import { buildStackFolder, stackNodeFlags, startStack, type StackProcess } from './stack-process.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000,10000' },
    idle: { type: 'string', default: '20' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const IDLE_MS = Number(values.idle) * 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The resident memory of a process now (kB in /proc → bytes). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Sample a process's RSS every `everyMs` until stopped: the samples. */
function rssSampler(pid: number, everyMs: number) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(rssOf(pid)), everyMs);
  samples.push(rssOf(pid));
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(rssOf(pid));
      return samples;
    },
  };
}

/** Ask /healthz one request after the other (at most every `everyMs`) until stopped: each answer's time. */
function healthProbe(url: string, everyMs: number) {
  const times: number[] = [];
  let on = true;
  const run = (async () => {
    while (on) {
      const t = performance.now();
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      await sleep(Math.max(0, everyMs - (performance.now() - t)));
    }
  })();
  return {
    stop: async () => {
      on = false;
      await run;
      return times;
    },
  };
}

async function api(url: string, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** Consoles on /ws, each subscribed to the topics the console subscribes super_user to, for `ms`: events per console per second, delay percentiles. */
async function fanOut(url: string, cookie: string, topics: string[], consoles: number, ms: number) {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws`;
  const delays: number[] = [];
  let events = 0;
  let measuring = false;
  const AT = /"at":(\d+)[,}]/g;
  const sockets = await Promise.all(
    Array.from(
      { length: consoles },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { headers: { cookie, origin: url } });
          ws.on('message', (data: Buffer) => {
            const now = Date.now();
            const text = data.toString();
            if (text.startsWith('{"op":"event')) {
              if (!measuring) return;
              for (const m of text.matchAll(AT)) {
                events++;
                delays.push(now - Number(m[1]));
              }
              return;
            }
            const m = JSON.parse(text) as { op: string };
            if (m.op === 'hello') ws.send(JSON.stringify({ op: 'subscribe', topics: topics.slice(0, 50) }));
            else if (m.op === 'subscribed') resolve(ws);
          });
          ws.on('error', reject);
        }),
    ),
  );
  await sleep(2000);
  measuring = true;
  await sleep(ms);
  measuring = false;
  for (const ws of sockets) ws.close();
  delays.sort((a, b) => a - b);
  return {
    consoles,
    topics: Math.min(50, topics.length),
    eventsPerConsolePerSec: round(events / consoles / (ms / 1000), 1),
    delayP50Ms: round(percentile(delays, 0.5), 0),
    delayP99Ms: round(percentile(delays, 0.99), 0),
  };
}

async function step(core: StackProcess, cookie: string, ms: number) {
  const pid = core.pid;
  const before = rssOf(pid);
  const rss = rssSampler(pid, 100);
  const health = healthProbe(core.url, 100);
  const t = performance.now();
  const answer = (await api(core.url, cookie, 'POST', '/mock/api/clock/set', { advanceMs: ms })) as { now: number }[];
  const seconds = (performance.now() - t) / 1000;
  const times = (await health.stop()).sort((a, b) => a - b);
  const samples = rss.stop();
  return {
    seconds: round(seconds, 2),
    healthzMaxMs: round(times.at(-1) ?? 0, 0),
    healthzP99Ms: round(percentile(times, 0.99), 0),
    healthzAnswers: times.length,
    rssBeforeMiB: round(before / 1048576, 0),
    rssPeakMiB: round(Math.max(...samples) / 1048576, 0),
    peakOverBefore: round(Math.max(...samples) / before, 2),
    simulatedNow: answer[0]?.now ?? null,
  };
}

async function measure(size: number) {
  const seed = size >= 1000 ? 'large' : 'small';
  const generated = size - (seed === 'large' ? 1000 : 24);
  // Both cores, as `npm start` runs it: the goals are the stack's on these two cores (pinned to one, its
  // collector's helper threads and its database's writer share the core its event loop runs on).
  const core = await startStack({ SEED_FLEET: seed, SIM_FLEET_SIZE: String(generated), SIM_DEMO: 'lively' }, { pinned: false });
  const startSeconds = round(core.startSeconds, 1);
  try {
    const pid = core.pid;
    await sleep(IDLE_MS);
    const idle = rssSampler(pid, 250);
    await sleep(5000);
    const idleSamples = idle.stop().sort((a, b) => a - b);
    const memory = await core.memory();
    const cookie = await login(core.url, 'super_user');
    const user = (await api(core.url, cookie, 'GET', '/api/users/current')) as { groups: { id: string }[]; inventories: { id: string }[] };
    const topics = user.groups.length > 0 ? user.groups.map((g) => groupTopic(g.id)) : user.inventories.map((i) => inventoryTopic(i.id));
    const realtime = await fanOut(core.url, cookie, topics, 10, 10_000);
    const fetches: number[] = [];
    let units = 0;
    let firstFetchMs = 0;
    for (let i = 0; i <= 100; i++) {
      const t = performance.now();
      const list = (await api(core.url, cookie, 'GET', '/api/devices/fetch')) as unknown[];
      if (i === 0) firstFetchMs = performance.now() - t;
      else fetches.push(performance.now() - t);
      units = list.length;
    }
    fetches.sort((a, b) => a - b);
    await api(core.url, cookie, 'POST', '/mock/api/clock/set', { mode: { kind: 'stepped' } });
    const hour = await step(core, cookie, HOUR);
    const day = await step(core, cookie, DAY);
    // The memory a person's stack keeps after the steps: the clock back to real time, the demo running.
    await api(core.url, cookie, 'POST', '/mock/api/clock/set', { mode: { kind: 'realtime' } });
    await sleep(IDLE_MS);
    const afterSteps = rssSampler(pid, 250);
    await sleep(5000);
    const afterStepsSamples = afterSteps.stop().sort((a, b) => a - b);
    return {
      size,
      units,
      seed,
      generated,
      startSeconds,
      idle: {
        rssMiB: round(percentile(idleSamples, 0.5) / 1048576, 0),
        rssMaxMiB: round((idleSamples.at(-1) ?? 0) / 1048576, 0),
        heapUsedAfterGcMiB: round(memory.heapUsedBytes / 1048576, 0),
        externalMiB: round(memory.externalBytes / 1048576, 0),
        rssAfterStepsMiB: round(percentile(afterStepsSamples, 0.5) / 1048576, 0),
      },
      realtime,
      devicesFetch: { firstMs: round(firstFetchMs, 1), p50Ms: round(percentile(fetches, 0.5), 1), p99Ms: round(percentile(fetches, 0.99), 1) },
      hourStep: hour,
      dayStep: day,
    };
  } finally {
    await core.stop();
  }
}

buildStackFolder();
const NODE_FLAGS = stackNodeFlags();
const loadAtStart = loadavg()[0]!;
const results = [];
for (const size of SIZES) {
  process.stdout.write(`fleet of ${size}…\n`);
  const r = await measure(size);
  process.stdout.write(`${JSON.stringify(r)}\n`);
  results.push(r);
}
const base = results[0]!;
const growth = Object.fromEntries(
  results.map((r) => [
    r.size,
    {
      units: round(r.size / base.size, 1),
      startSeconds: round(r.startSeconds / base.startSeconds, 2),
      idleRss: round(r.idle.rssMiB / base.idle.rssMiB, 2),
      heapAfterGc: round(r.idle.heapUsedAfterGcMiB / base.idle.heapUsedAfterGcMiB, 2),
      devicesFetchP99: round(r.devicesFetch.p99Ms / base.devicesFetch.p99Ms, 2),
      hourStep: round(r.hourStep.seconds / base.hourStep.seconds, 2),
      dayStep: round(r.dayStep.seconds / base.dayStep.seconds, 2),
    },
  ]),
);
const bySize = Object.fromEntries(results.map((r) => [r.size, r]));
recordResult('fleet-scale', {
  benchmark: 'The stack at 100, 1,000 and 10,000 units with the lively demo, as npm start runs it; the smallest fleet the baseline',
  when: new Date().toISOString(),
  machine: { ...machine(loadAtStart), pinned: false },
  settings: { sizes: SIZES, idleSeconds: IDLE_MS / 1000, nodeFlags: NODE_FLAGS, mallocArenaMax: 1, provider: 'sqlite', demo: 'lively' },
  bySize,
  growth,
});
process.stdout.write('done\n');
process.exit(0);
