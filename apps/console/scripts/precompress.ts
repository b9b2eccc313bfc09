/// <reference types="node" />
/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of
 * the build, so the core serves them precompressed (@fastify/static's `preCompressed`) without
 * compressing on each request. Source maps are left alone: only developers open them.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Compresses one file both ways; the copies are kept only where they are smaller. */
async function compressFile(path: string): Promise<void> {
  if ((await stat(path)).size < MIN_BYTES) return;
  const bytes = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([br.length < bytes.length ? writeFile(`${path}.br`, br) : null, gzipped.length < bytes.length ? writeFile(`${path}.gz`, gzipped) : null]);
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fleet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) jobs.push(compressFile(path));
      await Promise.all(jobs);
    },
  };
}
