/**
 * Sandboxes beside the stack's own start: the stack run as `npm start` runs it (the production
 * folder's main.js, its node flags, SQLite, the lively demo on the stack itself: stack-process.ts),
 * then sandboxes made over the control plane's plain HTTP, one after the other.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/sandboxes.bench.ts [--small 10] [--medium 3]
 *
 * - start: the stack's process start until `/healthz` answers (the baseline a sandbox's making is
 *   compared with: a sandbox is that stack again);
 * - making a small sandbox with a new seed each time (its template seeded, then copied), again with
 *   one seed (the template copied only), without a seed at a person's pace (one every 2 s: the seed
 *   of a template seeded ahead), and a medium one with new seeds: each `sandbox.create`'s answer
 *   time, the median and the slowest;
 * - memory: the stack's RSS (median of a 3-s window after 10 s idle) before the sandboxes, with the
 *   small ones idle, and after removing them all: per sandbox is the difference over their number.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BENCH_PASSWORD, machine, round } from './harness.js';
import { recordResult } from './record.js';
import { buildStackFolder, startStack } from './stack-process.js';

const { values } = parseArgs({ options: { small: { type: 'string', default: '10' }, medium: { type: 'string', default: '3' } } });
const SMALL = Number(values.small);
const MEDIUM = Number(values.medium);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** The median of a process's RSS over `ms`, sampled every 200 ms. */
async function settledRss(pid: number, ms = 3000): Promise<number> {
  const samples: number[] = [];
  for (let t = 0; t < ms; t += 200) {
    samples.push(rssOf(pid));
    await sleep(200);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  const stack = await startStack({ SANDBOX_MAX: String(SMALL + MEDIUM + 2) }, { pinned: false });
  const ORIGIN = stack.url;
  try {
    const startMs = stack.startSeconds * 1000;
    const pid = stack.pid;
    const login = await fetch(`${ORIGIN}/mock/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'super_user', password: BENCH_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const call = async (path: string, body: unknown) => {
      const t = performance.now();
      const res = await fetch(`${ORIGIN}/mock/api/sandbox/${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { id: string };
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t, id: json.id };
    };
    await sleep(10_000);
    const before = await settledRss(pid);

    const made: string[] = [];
    const newSeeds: number[] = [];
    for (let i = 0; i < SMALL; i++) {
      const r = await call('create', { fleet: 'small', seed: 1000 + i });
      newSeeds.push(r.ms);
      made.push(r.id);
    }
    await sleep(10_000);
    const withSmall = await settledRss(pid);
    const sameSeed: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call('create', { fleet: 'small', seed: 1000 });
      sameSeed.push(r.ms);
      await call('remove', { id: r.id });
    }
    // Without a seed, at a person's pace (a click every 2 s): after the first, each takes the template seeded ahead meanwhile.
    const noSeed: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call('create', { fleet: 'small' });
      noSeed.push(r.ms);
      await call('remove', { id: r.id });
      await sleep(2_000);
    }
    const mediums: number[] = [];
    for (let i = 0; i < MEDIUM; i++) {
      const r = await call('create', { fleet: 'medium', seed: 2000 + i });
      mediums.push(r.ms);
      made.push(r.id);
    }
    for (const id of made) await call('remove', { id });
    await sleep(10_000);
    const after = await settledRss(pid);

    const result = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      load: loadavg().map((l) => round(l, 2)),
      stackStartSeconds: round(startMs / 1000, 2),
      small: {
        count: SMALL,
        newSeedMs: { median: round(median(newSeeds)), max: round(Math.max(...newSeeds)), all: newSeeds.map((m) => round(m)) },
        sameSeedMs: { median: round(median(sameSeed)), max: round(Math.max(...sameSeed)) },
        noSeedMs: { median: round(median(noSeed)), max: round(Math.max(...noSeed)), all: noSeed.map((m) => round(m)) },
        medianVsStackStart: round(median(newSeeds) / startMs, 3),
      },
      medium: { count: MEDIUM, newSeedMs: { median: round(median(mediums)), max: round(Math.max(...mediums)) } },
      memory: {
        stackIdleMiB: mib(before),
        withSmallIdleMiB: mib(withSmall),
        perSmallSandboxMiB: mib((withSmall - before) / SMALL),
        afterRemovingAllMiB: mib(after),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    recordResult('sandboxes', result);
  } finally {
    await stack.stop();
  }
}

buildStackFolder();
await main();
