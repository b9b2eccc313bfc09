/**
 * The unit list (/list) as the fleet grows: scroll frames and idle long tasks (console-frames.ts) at
 * 100, 1,000 and 10,000 units with the lively demo, against the seeded small fleet (24 units, the
 * baseline) in the same run. Each fleet is a real stack of its own (apps/stack: core and in-process
 * simulator, SQLite seeded at boot, SIM_DEMO=lively), started, left to drain its boot, measured and
 * stopped before the next: small = SEED_FLEET=small; 100 = small + 76 generated (fleet.generate,
 * SIM_FLEET_SIZE); 1,000 = SEED_FLEET=large (the fleet `npm start -- --fleet large` runs); 10,000 =
 * large + 9,000 generated. The built console in Debian's Chromium, signed in as super_user (sees
 * every unit), 1600 × 1000.
 *
 * Per run: `idleSeconds` of nobody touching the page (long tasks' share of the wall time), then the
 * mouse wheel over the grid (`scrollSeconds`, down then up; frame times from requestAnimationFrame
 * deltas). The median over the runs of each figure is reported, with the browser's renderer CPU
 * time per second of each (CDP SystemInfo): the page's own work, which the machine's load does not
 * lengthen as it lengthens the frames.
 *
 * Goals (issue: the unit list at 1,000 and 10,000 rows): no frame over 100 ms while scrolling, and
 * an idle page under 5 % of its time in long tasks, on a quiet machine. The load average at the
 * start and end of each fleet is recorded: other work on the machine lengthens the frames.
 *
 * `--compare-dist <dir>` measures another build of the console too (e.g. the one before a change),
 * on the same stacks, the two builds' runs alternating (served to the page from that folder; the
 * result's `compare`).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/unit-list-scale.bench.ts [--sizes small,100,1000,10000]
 *        [--repeat 2] [--idle 10] [--scroll 8] [--port 8330] [--dist <dir>] [--compare-dist <dir>] [--profile]
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { buildConsole, median, round, sleep, startStack } from './console-page.js';
import type { Stack } from './console-page.js';
import { measureListFrames } from './console-frames.js';
import type { ListFrames } from './console-frames.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'small,100,1000,10000' },
    repeat: { type: 'string', default: '2' },
    idle: { type: 'string', default: '10' },
    scroll: { type: 'string', default: '8' },
    port: { type: 'string', default: '8330' },
    dist: { type: 'string' },
    'compare-dist': { type: 'string' },
    'compare-label': { type: 'string', default: 'compared build' },
    profile: { type: 'boolean', default: false },
  },
});
const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(values.port);
const REPEAT = Number(values.repeat);
const PASSWORD = 'Demo-pass-1';
const GOAL_FRAME_MS = 100;
const GOAL_IDLE_SHARE = 0.05;

/** Each fleet's stack settings (see the header). */
const FLEETS: Record<string, { readonly label: string; readonly env: Record<string, string> }> = {
  small: { label: 'seeded small fleet (24)', env: { SEED_FLEET: 'small', SIM_FLEET_SIZE: '0' } },
  '100': { label: '100 units', env: { SEED_FLEET: 'small', SIM_FLEET_SIZE: '76' } },
  '1000': { label: '1,000 units', env: { SEED_FLEET: 'large', SIM_FLEET_SIZE: '0' } },
  '10000': { label: '10,000 units', env: { SEED_FLEET: 'large', SIM_FLEET_SIZE: '9000' } },
};

/** Seconds until /healthz answers within 300 ms five times in a row (the boot's first writes drained). */
async function waitResponsive(base: string): Promise<number> {
  const started = Date.now();
  let prompt = 0;
  while (prompt < 5 && Date.now() - started < 900_000) {
    const t0 = Date.now();
    try {
      const ok = (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) })).ok;
      prompt = ok && Date.now() - t0 < 300 ? prompt + 1 : 0;
    } catch {
      prompt = 0;
    }
    await sleep(1000);
  }
  return (Date.now() - started) / 1000;
}

/**
 * The page's documents and scripts from `dist` instead of the stack's build: another build measured
 * on the same stack. (A document served from the test rather than the network is of no known
 * address space: the browser is started with its local-network checks off, or its /ws would be refused.)
 */
const serveFrom = (dist: string) => async (context: BrowserContext) => {
  await context.route(/^http:\/\/127\.0\.0\.1:\d+\/(assets\/.*|login|list|)$/, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = pathname.startsWith('/assets/') ? join(dist, pathname) : join(dist, 'index.html');
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    const contentType = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.html') ? 'text/html' : undefined;
    return route.fulfill({ body: readFileSync(file), contentType });
  });
};

const summary = (runs: ListFrames[]) => ({
  runs,
  medianMaxFrameMs: round(median(runs.map((r) => r.scroll.maxFrameMs))),
  medianP95FrameMs: round(median(runs.map((r) => r.scroll.p95FrameMs))),
  medianFramesOver100Ms: median(runs.map((r) => r.scroll.framesOver100Ms)),
  medianIdleLongTaskShare: Math.round(median(runs.map((r) => r.idle.longTaskShare)) * 10_000) / 10_000,
  medianIdleLongTasks: median(runs.map((r) => r.idle.longTasks)),
  /** The renderer's CPU per second of scrolling and of idling: the page's work, whatever else loads the machine. */
  medianScrollCpuMsPerS: round(median(runs.map((r) => (r.scroll.rendererCpuMs ?? Number.NaN) / Number(values.scroll)))),
  medianIdleCpuMsPerS: round(median(runs.map((r) => r.idle.rendererCpuMsPerS ?? Number.NaN))),
});

const dist = buildConsole(ROOT, values.dist);
const compareDist = values['compare-dist'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-features=LocalNetworkAccessChecks,LocalNetworkAccessChecksWebSockets',
  ],
});
const started = Date.now();
const loadAtStart = loadavg()[0]!;
const fleets: Record<string, unknown> = {};
try {
  for (const size of values.sizes.split(',')) {
    const fleet = FLEETS[size];
    if (!fleet) throw new Error(`unknown size ${size} (small, 100, 1000, 10000)`);
    console.log(`\n== ${fleet.label}`);
    const fleetLoadStart = loadavg()[0]!;
    const stack: Stack = await startStack(ROOT, dist, PORT, { ...fleet.env, SIM_DEMO: 'lively', RESPONSE_VALIDATION: 'false' });
    try {
      const drained = await waitResponsive(stack.base);
      console.log(`stack up in ${stack.startSeconds.toFixed(1)} s, answering promptly ${drained.toFixed(1)} s later`);
      const runs: ListFrames[] = [];
      const compared: ListFrames[] = [];
      const failed: string[] = [];
      for (let run = 0; run < REPEAT; run += 1) {
        const order: Array<'this' | 'compare'> = compareDist === undefined ? ['this'] : ['this', 'compare'];
        for (const which of run % 2 === 0 ? order : [...order].reverse()) {
          try {
            const r = await measureListFrames(browser, {
              base: stack.base,
              username: 'super_user',
              password: PASSWORD,
              idleSeconds: Number(values.idle),
              scrollSeconds: Number(values.scroll),
              ...(values.profile ? { profile: `${size} ${which} run ${run + 1}` } : {}),
              ...(which === 'compare' && compareDist !== undefined ? { prepare: serveFrom(compareDist) } : {}),
            });
            (which === 'this' ? runs : compared).push(r);
            console.log(
              `  ${which} run ${run + 1}: ${r.rows} rows; scroll max ${r.scroll.maxFrameMs} ms, p95 ${r.scroll.p95FrameMs} ms, ${r.scroll.framesOver100Ms} of ${r.scroll.frames} frames over 100 ms; idle ${r.idle.longTasks} long tasks, ${(r.idle.longTaskShare * 100).toFixed(1)} %; idle main thread per s: tasks ${r.idle.mainThreadMsPerS.tasks} ms (script ${r.idle.mainThreadMsPerS.script}, style ${r.idle.mainThreadMsPerS.style}, layout ${r.idle.mainThreadMsPerS.layout})`,
            );
          } catch (error) {
            // A run the machine could not finish (a crashed page under load) is said, not hidden.
            failed.push(`${which} run ${run + 1}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
            console.log(`  ${which} run ${run + 1} failed: ${failed.at(-1)}`);
          }
        }
      }
      fleets[size] = {
        label: fleet.label,
        env: fleet.env,
        rows: runs[0]?.rows ?? 0,
        stackStartSeconds: round(stack.startSeconds),
        loadAverage1m: { start: round(fleetLoadStart), end: round(loadavg()[0]!) },
        failedRuns: failed,
        ...summary(runs),
        compare: compareDist === undefined ? null : summary(compared),
      };
    } finally {
      await stack.stop();
    }
  }
  const at = (size: string) => fleets[size] as ReturnType<typeof summary> | undefined;
  const goalFor = (size: string) => {
    const f = at(size);
    return f === undefined ? null : f.medianMaxFrameMs <= GOAL_FRAME_MS && f.medianIdleLongTaskShare < GOAL_IDLE_SHARE;
  };
  const met = [goalFor('1000'), goalFor('10000')].filter((g) => g !== null);
  const result = {
    benchmark: 'the unit list at 100, 1,000 and 10,000 units: scroll frames and idle long tasks',
    when: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      node: process.version,
      browser: browser.version(),
      loadAverageAtStart: round(loadAtStart),
      loadAverageAtEnd: round(loadavg()[0]!),
    },
    settings: {
      repeat: REPEAT,
      idleSeconds: Number(values.idle),
      scrollSeconds: Number(values.scroll),
      wheel: '240 px every 16 ms, down then up',
      viewport: '1600x1000',
      user: 'super_user',
      demo: 'lively',
      compare: compareDist === undefined ? null : values['compare-label'],
    },
    goals: { maxFrameMs: GOAL_FRAME_MS, idleLongTaskShare: GOAL_IDLE_SHARE },
    goalMet: met.length > 0 && met.every(Boolean),
    totalSeconds: round((Date.now() - started) / 1000),
    fleets,
  };
  recordResult('unit-list-scale', result);
  console.log(
    JSON.stringify({ ...result, fleets: Object.fromEntries(Object.entries(fleets).map(([k, v]) => [k, { ...(v as object), runs: undefined }])) }, null, 2),
  );
} finally {
  await browser.close();
  if (!values.dist) rmSync(dist, { recursive: true, force: true });
}
