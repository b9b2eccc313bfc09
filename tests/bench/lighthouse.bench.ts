/**
 * Lighthouse's performance audit of the console's /list and /map, signed in as luc_regular, with a
 * cold cache, on mobile (Lighthouse's default: a mid-range phone, 4× slower CPU and slow 4G, simulated)
 * and desktop: the score and the paints and blocking time it is made of, median of the runs.
 *
 * The real stack (core and in-process simulator, the small seed, SQLite) serves the console built once;
 * the session comes from the API's log-in and is put in the browser's cookie jar (over the same
 * debugging port, through Playwright), so the page's websocket is signed in as a person's would be;
 * Debian's Chromium is started by this script (headless, no sandbox) and Lighthouse drives it over its
 * debugging port. Lighthouse clears the cache (not the cookies) before each run.
 *
 * Not part of the test command: the figures go to tests/bench/results/lighthouse.json (BENCHMARKS.md).
 * The first route's JavaScript budget is enforced by a test (tests/e2e/first-route-budget.spec.ts).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/lighthouse.bench.ts [--runs 3] [--dist <dir>] [--port 8295]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium as playwright } from '@playwright/test';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { buildConsole, median, startStack } from './console-page.js';
import { machine } from './harness.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '8295' },
    dist: { type: 'string' },
    user: { type: 'string', default: 'luc_regular' },
  },
});
const RUNS = Number(values.runs);
const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Demo-pass-1';
const PAGES = ['/list', '/map'] as const;
const FORM_FACTORS = { mobile: undefined, desktop: desktopConfig } as const satisfies Record<string, Config | undefined>;
type FormFactor = keyof typeof FORM_FACTORS;
const GOAL_MOBILE_SCORE = 90;

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  /** What the largest paint was (its text, or its tag): the page's title, or a toast that came meanwhile. */
  lcpElement: string;
}

/** The largest paint's element as Lighthouse names it: its label (its text), shortened. */
function lcpElementOf(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const tables = (
    lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined
  )?.items;
  const node = tables?.[0]?.items?.[0]?.node;
  const label = node?.nodeLabel ?? node?.snippet ?? '?';
  return label.length > 60 ? `${label.slice(0, 59)}…` : label;
}

/** Debian's Chromium, headless, listening for a debugger on a port it chooses; resolves with that port. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((done, fail) => {
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m) done(Number(m[1]));
    });
    child.on('exit', (code) => fail(new Error(`chromium exited (${code}): ${text.slice(-500)}`)));
  });
  return {
    port,
    stop: async () => {
      // Its profile is removed once it has exited (it writes there until then).
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** Signs `username` in and puts the session cookie in the browser's jar (the browser behind `port`). */
async function signInBrowser(base: string, username: string, port: number): Promise<void> {
  const cookie = await signIn(base, username);
  const at = cookie.indexOf('=');
  const [name, value] = [cookie.slice(0, at), cookie.slice(at + 1)];
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no default context');
  await context.addCookies([{ name, value, url: base }]);
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/mock/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fleet_session='));
  if (!res.ok || !cookie) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);

const loadAtStart = loadavg()[0]!;
const dist = buildConsole(ROOT, values.dist);
const stack = await startStack(ROOT, dist, Number(values.port), { SEED_FLEET: 'small', SIM_DEMO: 'lively', PASSWORD_HASH_N: '1024' });
const chromium = await startChromium();
/** The scripts of the first /list run (Lighthouse's network requests): the first route's JavaScript as served. */
let routeJs: { gzipBytes: number; modules: number } | undefined;
const runs: Record<string, Record<FormFactor, Run[]>> = {};
try {
  await signInBrowser(stack.base, values.user, chromium.port);
  for (let i = 0; i < RUNS; i++) {
    for (const path of PAGES) {
      for (const formFactor of Object.keys(FORM_FACTORS) as FormFactor[]) {
        const flags: Flags = {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        };
        const result = await lighthouse(`${stack.base}${path}`, flags, FORM_FACTORS[formFactor]);
        if (!result) throw new Error(`lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.message}`);
        if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
        const run: Run = {
          score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
          fcpMs: numeric(lhr, 'first-contentful-paint'),
          lcpMs: numeric(lhr, 'largest-contentful-paint'),
          tbtMs: numeric(lhr, 'total-blocking-time'),
          speedIndexMs: numeric(lhr, 'speed-index'),
          cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
          lcpElement: lcpElementOf(lhr),
        };
        ((runs[path] ??= { mobile: [], desktop: [] })[formFactor] as Run[]).push(run);
        if (path === '/list' && !routeJs) {
          const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
          const scripts = items.filter((item) => item.resourceType === 'Script');
          routeJs = { gzipBytes: scripts.reduce((n, item) => n + (item.transferSize ?? 0), 0), modules: scripts.length };
        }
        console.log(
          `${path} ${formFactor}: score ${run.score}, FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, SI ${run.speedIndexMs} ms, largest paint: ${run.lcpElement}`,
        );
      }
    }
  }
} finally {
  await chromium.stop();
  await stack.stop();
  if (!values.dist) rmSync(dist, { recursive: true, force: true });
}

const summary = (rs: Run[]) => ({
  medianScore: median(rs.map((r) => r.score)),
  medianFcpMs: median(rs.map((r) => r.fcpMs)),
  medianLcpMs: median(rs.map((r) => r.lcpMs)),
  medianTbtMs: median(rs.map((r) => r.tbtMs)),
  medianSpeedIndexMs: median(rs.map((r) => r.speedIndexMs)),
  runs: rs,
});
const pages = Object.fromEntries(
  Object.entries(runs).map(([path, byForm]) => [path.slice(1), { mobile: summary(byForm.mobile), desktop: summary(byForm.desktop) }]),
) as Record<'list' | 'map', Record<FormFactor, ReturnType<typeof summary>>>;
const result = {
  benchmark: 'Lighthouse performance of /list and /map (luc_regular, cold cache), mobile and desktop',
  when: new Date().toISOString(),
  lighthouse: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
  runs: RUNS,
  user: values.user,
  seed: 'small',
  firstRouteJs: routeJs,
  ...pages,
  goal: { mobileScoreAtLeast: GOAL_MOBILE_SCORE },
  goalMet: PAGES.every((p) => pages[p.slice(1) as 'list' | 'map'].mobile.medianScore >= GOAL_MOBILE_SCORE),
  machine: machine(loadAtStart),
};
console.log(JSON.stringify({ ...result, list: { mobile: result.list.mobile.medianScore }, map: { mobile: result.map.mobile.medianScore } }, null, 2));
recordResult('lighthouse', result);
