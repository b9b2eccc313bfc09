/**
 * The console's first-route JavaScript in a build: what index.html makes every visitor download
 * before the first page can render (its module script, the modules it preloads and every module those
 * import statically), gzipped as the build wrote it (the `.gz` beside each file, what the core serves).
 * Lazy pages and libraries (`import()`) are not counted: they load with their route.
 * Used by tests/e2e/first-route-budget.spec.ts (the budget) and tests/bench/lighthouse.bench.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstRouteJs {
  /** Gzipped bytes of every eager module together. */
  gzipBytes: number;
  /** Each eager module (path in the build) and its gzipped bytes, largest first. */
  modules: { file: string; gzipBytes: number }[];
}

/** The bytes a browser asking for gzip downloads for one of the build's files. */
function gzipBytesOf(path: string): number {
  return existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path)).length;
}

export function firstRouteJs(dist: string): FirstRouteJs {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy.
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{},\s]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(join(file, '..', m[1]!));
  }
  const modules = [...seen].map((file) => ({ file, gzipBytes: gzipBytesOf(join(dist, file)) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: modules.reduce((n, m) => n + m.gzipBytes, 0), modules };
}
