/**
 * GET v2/units/{id}, side by side in one run: the full core (session cookie, role and object-scope
 * checks, validation, storage read, response schema) against bare Fastify answering the same
 * bytes, json-server 1.0 serving the same unit from a db.json, and Prism 5 mocking the project's
 * own OpenAPI document (docs/openapi.json) in static mode with the core's answer as the example.
 * Each server runs alone, in its own process pinned to one core; autocannon loads it from another
 * process on the other core, with the same connections and measured duration for every server.
 * Records requests/s, p50, p99 and each server's ratio to bare Fastify.
 *
 *   pnpm bench            # all benchmarks
 *   pnpm --filter @fleet/tests exec tsx bench/unit-get.bench.ts [--seconds 10] [--warmup 2]
 *        [--connections 50] [--only core,bare,json-server,prism]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { UnitSummary } from '@fleet/contracts';
import {
  SERVER_CPU, TESTS_MODULES, freePort, getText, load, login, machine, ratio, spawnPinned, spawnScript, startCore, stop, waitForLine, waitHttp,
  type LoadOptions, type LoadResult,
} from './harness.js';
import { prismDocument } from './openapi-for-prism.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'core,bare,json-server,prism' },
  },
});
const only = new Set(values.only.split(','));
const loadAtStart = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-unit-get-'));
const opts = (headers: Record<string, string>, serverPid: number | undefined): LoadOptions => ({
  connections: Number(values.connections),
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  headers,
  serverPid,
});

interface ServerResult extends LoadResult {
  responseBytes: number;
  /** The answer parses to the core's JSON (json-server's carries its `id` key besides). */
  sameJson: boolean;
}

try {
  // 1. The full core, seeded, with the in-process simulator at its demo pace (live telemetry merged).
  const core = await startCore({ simulator: 'demo' });
  const cookie = await login(core.url, 'luc_regular');
  const units = JSON.parse(await getText(`${core.url}/api/devices/fetch`, { cookie })) as UnitSummary[];
  if (units.length === 0) throw new Error('luc_regular sees no unit: the seed or devices/fetch changed');
  const id = units[0]!.uniqueId;
  const path = `/api/v2/units/${id}`;
  const body = await getText(`${core.url}${path}`, { cookie });
  const unit = JSON.parse(body) as Record<string, unknown>;
  const results: Record<string, ServerResult> = {};
  const answerOf = async (url: string, headers: Record<string, string>, expected: unknown) => {
    const text = await getText(url, headers);
    return { responseBytes: Buffer.byteLength(text), sameJson: isDeepStrictEqual(JSON.parse(text), expected) };
  };
  if (only.has('core')) results.core = { ...(await load(`${core.url}${path}`, opts({ cookie }, core.child.pid))), responseBytes: Buffer.byteLength(body), sameJson: true };
  await core.stop();

  // 2. Bare Fastify answering the same bytes on the same path.
  if (only.has('bare')) {
    writeFileSync(join(dir, 'unit.json'), body);
    writeFileSync(join(dir, 'routes.json'), JSON.stringify([{ path: '/api/v2/units/:id', bodyFile: join(dir, 'unit.json') }]));
    const bare = spawnScript(SERVER_CPU, 'bare-server.ts', ['--mode', 'static', '--routes', join(dir, 'routes.json')]);
    const { url } = await waitForLine<{ url: string }>(bare, 'READY');
    const answer = await answerOf(`${url}${path}`, {}, unit);
    results.bare = { ...(await load(`${url}${path}`, opts({}, bare.pid))), ...answer };
    await stop(bare);
  }

  // 3. json-server 1.0: the unit in a db.json collection; it finds items by their `id` key.
  if (only.has('json-server')) {
    const item = { id, ...unit };
    writeFileSync(join(dir, 'db.json'), JSON.stringify({ units: [item] }));
    const port = await freePort();
    const server = spawnPinned(SERVER_CPU, process.execPath, [`${TESTS_MODULES}json-server/lib/bin.js`, join(dir, 'db.json'), '--port', String(port), '--host', '127.0.0.1']);
    server.stdout!.resume();
    const url = `http://127.0.0.1:${port}/units/${id}`;
    await waitHttp(url);
    const answer = await answerOf(url, {}, item);
    results['json-server'] = { ...(await load(url, opts({}, server.pid))), ...answer };
    await stop(server);
  }

  // 4. Prism 5, static mode: the OpenAPI document with the core's answer as the operation's example.
  if (only.has('prism')) {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(prismDocument({ '/api/v2/units/{id}': unit })));
    const port = await freePort();
    const server = spawnPinned(SERVER_CPU, process.execPath, [
      `${TESTS_MODULES}@stoplight/prism-cli/dist/index.js`, 'mock', join(dir, 'openapi.json'), '--port', String(port), '--host', '127.0.0.1',
      // Logging every request (the default, info) would be most of its work; errors still show.
      '--verboseLevel', 'error',
    ]);
    server.stdout!.pipe(process.stderr);
    // The document's security scheme is the session cookie: Prism answers 401 without one.
    const headers = { cookie: 'fleet_session=bench' };
    const url = `http://127.0.0.1:${port}${path}`;
    await waitHttp(url, headers);
    const answer = await answerOf(url, headers, unit);
    results.prism = { ...(await load(url, opts(headers, server.pid))), ...answer };
    await stop(server);
  }

  const bare = results.bare;
  const servers = Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      {
        ...r,
        ratioToBare: ratio(r.requestsPerSec, bare?.requestsPerSec ?? 0),
        /** The same ratio per second of each server's own CPU (meaningful when bare Fastify was not saturated). */
        cpuRatioToBare: ratio(r.requestsPerServerCpuSecond, bare?.requestsPerServerCpuSecond ?? 0),
      },
    ]),
  );
  const full = servers.core;
  const result = {
    benchmark: 'GET v2/units/{id}: full core vs bare Fastify, json-server 1.0 and Prism 5, each pinned to one core',
    when: new Date().toISOString(),
    machine: machine(loadAtStart),
    settings: {
      measuredSeconds: Number(values.seconds),
      warmupSeconds: Number(values.warmup),
      connections: Number(values.connections),
      database: 'sqlite',
      coreUser: 'luc_regular',
      simulator: 'in-process, demo pace (telemetry every 5 s)',
      prism: 'static mode, the core answer as the example',
      responseBytes: Buffer.byteLength(body),
    },
    servers,
    goal: { ratioToBareAtLeast: 0.5, aheadOf: ['json-server', 'prism'] },
    goalMet: full
      ? full.ratioToBare >= 0.5 && ['json-server', 'prism'].every((p) => !servers[p] || full.requestsPerSec > servers[p].requestsPerSec)
      : null,
  };
  recordResult('unit-get', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
