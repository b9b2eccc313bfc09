/**
 * How long the API docs take to show their calls: the core's docs page (/docs: every call listed by
 * area as soon as the document arrives) against Swagger UI (/docs/swagger) on the same served
 * document, the whole API (the baseline: Swagger UI with its last definition selected, through
 * `?urls.primaryName=`, which its top bar reads from the page's address), in the same run; and Swagger
 * UI as it opens by default, on the first area's document alone.
 *
 * The core runs in this process and listens on a free port; Debian's Chromium loads each page in
 * turn, the three alternating. A round's figures: the wall time from navigation until the calls are
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
// Swagger UI's definitions as the page gets them: the areas' documents, then the whole API's.
const initializer = await (await fetch(`${base}/docs/swagger/static/swagger-initializer.js`)).text();
const definitions = (JSON.parse(/const config = (.*)\n/.exec(initializer)![1]!) as { urls: { name: string; url: string }[] }).urls;
const [firstArea, wholeApi] = [definitions[0]!, definitions.at(-1)!];
const firstAreaBytes = (await (await fetch(`${base}${firstArea.url}`)).text()).length;
const RENDERERS = {
  page: { url: '/docs', shown: 'details.call', definition: null },
  swagger: { url: `/docs/swagger?urls.primaryName=${encodeURIComponent(wholeApi.name)}`, shown: '.opblock', definition: wholeApi.url },
  swaggerArea: { url: '/docs/swagger', shown: '.opblock', definition: firstArea.url },
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
  const figures = { wallMs: performance.now() - started, busyMs: (await busyMs(cdp)) - busyBefore };
  // Swagger UI showed the document it was meant to.
  const { definition } = RENDERERS[renderer];
  const shown = definition === null ? null : await page.locator('.topbar select').inputValue();
  if (shown !== definition) throw new Error(`${renderer}: Swagger UI showed ${shown}, not ${definition}`);
  return figures;
}

const RENDERER_NAMES = Object.keys(RENDERERS) as Renderer[];
const times = Object.fromEntries(RENDERER_NAMES.map((r) => [r, { wallMs: [] as number[], busyMs: [] as number[] }])) as Record<
  Renderer,
  { wallMs: number[]; busyMs: number[] }
>;
// Warm-up: the browser's cache holds each page's scripts, and their code is compiled.
for (const renderer of RENDERER_NAMES) await load(renderer);
for (let i = 0; i < rounds; i++) {
  for (const renderer of ['swagger', 'swaggerArea', 'page'] as const) {
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
const swaggerArea = summary('swaggerArea');
const result = {
  benchmark:
    "the API docs until their calls show: the docs page (/docs) vs Swagger UI (/docs/swagger on the whole API's definition, baseline), on the same document; and Swagger UI as it opens, on the first area",
  when: new Date().toISOString(),
  rounds,
  documentBytes,
  page: docsPage,
  swagger,
  /** Swagger UI as it opens by default: the first area's document alone. */
  swaggerArea: { area: firstArea.name, documentBytes: firstAreaBytes, ...swaggerArea },
  /** Each figure of the docs page over Swagger UI's on the whole document (below 1 = faster). */
  pageOverSwagger: {
    wallMs: ratio(docsPage.medianWallMs, swagger.medianWallMs),
    busyMs: ratio(docsPage.medianBusyMs, swagger.medianBusyMs),
  },
  /** Swagger UI on the first area over Swagger UI on the whole document. */
  swaggerAreaOverSwagger: {
    wallMs: ratio(swaggerArea.medianWallMs, swagger.medianWallMs),
    busyMs: ratio(swaggerArea.medianBusyMs, swagger.medianBusyMs),
  },
  /** The docs page shows its calls and answers within 1.5 s. */
  goal: { pageWallMsBelow: 1500 },
  goalMet: docsPage.medianWallMs < 1500,
  machine: machine(loadAtStart),
};
console.log(JSON.stringify(result, null, 2));
recordResult('api-docs', result);
