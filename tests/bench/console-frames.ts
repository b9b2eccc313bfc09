/**
 * The unit list's smoothness in Chromium, as a person feels it: how long the frames are while the
 * list scrolls under the mouse wheel, and how much of an idle minute the page spends in long tasks
 * (main-thread tasks over 50 ms, which hold input and paint) while the fleet's live data comes in.
 *
 * `measureListFrames(browser, { base, username, password })` signs in through the login page, puts
 * the list's preferences back to their defaults (no filter, name ascending, nothing expanded or
 * selected), opens /list and waits until its rows show and the first answer has settled, then:
 *
 * - idle: a PerformanceObserver('longtask') in the page for `idleSeconds` with nobody touching it;
 *   the share is the long tasks' summed duration over the window's wall time;
 * - scroll: the mouse over the grid, wheel steps of `wheelPx` every `wheelEveryMs` down the list for
 *   `scrollSeconds` (then back up, the same), each frame's time read in the page as the delta
 *   between consecutive requestAnimationFrame callbacks (a frame the page could not draw for 300 ms
 *   shows as a 300 ms delta); the long tasks during the scroll too.
 *
 * `profile` (a label) records a CDP CPU profile of the idle window and of the scroll and prints the
 * top functions by self time (console-page.ts).
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { profiled, round, sleep } from './console-page.js';

export interface ListFramesOptions {
  readonly base: string;
  readonly username: string;
  readonly password: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly idleSeconds?: number;
  readonly scrollSeconds?: number;
  readonly wheelPx?: number;
  readonly wheelEveryMs?: number;
  /** A label: print where the page's time goes (CPU profiles of the idle window and the scroll). */
  readonly profile?: string;
  /** Set up the browser context before the page opens (e.g. serve another build's files). */
  readonly prepare?: (context: BrowserContext) => Promise<void>;
}

export interface ScrollFigures {
  /** CPU time of the browser's renderer processes over the scroll (the page's own work, whatever the machine's load). */
  readonly rendererCpuMs: number | null;
  readonly frames: number;
  readonly maxFrameMs: number;
  readonly p95FrameMs: number;
  readonly p99FrameMs: number;
  readonly framesOver50Ms: number;
  readonly framesOver100Ms: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  /** How far down the list the scroll went: the last row drawn at the turn (its index). */
  readonly rowsScrolled: number;
}

export interface IdleFigures {
  /** CPU time of the browser's renderer processes per second of the idle window. */
  readonly rendererCpuMsPerS: number | null;
  readonly seconds: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  /** Share of the window's wall time spent in long tasks (0..1). */
  readonly longTaskShare: number;
  readonly maxTaskMs: number;
  /** The page's main thread per second of the window (CDP Performance metrics): all its tasks, and their script, style and layout. */
  readonly mainThreadMsPerS: { readonly tasks: number; readonly script: number; readonly style: number; readonly layout: number };
}

/** The page's main-thread totals so far (ms): tasks, script, style recalculation, layout. */
async function mainThreadMs(cdp: CDPSession): Promise<{ tasks: number; script: number; style: number; layout: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { tasks: ms('TaskDuration'), script: ms('ScriptDuration'), style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration') };
}

export interface ListFrames {
  readonly rows: number;
  readonly idle: IdleFigures;
  readonly scroll: ScrollFigures;
}

const percentile = (xs: readonly number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

type Probe = { tasks: { start: number; duration: number }[]; frames: number[]; stop: () => void };
declare global {
  interface Window {
    __framesProbe?: Probe;
  }
}

/**
 * The page's probe, as source text: tsx compiles named functions of this file with a helper
 * (`__name`) the page does not have, so what runs in the page is not compiled.
 */
const PROBE = `(withFrames) => {
  const probe = { tasks: [], frames: [], stop: () => undefined };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.tasks.push({ start: entry.startTime, duration: entry.duration });
  });
  observer.observe({ type: 'longtask', buffered: false });
  let running = true;
  if (withFrames) {
    let last = -1;
    const tick = (t) => {
      if (!running) return;
      if (last >= 0) probe.frames.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  probe.stop = () => {
    running = false;
    // Entries delivered but not yet handed to the callback.
    for (const entry of observer.takeRecords()) probe.tasks.push({ start: entry.startTime, duration: entry.duration });
    observer.disconnect();
  };
  window.__framesProbe = probe;
}`;

/** Starts collecting long tasks (and, with `frames`, requestAnimationFrame deltas) in the page. */
async function startProbe(page: Page, frames: boolean): Promise<void> {
  await page.evaluate(`(${PROBE})(${frames})`);
}

async function stopProbe(page: Page): Promise<{ tasks: { start: number; duration: number }[]; frames: number[] }> {
  return page.evaluate(() => {
    const probe = window.__framesProbe;
    if (!probe) throw new Error('no probe');
    probe.stop();
    delete window.__framesProbe;
    return { tasks: probe.tasks, frames: probe.frames };
  });
}

/**
 * CPU seconds of the browser's renderer processes so far (CDP SystemInfo), or null where the browser
 * does not say. One page is open: the other renderers (none, or an idle one) add nothing measurable.
 */
async function rendererCpuSeconds(browser: Browser): Promise<number | null> {
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
    await session.detach();
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  } catch {
    return null;
  }
}

const cpuMs = (before: number | null, after: number | null) => (before === null || after === null ? null : round((after - before) * 1000));

/** Signs in through the login page, resets the list's preferences and opens /list until its rows show. */
async function openList(page: Page, o: ListFramesOptions): Promise<number> {
  await page.goto(`${o.base}/login`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.getByTestId('login-username').fill(o.username);
  await page.getByTestId('login-password').fill(o.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-menu').waitFor({ timeout: 120_000 });
  const res = await page.request.put(`${o.base}/api/userPreferences`, {
    data: { filters: { devices: {} }, filtersOpen: { devices: false }, unitListExpanded: {}, lastSelectedUnit: null, gridPrefs: {} },
  });
  if (!res.ok()) throw new Error(`preferences: ${res.status()}`);
  await page.goto(`${o.base}/list`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.locator('[data-testid^="unit-row-"]').first().waitFor({ timeout: 120_000 });
  // The first answer's background renders and the realtime subscription's catch-up settle.
  await sleep(3000);
  return Number(await page.getByTestId('grid-units').getAttribute('data-row-count'));
}

/** Scroll frames and idle long tasks of /list (see the file's header). */
export async function measureListFrames(browser: Browser, o: ListFramesOptions): Promise<ListFrames> {
  const idleSeconds = o.idleSeconds ?? 10;
  const scrollSeconds = o.scrollSeconds ?? 8;
  const wheelPx = o.wheelPx ?? 240;
  const wheelEveryMs = o.wheelEveryMs ?? 16;
  const context = await browser.newContext({ viewport: o.viewport ?? { width: 1600, height: 1000 } });
  try {
    await o.prepare?.(context);
    const page = await context.newPage();
    const rows = await openList(page, o);
    const cdp = await context.newCDPSession(page);
    const profile = o.profile !== undefined;
    await cdp.send('Performance.enable');

    // Idle: nobody touches the page.
    const idle = await profiled(cdp, `${o.profile ?? ''} idle`, profile, async () => {
      await startProbe(page, false);
      const t0 = Date.now();
      const cpu0 = await rendererCpuSeconds(browser);
      const main0 = await mainThreadMs(cdp);
      await sleep(idleSeconds * 1000);
      const cpu = cpuMs(cpu0, await rendererCpuSeconds(browser));
      const main1 = await mainThreadMs(cdp);
      const { tasks } = await stopProbe(page);
      const wall = Date.now() - t0;
      const ms = tasks.reduce((s, t) => s + t.duration, 0);
      return {
        rendererCpuMsPerS: cpu === null ? null : round(cpu / (wall / 1000)),
        seconds: round(wall / 1000),
        longTasks: tasks.length,
        longTaskMs: round(ms),
        longTaskShare: Math.round((ms / wall) * 10_000) / 10_000,
        maxTaskMs: round(Math.max(0, ...tasks.map((t) => t.duration))),
        mainThreadMsPerS: {
          tasks: round((main1.tasks - main0.tasks) / (wall / 1000)),
          script: round((main1.script - main0.script) / (wall / 1000)),
          style: round((main1.style - main0.style) / (wall / 1000)),
          layout: round((main1.layout - main0.layout) / (wall / 1000)),
        },
      };
    });

    // Scroll: wheel steps over the grid, down and back up.
    const grid = page.getByTestId('grid-units');
    const box = await grid.boundingBox();
    if (!box) throw new Error('no grid');
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
    const scroll = await profiled(cdp, `${o.profile ?? ''} scroll`, profile, async () => {
      await startProbe(page, true);
      const cpu0 = await rendererCpuSeconds(browser);
      let turn = 0;
      for (const direction of [1, -1]) {
        const end = Date.now() + (scrollSeconds * 1000) / 2;
        while (Date.now() < end) {
          await page.mouse.wheel(0, direction * wheelPx);
          await sleep(wheelEveryMs);
        }
        if (direction === 1)
          turn = await grid.evaluate((el) => Math.max(0, ...[...el.querySelectorAll('[data-index]')].map((row) => Number(row.getAttribute('data-index')))));
      }
      // The last wheel's frames.
      await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
      const rendererCpuMs = cpuMs(cpu0, await rendererCpuSeconds(browser));
      const { tasks, frames } = await stopProbe(page);
      return {
        rendererCpuMs,
        frames: frames.length,
        maxFrameMs: round(Math.max(0, ...frames)),
        p95FrameMs: round(percentile(frames, 95)),
        p99FrameMs: round(percentile(frames, 99)),
        framesOver50Ms: frames.filter((f) => f > 50).length,
        framesOver100Ms: frames.filter((f) => f > 100).length,
        longTasks: tasks.length,
        longTaskMs: round(tasks.reduce((s, t) => s + t.duration, 0)),
        rowsScrolled: turn,
      };
    });
    await cdp.detach();
    return { rows, idle, scroll };
  } finally {
    // A page that crashed leaves nothing to close: the error that stopped the run is the one to see.
    await context.close().catch(() => undefined);
  }
}
