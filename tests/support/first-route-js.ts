/**
 * The console's first-route JavaScript: every script a browser requests to show a page to a signed-in
 * user with a cold cache, from the first request until the page is shown (index.html's module script,
 * the frame and the page it asks for at start-up, and whatever else loads before the page shows),
 * gzipped as the build wrote it (the `.gz` beside each file, what the core serves).
 * Scripts that load later (a dialog when it opens, another page) are not counted.
 * Used by tests/e2e/first-route-budget.spec.ts (the budget).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';

export interface FirstRouteJs {
  /** Gzipped bytes of every script requested together. */
  gzipBytes: number;
  /** Each script (path in the build) and its gzipped bytes, largest first. */
  modules: { file: string; gzipBytes: number }[];
}

/** The bytes a browser asking for gzip downloads for one of the build's files. */
export function gzipBytesOf(path: string): number {
  return existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path)).length;
}

/**
 * Opens `path` in `page` (signed in, cache empty) and records every script it requests until `shown`
 * is visible, but those whose path in the build matches `except` (what loads on an event rather than
 * with the page); `dist` is the build the stack serves.
 */
export async function firstRouteJs(page: Page, dist: string, path: string, shown: Locator, except?: RegExp): Promise<FirstRouteJs> {
  const files = new Set<string>();
  const record = (request: { resourceType: () => string; url: () => string }) => {
    // The file's path in the build, whatever base the console is served under (the root, a sandbox's).
    const { pathname } = new URL(request.url());
    const assets = pathname.lastIndexOf('/assets/');
    const file = pathname.slice(assets === -1 ? 1 : assets + 1);
    if (request.resourceType() === 'script' && !except?.test(file)) files.add(file);
  };
  page.on('request', record);
  await page.goto(path);
  await shown.first().waitFor();
  page.off('request', record);
  const modules = [...files].map((file) => ({ file, gzipBytes: gzipBytesOf(join(dist, file)) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: modules.reduce((n, m) => n + m.gzipBytes, 0), modules };
}
