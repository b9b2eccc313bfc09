/**
 * What Multiview's live pictures cost: the real stack (core + in-process simulator, the seeded
 * medium fleet (about 60 units), no demo motion), the built console in Debian's Chromium as super_user on /multiview
 * in the 4 × 4 layout, once with 16 tiles of streaming units (every unit that can stream is started;
 * 16 of them kept on the wall) and once with the wall emptied, each for `--seconds` (30):
 *
 * - browser: CPU seconds of every Chromium process (browser, renderer, GPU; /proc utime + stime)
 *   over the window, and the page's main-thread task time (CDP Performance TaskDuration);
 * - core: CPU seconds of the stack's process over the same window, and the pictures it served
 *   (GET /mock/preview/units/…) with their mean cost, measured apart: the same request 2,000 times
 *   in a row over HTTP, its CPU per request.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/multiview-previews.bench.ts [--seconds 30] [--port 8293] [--dist DIR]
 */
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildConsole, round, sleep, startStack } from './console-page.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: '8293' },
    dist: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const PORT = Number(values.port);
const ROOT = resolve(import.meta.dirname, '../..');
const TILES = 16;
const TICK = 100; // clock ticks per second (USER_HZ)

/** CPU seconds (user + system) of a process. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

/** A process and all its descendants. */
function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      parent.set(pid, ppid);
    } catch {
      // gone meanwhile
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i += 1) for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  return out;
}

const treeCpu = (root: number) => tree(root).reduce((sum, pid) => sum + cpuOf(pid), 0);

/** The stack's process: the one listening on the port (ss names it). */
function stackPid(port: number): number {
  const line = execSync(`ss -ltnp 'sport = :${port}'`).toString();
  const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
  if (!Number.isInteger(pid)) throw new Error('no stack process');
  return pid;
}

async function window(page: Page, browserPid: number, corePid: number, label: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  let previews = 0;
  const count = (url: string) => {
    if (url.includes('/mock/preview/units/')) previews += 1;
  };
  page.on('request', (r) => count(r.url()));
  await sleep(3000); // let the pictures load and the page settle
  previews = 0;
  const b0 = treeCpu(browserPid);
  const c0 = cpuOf(corePid);
  const t0 = await task();
  await sleep(SECONDS * 1000);
  const result = {
    browserCpuSeconds: round(treeCpu(browserPid) - b0),
    browserCpuPercent: round(((treeCpu(browserPid) - b0) / SECONDS) * 100),
    mainThreadTaskSeconds: round((await task()) - t0),
    coreCpuSeconds: round(cpuOf(corePid) - c0),
    previewsServed: previews,
  };
  page.removeAllListeners('request');
  await cdp.detach();
  console.log(label, result);
  return result;
}

async function main() {
  const dist = buildConsole(ROOT, values.dist);
  const stack = await startStack(ROOT, dist, PORT, { SEED_FLEET: 'medium', SIM_DEMO: 'off', PASSWORD_HASH_N: '1024' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--disable-quic'] });
  try {
    const corePid = stackPid(PORT);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: stack.base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-username').fill('super_user');
    await page.getByTestId('login-password').fill('Demo-pass-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // Every unit that can stream, streaming (as many as there are free channels).
    type Unit = { uniqueId: string; status: string; licenseValid: boolean; cameraConnected: boolean };
    const units = (await (await page.request.get('/api/devices/fetch')).json()) as Unit[];
    for (const u of units.filter((x) => x.status === 'idle' && x.licenseValid && x.cameraConnected)) {
      await page.request.post(`/api/v2/units/${encodeURIComponent(u.uniqueId)}/stream`, { data: {} });
    }
    await sleep(8000);
    const now = (await (await page.request.get('/api/devices/fetch')).json()) as Unit[];
    const live = now.filter((u) => u.status === 'streaming' || u.status === 'streamingandforwarding').length;

    await page.evaluate(() => localStorage.setItem('fleet.multiview.layout', '4'));
    await page.goto('/multiview');
    await page.locator('[data-testid^="multiview-unit-"]').first().waitFor();
    // Fill the wall up to 16 tiles with picked units.
    // Exactly 16: streaming units beyond them taken off the wall, picked units added if fewer stream.
    await page.locator('[data-testid^="multiview-tile-open-"]').first().waitFor();
    while ((await page.locator('[data-testid^="multiview-tile-open-"]').count()) > TILES)
      await page.locator('[data-testid^="multiview-tile-remove-"]').last().click();
    const hidden = page.locator('[data-testid^="multiview-unit-"][data-shown="false"]');
    while ((await page.locator('[data-testid^="multiview-tile-open-"]').count()) < TILES && (await hidden.count()) > 0) await hidden.first().click();
    const tiles = await page.locator('[data-testid^="multiview-tile-open-"]').count();
    // Chromium's browser process: our descendant whose command line names it (Playwright launched it).
    const bpid = tree(process.pid).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('/usr/')) ?? 0;
    if (bpid === 0) throw new Error('no Chromium process found');
    const full = await window(page, bpid, corePid, `${tiles} tiles (${Math.min(live, tiles)} streaming)`);

    // The wall emptied: every tile removed.
    for (;;) {
      const remove = page.locator('[data-testid^="multiview-tile-remove-"]').first();
      if ((await remove.count()) === 0) break;
      await remove.click();
    }
    const empty = await window(page, bpid, corePid, 'empty wall');

    // One picture's cost on the core: the same request 2,000 times in a row.
    const id = now.find((u) => u.status === 'streaming')?.uniqueId ?? now[0]?.uniqueId ?? '';
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const c0 = cpuOf(corePid);
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < 2000; i += 1) bytes = (await (await fetch(`${stack.base}/mock/preview/units/${id}?v=${i % 2}`, { headers: { cookie } })).text()).length;
    const perRequest = {
      coreCpuMicroseconds: Math.round(((cpuOf(corePid) - c0) / 2000) * 1e6),
      wallMicroseconds: Math.round(((performance.now() - started) / 2000) * 1000),
      bytes,
    };
    console.log('one picture', perRequest);
    recordResult('multiview-previews', {
      when: new Date().toISOString(),
      seconds: SECONDS,
      tiles,
      streaming: Math.min(live, tiles),
      withTiles: full,
      empty,
      perPicture: perRequest,
      cost: {
        browserCpuPercent: round(full.browserCpuPercent - empty.browserCpuPercent),
        coreCpuPercent: round(((full.coreCpuSeconds - empty.coreCpuSeconds) / SECONDS) * 100),
      },
    });
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
