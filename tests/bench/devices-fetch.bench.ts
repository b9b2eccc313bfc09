/**
 * GET devices/fetch with 10,000 generated units (plus the 24 seeded ones), as one console asks for
 * it — one connection, one request after the other — and with 10 connections, against bare
 * Fastify answering the same bytes, each server alone in its own process pinned to one core and
 * autocannon in another process on the other core. Also the core's memory (RSS and V8 heap used
 * after full collections, reported by the core process itself) with the seeded 24 units and with
 * the 10,024: what 10,000 units cost over the core's baseline.
 *
 * The core runs without the simulator here (the units are offline, nothing else changes them), so
 * the memory figures are the core's own and the answer is the same bytes throughout the run. Each
 * database is prepared by a first core process (migrations, seed, the generated fleet) and
 * measured in a second one started on it, as a deployed core starts on its data — what the
 * generation allocated would otherwise stay in the RSS. Both cores' memory is taken at the same
 * point: started, then five sequential reads of the list.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/devices-fetch.bench.ts [--seconds 10] [--warmup 2]
 *        [--fleet 10000] [--connections 1,10]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  SERVER_CPU,
  getText,
  load,
  login,
  machine,
  mib,
  ratio,
  spawnScript,
  startCore,
  stop,
  waitForLine,
  type CoreMemory,
  type LoadOptions,
  type LoadResult,
} from './harness.js';
import { freshDatabase } from '../support/stack.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    fleet: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '1,10' },
  },
});
const fleet = Number(values.fleet);
const variants = values.connections.split(',').map(Number);
const PATH = '/api/devices/fetch';
/** Sees every unit: the console of the whole fleet. */
const USER = 'super_user';
const loadAtStart = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-devices-fetch-'));
const databases: Array<{ drop(): Promise<void> }> = [];
const opts = (connections: number, headers: Record<string, string>, serverPid: number | undefined): LoadOptions => ({
  connections,
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  headers,
  serverPid,
});

/** A few sequential reads of the list (the memory of both cores is measured after the same reads); the last answer. */
async function settle(base: string, cookie: string): Promise<{ body: string; units: number }> {
  let body = '';
  for (let i = 0; i < 5; i++) body = await getText(`${base}${PATH}`, { cookie });
  return { body, units: (JSON.parse(body) as unknown[]).length };
}

const memoryView = (m: CoreMemory) => ({
  rssMiB: mib(m.rssBytes),
  heapUsedMiB: mib(m.heapUsedBytes),
  externalMiB: mib(m.externalBytes),
  arrayBuffersMiB: mib(m.arrayBuffersBytes),
});

try {
  // 1. The core's baseline: the seeded fleet, its memory measured after a few reads of the list.
  const smallDb = await freshDatabase('sqlite');
  databases.push(smallDb);
  await (await startCore({ database: smallDb.url })).stop();
  const small = await startCore({ database: smallDb.url });
  const smallSettled = await settle(small.url, await login(small.url, USER));
  const smallMemory = await small.memory();
  await small.stop();

  // 2. The core with the generated fleet: its memory at the same point, then the console's reads.
  const bigDb = await freshDatabase('sqlite');
  databases.push(bigDb);
  const generator = await startCore({ database: bigDb.url, fleet });
  const fleetSeconds = generator.fleetSeconds;
  await generator.stop();
  const big = await startCore({ database: bigDb.url });
  const cookie = await login(big.url, USER);
  const { body, units } = await settle(big.url, cookie);
  const bigMemory = await big.memory();
  const core: Record<string, LoadResult> = {};
  for (const c of variants) core[`c${c}`] = await load(`${big.url}${PATH}`, opts(c, { cookie }, big.child.pid));
  // Concurrent answers of several MB each raise the RSS, which the allocator keeps: reported apart.
  const bigMemoryAfterLoad = await big.memory();
  await big.stop();

  // 3. Bare Fastify answering the same bytes.
  writeFileSync(join(dir, 'devices.json'), body);
  writeFileSync(join(dir, 'routes.json'), JSON.stringify([{ path: PATH, bodyFile: join(dir, 'devices.json') }]));
  const bareProcess = spawnScript(SERVER_CPU, 'bare-server.ts', ['--mode', 'static', '--routes', join(dir, 'routes.json')]);
  const { url } = await waitForLine<{ url: string }>(bareProcess, 'READY');
  if ((await getText(`${url}${PATH}`)) !== body) throw new Error('bare Fastify does not answer the same bytes');
  const bare: Record<string, LoadResult> = {};
  for (const c of variants) bare[`c${c}`] = await load(`${url}${PATH}`, opts(c, {}, bareProcess.pid));
  await stop(bareProcess);

  const oneConsole = core.c1;
  const memoryOverBaseline = { rssMiB: mib(bigMemory.rssBytes - smallMemory.rssBytes), heapUsedMiB: mib(bigMemory.heapUsedBytes - smallMemory.heapUsedBytes) };
  const result = {
    benchmark: 'GET devices/fetch with 10,000 units: full core vs bare Fastify, each pinned to one core; core memory for 10,000 units',
    when: new Date().toISOString(),
    machine: machine(loadAtStart),
    settings: {
      measuredSeconds: Number(values.seconds),
      warmupSeconds: Number(values.warmup),
      connections: variants,
      database: 'sqlite',
      user: USER,
      generatedUnits: fleet,
      simulator: 'off',
      responseBytes: Buffer.byteLength(body),
      units,
      fleetGenerationSeconds: fleetSeconds,
    },
    core: Object.fromEntries(
      Object.entries(core).map(([k, r]) => [
        k,
        {
          ...r,
          ratioToBare: ratio(r.requestsPerSec, bare[k]!.requestsPerSec),
          // Latency of answers that took longer than the window cannot be seen: lengthen --seconds.
          ...(r.requests < Number(k.slice(1)) * 2 ? { note: 'fewer than two answers per connection in the measured window' } : {}),
        },
      ]),
    ),
    bare,
    memory: {
      seeded: { units: smallSettled.units, ...memoryView(smallMemory) },
      withFleet: { units, ...memoryView(bigMemory) },
      overBaseline: memoryOverBaseline,
      withFleetAfterLoad: memoryView(bigMemoryAfterLoad),
    },
    goal: { oneConsoleP99UnderMs: 100, ratioToBareAtLeast: 0.3, memoryOverBaselineUnderMiB: 200 },
    goalMet: oneConsole
      ? oneConsole.latencyP99Ms < 100 && ratio(oneConsole.requestsPerSec, bare.c1!.requestsPerSec) >= 0.3 && memoryOverBaseline.rssMiB < 200
      : null,
  };
  recordResult('devices-fetch', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const d of databases) await d.drop();
  rmSync(dir, { recursive: true, force: true });
}
