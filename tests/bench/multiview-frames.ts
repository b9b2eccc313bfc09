/**
 * Multiview's part of the console's scale benchmark: open /multiview in Chromium, signed in, and
 * measure what a person waits for and what the page's main thread does meanwhile.
 *
 * - first picture: from the navigation's start (performance.timeOrigin) to the first frame in which
 *   a tile's picture is loaded, decoded and on screen (the image's load, its decode(), then the next
 *   animation frame);
 * - long tasks: the page's main-thread tasks over 50 ms (PerformanceObserver `longtask`, buffered
 *   from the navigation's start) until `settleMs` after the first picture: how many, their total and
 *   the longest;
 * - the tiles on the wall once it settled.
 *
 * Each measurement is a fresh load of /multiview (a reload, as a person presses F5): the console's
 * code comes from the browser's cache after the first load, the data does not.
 */
import { chromium, type Browser } from '@playwright/test';

export interface MultiviewFrames {
  /** Navigation start to the first tile's picture on screen (ms). */
  readonly firstPictureMs: number;
  /** Navigation start to the first tile in the DOM (ms). */
  readonly firstTileMs: number;
  readonly longTasks: { readonly count: number; readonly totalMs: number; readonly maxMs: number };
  /** Tiles on the wall once settled. */
  readonly tiles: number;
}

export interface MultiviewFramesOptions {
  readonly base: string;
  readonly username: string;
  readonly password: string;
  /** Loads measured (after one warm-up load that fills the browser's cache). */
  readonly loads?: number;
  /** How long after the first picture the long tasks are still counted (ms). */
  readonly settleMs?: number;
  readonly viewport?: { width: number; height: number };
  /** A browser to use (else Debian's Chromium is launched and closed). */
  readonly browser?: Browser;
  /** The longest wait for a first picture (ms). */
  readonly timeoutMs?: number;
}

declare global {
  interface Window {
    __mv?: { firstTile: number | null; firstPicture: number | null; longTasks: { start: number; duration: number }[] };
  }
}

/**
 * Installed before the console's code runs: records long tasks and the first tile and picture. A
 * string, not a function: tsx's transform wraps named functions in a helper the page does not have.
 */
const INSTRUMENT = `(() => {
  const mv = { firstTile: null, firstPicture: null, longTasks: [] };
  window.__mv = mv;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) mv.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const seen = new WeakSet();
  function shown(img) {
    if (mv.firstPicture !== null || !img.isConnected || img.naturalWidth === 0) return;
    requestAnimationFrame(() => { if (mv.firstPicture === null) mv.firstPicture = performance.now(); });
  }
  function onPicture(img) {
    if (seen.has(img)) return;
    seen.add(img);
    const decoded = () => img.decode().then(() => shown(img), () => shown(img));
    if (img.complete && img.naturalWidth > 0) decoded();
    else img.addEventListener('load', decoded, { once: true });
  }
  new MutationObserver(() => {
    if (mv.firstTile === null && document.querySelector('[data-testid^="multiview-tile-picture-"]')) mv.firstTile = performance.now();
    for (const img of document.querySelectorAll('img[data-testid^="multiview-tile-image-"]')) onPicture(img);
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
})();`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round = (n: number) => Math.round(n);

/** One load of /multiview measured (the page signed in already). */
async function measureOnce(page: import('@playwright/test').Page, base: string, settleMs: number, timeoutMs: number): Promise<MultiviewFrames> {
  await page.goto(`${base}/multiview?ignoreRouteDefault=1`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__mv?.firstPicture != null, undefined, { timeout: timeoutMs, polling: 100 });
  const first = await page.evaluate(() => window.__mv!.firstPicture!);
  // Long tasks until `settleMs` after the first picture: waited on the page's own clock.
  await page.waitForFunction((until) => performance.now() >= until, first + settleMs, { timeout: settleMs + timeoutMs, polling: 250 });
  const r = await page.evaluate((until) => {
    const mv = window.__mv!;
    const tasks = mv.longTasks.filter((t) => t.start <= until);
    return {
      firstPicture: mv.firstPicture!,
      firstTile: mv.firstTile ?? mv.firstPicture!,
      tasks: tasks.map((t) => t.duration),
      tiles: document.querySelectorAll('[data-testid^="multiview-tile-picture-"]').length,
    };
  }, first + settleMs);
  return {
    firstPictureMs: round(r.firstPicture),
    firstTileMs: round(r.firstTile),
    longTasks: { count: r.tasks.length, totalMs: round(r.tasks.reduce((a, b) => a + b, 0)), maxMs: round(Math.max(0, ...r.tasks)) },
    tiles: r.tiles,
  };
}

export interface MultiviewFramesResult {
  readonly loads: MultiviewFrames[];
  /** Medians over the loads. */
  readonly median: { firstPictureMs: number; firstTileMs: number; longTaskTotalMs: number; longTaskMaxMs: number; longTaskCount: number; tiles: number };
  /** The worst load's longest task. */
  readonly worstTaskMs: number;
}

/**
 * Opens /multiview at `base` as `username` in Chromium (1440 × 900 unless told), once to warm the
 * browser's cache, then `loads` times measured.
 */
export async function measureMultiview(options: MultiviewFramesOptions): Promise<MultiviewFramesResult> {
  const { base, username, password, loads = 5, settleMs = 5000, viewport = { width: 1440, height: 900 }, timeoutMs = 120_000 } = options;
  const browser =
    options.browser ??
    (await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    }));
  try {
    const context = await browser.newContext({ viewport, baseURL: base });
    const signedIn = await context.request.post(`${base}/mock/auth/login`, { data: { username, password } });
    if (!signedIn.ok()) throw new Error(`sign-in as ${username} failed: ${signedIn.status()} ${await signedIn.text()}`);
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await measureOnce(page, base, 0, timeoutMs);
    const measured: MultiviewFrames[] = [];
    for (let i = 0; i < loads; i += 1) measured.push(await measureOnce(page, base, settleMs, timeoutMs));
    await context.close();
    return {
      loads: measured,
      median: {
        firstPictureMs: median(measured.map((m) => m.firstPictureMs)),
        firstTileMs: median(measured.map((m) => m.firstTileMs)),
        longTaskTotalMs: median(measured.map((m) => m.longTasks.totalMs)),
        longTaskMaxMs: median(measured.map((m) => m.longTasks.maxMs)),
        longTaskCount: median(measured.map((m) => m.longTasks.count)),
        tiles: median(measured.map((m) => m.tiles)),
      },
      worstTaskMs: Math.max(...measured.map((m) => m.longTasks.maxMs)),
    };
  } finally {
    if (!options.browser) await browser.close();
  }
}
