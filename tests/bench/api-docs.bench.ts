/**
 * How long the API docs page (/docs, Swagger UI) takes to show its calls: the document the core
 * serves, whose shared schemas and error answers stand once and are referred to, against the
 * baseline of the same document with those references put back in place (the inlined shape the
 * generator wrote before), in the same run on the same page.
 *
 * The core runs in this process and listens on a free port; Debian's Chromium loads its /docs page,
 * and Playwright answers the page's request for the document (/docs/json) with the variant of the
 * round. Rounds alternate between the two. A round's figures: the wall time from navigation until
 * the first call is drawn and the page answers a script again, and the page's main-thread busy time
 * (CDP TaskDuration: Swagger UI's OpenAPI 3.1 resolver takes the document in on the main thread, in
 * promise continuations that CDP's ScriptDuration does not count).
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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The component a local `$ref` names (`#/components/<kind>/<name>`), or undefined. */
function target(doc: { components: Record<string, Record<string, Json>> }, ref: string): Json | undefined {
  const [, , kind, name] = ref.split('/');
  return kind !== undefined && name !== undefined ? doc.components[kind]?.[name] : undefined;
}

/** Every `$ref` under `node`. */
function refsUnder(node: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const v of node) refsUnder(v, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsUnder(v, out);
    }
  }
  return out;
}

/**
 * `doc` with every reference put back in place, except those to a recursive schema (which cannot
 * be) and to the error envelope: the shape the generator wrote before schemas were shared.
 */
function inlined(doc: { components: Record<string, Record<string, Json>> } & Record<string, Json>): Json {
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    [...refsUnder(target(doc, from) ?? null)].some((r) => r === to || (!seen.has(r) && (seen.add(r), reaches(r, to, seen))));
  const expand = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(expand);
    if (node === null || typeof node !== 'object') return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref !== '#/components/schemas/ErrorEnvelope' && !reaches(ref, ref)) {
      const found = target(doc, ref);
      if (found !== undefined) return expand(found);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, expand(v)]));
  };
  const { components, ...rest } = doc;
  const expanded = expand(rest as Json);
  // The components still referred to (recursive ones refer to each other), and the security scheme.
  const kept = new Set<string>();
  const keep = (ref: string) => {
    if (kept.has(ref)) return;
    kept.add(ref);
    for (const r of refsUnder(target(doc, ref) ?? null)) keep(r);
  };
  for (const r of refsUnder(expanded)) keep(r);
  const schemas = Object.fromEntries(Object.entries(components.schemas ?? {}).filter(([name]) => kept.has(`#/components/schemas/${name}`)));
  return { ...(expanded as Record<string, Json>), components: { schemas, securitySchemes: components.securitySchemes ?? {} } };
}

const stack = await startTestStack({ simulator: false });
const base = await stack.app.listen({ port: 0, host: '127.0.0.1' });
const served = (await (await fetch(`${base}/docs/json`)).json()) as Parameters<typeof inlined>[0];
const variants = { shared: JSON.stringify(served), inlined: JSON.stringify(inlined(served)) };
type Variant = keyof typeof variants;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
let current: Variant = 'shared';
await page.route('**/docs/json', (route) => route.fulfill({ contentType: 'application/json', body: variants[current] }));

/** The page's main-thread busy time so far (ms). */
async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

async function load(variant: Variant): Promise<{ wallMs: number; busyMs: number }> {
  current = variant;
  await page.goto('about:blank');
  const busyBefore = await busyMs(cdp);
  const started = performance.now();
  await page.goto(`${base}/docs`);
  await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 120_000 });
  await page.evaluate(() => 1);
  return { wallMs: performance.now() - started, busyMs: (await busyMs(cdp)) - busyBefore };
}

const times: Record<Variant, { wallMs: number[]; busyMs: number[] }> = { shared: { wallMs: [], busyMs: [] }, inlined: { wallMs: [], busyMs: [] } };
// Warm-up: the browser's cache holds Swagger UI's scripts, and the page's code is compiled.
await load('shared');
await load('inlined');
for (let i = 0; i < rounds; i++) {
  for (const variant of ['inlined', 'shared'] as const) {
    const r = await load(variant);
    times[variant].wallMs.push(r.wallMs);
    times[variant].busyMs.push(r.busyMs);
  }
}
await browser.close();
await stack.close();

const summary = (variant: Variant) => ({
  documentBytes: variants[variant].length,
  medianWallMs: round(median(times[variant].wallMs), 0),
  medianBusyMs: round(median(times[variant].busyMs), 0),
});
const shared = summary('shared');
const inline = summary('inlined');
const result = {
  benchmark: 'the API docs page (Swagger UI) until its calls show: the served document vs the same document inlined (baseline)',
  when: new Date().toISOString(),
  rounds,
  shared,
  inlined: inline,
  /** Each figure of the served document over the inlined one's (below 1 = faster, smaller). */
  sharedOverInlined: {
    documentBytes: ratio(shared.documentBytes, inline.documentBytes),
    wallMs: ratio(shared.medianWallMs, inline.medianWallMs),
    busyMs: ratio(shared.medianBusyMs, inline.medianBusyMs),
  },
  machine: machine(loadAtStart),
};
console.log(JSON.stringify(result, null, 2));
recordResult('api-docs', result);
