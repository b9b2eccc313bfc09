/**
 * How long the API docs take to show their calls: the core's docs page (/docs: every call listed by
 * area as soon as the document arrives) against Swagger UI (/docs/swagger, the renderer /docs used to
 * be), on the same served document, in the same run.
 *
 * The core runs in this process and listens on a free port; Debian's Chromium loads each page in
 * turn, the two alternating. A round's figures: the wall time from navigation until the calls are
 * drawn (the docs page: its "N calls" line and the first call; Swagger UI: its first operation) and
 * the page answers a script again, and the page's main-thread busy time (CDP TaskDuration).
 * Goal: the docs page under 1.5 s (median).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/api-docs.bench.ts [--rounds 5]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startTestStack } from '../support/stack.js';
import { machine, ratio, round } from './harness.js';
import type { CDPSession } from '@playwright/test';
import { median } from './console-page.js';
import { recordResult } from './record.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const loadAtStart = loadavg()[0]!;

const stack = await startTestStack({ simulator: false });
const base = await stack.app.listen({ port: 0, host: '127.0.0.1' });
const documentBytes = (await (await fetch(`${base}/docs/openapi.json`)).text()).length;
const RENDERERS = {
  page: { url: '/docs', shown: 'details.call' },
  swagger: { url: '/docs/swagger', shown: '.opblock' },
} as const;
type Renderer = keyof typeof RENDERERS;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');

/** The page's main-thread busy time so far (ms). */
async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

async function load(renderer: Renderer): Promise<{ wallMs: number; busyMs: number }> {
  await page.goto('about:blank');
  const busyBefore = await busyMs(cdp);
  const started = performance.now();
  await page.goto(`${base}${RENDERERS[renderer].url}`);
  await page.locator(RENDERERS[renderer].shown).first().waitFor({ state: 'visible', timeout: 120_000 });
  await page.evaluate(() => 1);
  return { wallMs: performance.now() - started, busyMs: (await busyMs(cdp)) - busyBefore };
}

const times: Record<Renderer, { wallMs: number[]; busyMs: number[] }> = { page: { wallMs: [], busyMs: [] }, swagger: { wallMs: [], busyMs: [] } };
// Warm-up: the browser's cache holds each page's scripts, and their code is compiled.
await load('page');
await load('swagger');
for (let i = 0; i < rounds; i++) {
  for (const renderer of ['swagger', 'page'] as const) {
    const r = await load(renderer);
    times[renderer].wallMs.push(r.wallMs);
    times[renderer].busyMs.push(r.busyMs);
  }
}
await browser.close();
await stack.close();

const summary = (renderer: Renderer) => ({
  medianWallMs: round(median(times[renderer].wallMs), 0),
  medianBusyMs: round(median(times[renderer].busyMs), 0),
});
const docsPage = summary('page');
const swagger = summary('swagger');
const result = {
  benchmark: 'the API docs until their calls show: the docs page (/docs) vs Swagger UI (/docs/swagger, baseline), on the same document',
  when: new Date().toISOString(),
  rounds,
  documentBytes,
  page: docsPage,
  swagger,
  /** Each figure of the docs page over Swagger UI's (below 1 = faster). */
  pageOverSwagger: {
    wallMs: ratio(docsPage.medianWallMs, swagger.medianWallMs),
    busyMs: ratio(docsPage.medianBusyMs, swagger.medianBusyMs),
  },
  /** The docs page shows its calls and answers within 1.5 s. */
  goal: { pageWallMsBelow: 1500 },
  goalMet: docsPage.medianWallMs < 1500,
  machine: machine(loadAtStart),
};
console.log(JSON.stringify(result, null, 2));
recordResult('api-docs', result);
