/**
 * GET v2/units/{id} through the full stack (session cookie, validation, role and object-scope
 * checks, storage read, response schema) against a bare Fastify route answering the same JSON, in
 * the same run on the same machine. Records requests/s and latency of both and their ratio.
 *
 *   pnpm bench            # all benchmarks
 *   pnpm --filter @fleet/tests exec tsx bench/unit-get.bench.ts [--seconds 10]
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type { UnitSummary } from '@fleet/contracts';
import { DEFAULT_TIMINGS } from '@fleet/simulator';
import { startTestStack } from '../support/stack.js';
import { recordResult } from './record.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);

/** The part of autocannon's --json report this benchmark reads. */
interface LoadReport {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** Load from a separate process, so the load generator does not share the server's event loop. */
function autocannonProcess(url: string, headers: Record<string, string>, seconds: number): Promise<LoadReport> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [bin, '--json', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout) as LoadReport);
    });
  });
}

async function load(url: string, headers: Record<string, string>) {
  // Warm up (JIT, caches), then measure.
  await autocannonProcess(url, headers, 2);
  const r = await autocannonProcess(url, headers, duration);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { requestsPerSec: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, requests: r.requests.total };
}

// The simulator runs at its default pace (telemetry every 5 s), as in a demo.
const stack = await startTestStack({ provider: 'sqlite', simulatorTimings: DEFAULT_TIMINGS });
try {
  const base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
  const cookie = await stack.login('luc_regular');
  const units: UnitSummary[] = (await stack.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).json();
  const id = units[0]!.uniqueId;
  const body = (await stack.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: { cookie } })).body;

  const bare = Fastify({ logger: false });
  bare.get('/v2/units/:id', async (_req, reply) => reply.type('application/json').send(body));
  const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });

  const bareResult = await load(`${bareBase}/v2/units/${id}`, {});
  const fullResult = await load(`${base}/api/v2/units/${id}`, { cookie });
  await bare.close();

  const result = {
    benchmark: 'GET v2/units/{id}: full stack vs bare Fastify',
    when: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    settings: { durationSeconds: duration, connections, responseBytes: body.length, database: 'sqlite' },
    bare: bareResult,
    full: fullResult,
    ratio: Math.round((fullResult.requestsPerSec / bareResult.requestsPerSec) * 1000) / 1000,
  };
  recordResult('unit-get', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stack.close();
}
