/**
 * The console with the real `large` seed (SEED_FLEET=large: 1,000 seeded units, every one reported
 * by the in-process simulator) on /list and /map, signed in as super_user (sees every unit): the
 * real stack (apps/stack: core + simulator, SQLite), the console built once, Debian's Chromium
 * through Playwright. Script time is the CDP Performance domain's ScriptDuration delta (main-thread
 * JavaScript of the page, the realtime client's work included), as in console-units.bench.ts:
 *
 * - list first render: the devices/fetch answer held back until the page has booted, then
 *   released; script time until the grid shows rows.
 * - map first render: the devices/fetch_coords answer held back the same way; script time until
 *   every marker is on the map (Leaflet's chunk is loaded first).
 * - list / map background: script time per second while nobody touches the page (the /ws
 *   telemetry of 1,000 units, each reporting every 5 s): what the page costs to keep live.
 *
 * `--compare-dist <dir>` measures the /list and /map figures with a second build of the console too,
 * on a stack of its own (port + 1) in the same run, the two builds' runs alternating (a change's
 * before and after; `compare` in the result).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/console-large-seed.bench.ts [--repeat 3] [--dist <dir>] [--compare-dist <dir>]
 */
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, CDPSession, Page } from '@playwright/test';
import type { Stack } from './console-page.js';
import { buildConsole, median, profiled, round, scriptMs, settle, sleep, startStack } from './console-page.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '3' },
    port: { type: 'string', default: '8293' },
    /** Seconds of each background measurement. */
    seconds: { type: 'string', default: '10' },
    dist: { type: 'string' },
    'compare-dist': { type: 'string' },
    /** A name for the compared build in the result (e.g. the commit it was built from). */
    'compare-label': { type: 'string', default: 'compared build' },
    /** Print where the script time goes (CPU profiles of the first renders and the backgrounds, self time by function). */
    profile: { type: 'boolean', default: false },
  },
});
const REPEAT = Number(values.repeat);
const PORT = Number(values.port);
const SECONDS = Number(values.seconds);
const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Demo-pass-1';
const GOAL_SCRIPT_MS = 100;

/** Script ms per second over `SECONDS` of nobody touching the page. */
async function background(cdp: CDPSession): Promise<number> {
  const t0 = Date.now();
  const before = await scriptMs(cdp);
  await sleep(SECONDS * 1000);
  return ((await scriptMs(cdp)) - before) / ((Date.now() - t0) / 1000);
}

/** Opens `path` with the answer of `held` held back until the page has booted; script time from its release until `done`. */
async function firstRender(page: Page, cdp: CDPSession, open: () => Promise<unknown>, held: string, booted: string, done: () => Promise<unknown>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((r) => (release = r));
  let arrived: () => void = () => undefined;
  const got = new Promise<void>((r) => (arrived = r));
  await page.route(held, async (route) => {
    try {
      const response = await route.fetch();
      arrived();
      await released;
      await route.fulfill({ response });
    } catch {
      // The page dropped the request meanwhile (a newer read of the same list replaced it).
    }
  });
  await open();
  await got;
  await page.getByTestId(booted).waitFor({ timeout: 60_000 });
  await sleep(1500);
  const measured = await profiled(cdp, `first render (${held})`, values.profile === true, async () => {
    const before = await scriptMs(cdp);
    const t0 = Date.now();
    release();
    await done();
    await settle(page);
    return { wallMs: Date.now() - t0, ms: (await scriptMs(cdp)) - before };
  });
  const { wallMs, ms } = measured;
  await page.unroute(held);
  return { scriptMs: ms, wallMs };
}

interface Runs {
  firstRenderMs: number[];
  backgroundMsPerS: number[];
}

const summary = (runs: Runs) => ({
  firstRenderScriptMs: runs.firstRenderMs.map(round),
  backgroundScriptMsPerS: runs.backgroundMsPerS.map(round),
  medianFirstRenderScriptMs: round(median(runs.firstRenderMs)),
  medianBackgroundScriptMsPerS: round(median(runs.backgroundMsPerS)),
});

async function signedIn(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.getByTestId('login-username').fill('super_user');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-menu').waitFor({ timeout: 120_000 });
  const res = await page.request.put(`${base}/api/userPreferences`, {
    data: { filters: { devices: {} }, filtersOpen: { devices: false }, unitListExpanded: {}, lastSelectedUnit: null, gridPrefs: {} },
  });
  if (!res.ok()) throw new Error(`preferences: ${res.status()}`);
  return page;
}

/** One run on /list: its first render and background added to `runs`. */
async function measureList(page: Page, base: string, runs: Runs, label: string): Promise<void> {
  const run = runs.firstRenderMs.length + 1;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const r = await firstRender(
    page,
    cdp,
    () => page.goto(`${base}/list`, { waitUntil: 'domcontentloaded', timeout: 120_000 }),
    '**/api/devices/fetch*',
    'units-loading',
    () => page.waitForFunction(() => document.querySelector('[data-testid^="unit-row-"]') !== null, undefined, { timeout: 60_000 }),
  );
  runs.firstRenderMs.push(r.scriptMs);
  runs.backgroundMsPerS.push(await profiled(cdp, `${label} /list background, run ${run}`, values.profile === true, () => background(cdp)));
  await cdp.detach();
  console.log(`  ${label} /list run ${run}: first render ${round(r.scriptMs)} ms, background ${round(runs.backgroundMsPerS.at(-1)!)} ms/s`);
}

/** The console loaded afresh at /list, then /map from the menu (a click dispatched in the page). */
async function openMap(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/list`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.getByTestId('nav-map').waitFor({ state: 'attached', timeout: 60_000 });
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="nav-map"]')?.click());
}

/** One run on /map: its first render and background added to `runs`. */
async function measureMap(page: Page, base: string, placed: number, runs: Runs, label: string): Promise<void> {
  const run = runs.firstRenderMs.length + 1;
  // Leaflet's chunk and the basemap once before (cached), so the figure is the markers' work.
  // (The console opens /map from its menu: an address typed in leads to the unit list.)
  await openMap(page, base);
  await page.getByTestId('unit-map').waitFor({ timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const r = await firstRender(
    page,
    cdp,
    () => openMap(page, base),
    '**/api/devices/fetch_coords*',
    'map-loading',
    () =>
      page.waitForFunction(
        (n) => {
          const map = document.querySelector('[data-testid="unit-map"]');
          return map !== null && Number(map.getAttribute('data-markers')) >= n;
        },
        placed,
        { timeout: 60_000 },
      ),
  );
  runs.firstRenderMs.push(r.scriptMs);
  runs.backgroundMsPerS.push(await profiled(cdp, `${label} /map background, run ${run}`, values.profile === true, () => background(cdp)));
  await cdp.detach();
  console.log(`  ${label} /map run ${run}: first render ${round(r.scriptMs)} ms, background ${round(runs.backgroundMsPerS.at(-1)!)} ms/s`);
}

const dist = buildConsole(ROOT, values.dist);
const compareDist = values['compare-dist'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const started = Date.now();
let stackStartSeconds = 0;
let units = 0;
let placed = 0;

interface Target {
  readonly label: string;
  readonly build: string;
  readonly stack: Stack;
  readonly page: Page;
  readonly placed: number;
  readonly list: Runs;
  readonly map: Runs;
}

/** A stack with the large seed serving `build` on `port`, and a page signed in to it. */
async function setUp(label: string, build: string, port: number): Promise<Target> {
  const stack = await startStack(ROOT, build, port, { SEED_FLEET: 'large', SIM_FLEET_SIZE: '0' });
  console.log(`stack (large seed) up and answering promptly in ${stack.startSeconds.toFixed(1)} s, serving ${build} (${label})`);
  const page = await signedIn(browser, stack.base);
  units = ((await (await page.request.get(`${stack.base}/api/devices/fetch`)).json()) as unknown[]).length;
  const placedHere = ((await (await page.request.get(`${stack.base}/api/devices/fetch_coords`)).json()) as unknown[]).length;
  console.log(`${units} units listed, ${placedHere} on the map`);
  await page.goto('about:blank');
  return { label, build, stack, page, placed: placedHere, list: { firstRenderMs: [], backgroundMsPerS: [] }, map: { firstRenderMs: [], backgroundMsPerS: [] } };
}

const targets: Target[] = [];
try {
  // Each build on a stack of its own (one stack serves one build), both up at once, their runs
  // alternating (the order swapped every run) so a change in the machine's load falls on both; the
  // page not measured waits on about:blank.
  targets.push(await setUp('this build', dist, PORT));
  stackStartSeconds = targets[0]!.stack.startSeconds;
  placed = targets[0]!.placed;
  if (compareDist !== undefined) targets.push(await setUp(values['compare-label'], compareDist, PORT + 1));
  for (let run = 0; run < REPEAT; run += 1) {
    for (const t of run % 2 === 0 ? targets : [...targets].reverse()) {
      await measureList(t.page, t.stack.base, t.list, t.label);
      await t.page.goto('about:blank');
    }
  }
  for (let run = 0; run < REPEAT; run += 1) {
    for (const t of run % 2 === 0 ? targets : [...targets].reverse()) {
      await measureMap(t.page, t.stack.base, t.placed, t.map, t.label);
      await t.page.goto('about:blank');
    }
  }
  const list = summary(targets[0]!.list);
  const map = summary(targets[0]!.map);
  const other = targets[1];
  const compare = other === undefined ? null : { label: other.label, list: summary(other.list), map: summary(other.map) };
  const result = {
    benchmark: 'console with the large seed (1,000 units) on /list and /map',
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, browser: browser.version() },
    settings: {
      repeat: REPEAT,
      backgroundSeconds: SECONDS,
      viewport: '1600x1000',
      user: 'super_user',
      seed: 'SEED_FLEET=large',
      metric: 'CDP Performance ScriptDuration delta, median of runs',
    },
    goals: {
      scriptMs: GOAL_SCRIPT_MS,
      met: { listFirstRender: list.medianFirstRenderScriptMs < GOAL_SCRIPT_MS, mapFirstRender: map.medianFirstRenderScriptMs < GOAL_SCRIPT_MS },
    },
    unitsListed: units,
    unitsOnMap: placed,
    stackStartSeconds: round(stackStartSeconds),
    totalSeconds: round((Date.now() - started) / 1000),
    list,
    map,
    compare,
  };
  recordResult('console-large-seed', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const t of targets) await t.stack.stop();
  await browser.close();
  if (!values.dist) rmSync(dist, { recursive: true, force: true });
}
