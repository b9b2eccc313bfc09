/**
 * The console's first-route JavaScript stays within its budget (tests/support/first-route-js.ts: what
 * index.html loads before the first render, gzipped as the core serves it). It reads the build the
 * end-to-end stack serves (apps/console/dist, or E2E_CONSOLE_DIST), so it runs after the console's
 * build; no browser. The mobile Lighthouse scores that go with it are in BENCHMARKS.md
 * (tests/bench/lighthouse.bench.ts).
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { firstRouteJs } from '../support/first-route-js.js';

/** Gzipped bytes allowed for the first route's JavaScript (the build measured about 5 % under it). */
const BUDGET_GZIP_BYTES = 215_000;

const dist = process.env.E2E_CONSOLE_DIST ?? join(import.meta.dirname, '../../apps/console/dist');

test('the first route loads at most the JavaScript budget, gzipped', () => {
  const js = firstRouteJs(dist);
  expect(js.modules.length, 'index.html loads a module script').toBeGreaterThan(0);
  console.log(`first route JavaScript: ${js.modules.length} modules, ${(js.gzipBytes / 1000).toFixed(1)} kB gzipped (budget ${BUDGET_GZIP_BYTES / 1000} kB)`);
  const largest = js.modules
    .slice(0, 5)
    .map((m) => `${m.file} ${m.gzipBytes} B`)
    .join(', ');
  expect(js.gzipBytes, `largest: ${largest}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
});
