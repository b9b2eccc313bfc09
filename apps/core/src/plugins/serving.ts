/**
 * How the core ships its bytes: compressed answers, the console's precompressed files with cache rules,
 * and the small files crawlers and browsers ask for.
 *
 * - JSON answers (and other text) above {@link COMPRESS_THRESHOLD} bytes go out brotli- or gzip-compressed
 *   when the client asks for it (`Accept-Encoding`), brotli at a low quality: a dynamic answer is compressed
 *   once per request, so speed matters more than the last few per cent.
 * - The console's build holds a `.br` and a `.gz` beside each file (apps/console/scripts/precompress.ts),
 *   served as they are. Its content-hashed files under `/assets/` never change: cached for a year,
 *   immutable. `index.html` (also every client-side route) and `runtime-config.json` are revalidated on
 *   each load, so a new build or a new configuration is seen at once.
 * - `/robots.txt` keeps crawlers out: the console is an operator's tool behind a sign-in.
 */
import { relative, sep } from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers smaller than this go out as they are: compressing them saves less than it costs. Compressing
 * a unit's detail (a few kB) per request cut the unit reads the core answers per second to about a
 * third (tests/bench/unit-get.bench.ts, BENCHMARKS.md); unit lists and the OpenAPI documents are far above.
 */
export const COMPRESS_THRESHOLD = 8192;
/** Brotli's quality for answers compressed per request (0–11; 4 is about gzip's speed at a better ratio). */
const DYNAMIC_BROTLI_QUALITY = 4;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

export const ROBOTS_TXT = '# An operator console behind a sign-in: nothing here is for search engines.\nUser-agent: *\nDisallow: /\n';

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    });
    app.get('/robots.txt', async (_req, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT));
  },
  { name: 'compression' },
);

/** The cache rule of one of the console's files, by its path relative to the build (`assets/…` are content-hashed). */
export function consoleCacheControl(pathInBuild: string): string {
  return pathInBuild.split(sep)[0] === 'assets' ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/** Serves the console's build at `/` (precompressed copies preferred), with its cache rules. */
export const consoleFilesPlugin = fp(
  async (app: FastifyInstance, opts: { root: string; index?: boolean }) => {
    await app.register(fastifyStatic, {
      root: opts.root,
      // One route for every file, looked up when asked for (a file that is not there goes on to the
      // not-found handler): a route per file was some 4,500 routes (each file, its .br and .gz, GET and
      // HEAD) made again for every sandbox.
      wildcard: true,
      index: opts.index === false ? false : ['index.html'],
      preCompressed: true,
      // Cache-Control is set per file below, not by @fastify/static's one rule for all.
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('cache-control', consoleCacheControl(relative(opts.root, path))),
    });
  },
  { name: 'console-files' },
);

/**
 * The console's page served under `base` (a sandbox's `/sandboxes/<id>`): its `<base href>` names the
 * base, so its files (relative in the build) and its routes resolve under it.
 */
export function consolePageAt(html: string, base: string): string {
  const href = `<base href="${base}/"`;
  if (!/<base href="[^"]*"/.test(html)) throw new Error("The console's index.html has no <base href>: it cannot be served under a base");
  return html.replace(/<base href="[^"]*"/, href);
}

/** Answers a client-side route (/list, /map, …) with the console's page (`page`: its text under a base), revalidated like index.html. */
export function sendConsolePage(reply: FastifyReply, page: string | null = null): FastifyReply {
  void reply.type('text/html; charset=utf-8').header('cache-control', CACHE_REVALIDATE);
  return page === null ? reply.sendFile('index.html') : reply.send(page);
}
