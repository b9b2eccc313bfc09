/**
 * GET v2/units/{id}, side by side in one run: the full core (session cookie, role and object-scope
 * checks, validation, storage read, response schema) against bare Fastify answering the same
 * bytes, json-server 1.0 serving the same unit from a db.json, and Prism 5 mocking the project's
 * own OpenAPI document (docs/openapi.json) in static mode with the core's answer as the example.
 * Each server runs in its own process pinned to one core; autocannon loads it from another
 * process on the other core, with the same connections and measured duration for every server.
 * Records requests/s, p50, p99 and each server's ratio to bare Fastify.
 *
 * The core is loaded twice in each round: as a script asks (no Accept-Encoding, the answer as it is)
 * and as a browser asks (`Accept-Encoding: gzip, deflate, br`: the answer compressed when it is over
 * the core's threshold), so what compression costs the unit read shows beside the identity answer.
 *
 * The core and bare Fastify are measured in alternating rounds (core, bare, core, bare, …), each
 * slice with its own warm-up: this machine's speed moves by a quarter within seconds, so one long
 * run of each, a minute apart, compared whatever the machine did in between. Each server's figure
 * is its requests over all its slices; the core's ratio to bare Fastify is the median of the
 * rounds' ratios (a burst that slows one slice of either server moves one round, not the figure),
 * with the ratio of the totals beside it. While bare Fastify is loaded the core is stopped (SIGSTOP,
 * SIGCONT after), so its simulator takes nothing from it; before each bare slice bare Fastify is
 * given the core's answer as it is then (live telemetry makes the unit's detail grow).
 *
 *   pnpm bench            # all benchmarks
 *   pnpm --filter @fleet/tests exec tsx bench/unit-get.bench.ts [--rounds 7] [--seconds 3]
 *        [--warmup 1] [--first-warmup 6] [--connections 50] [--only core,compressed,bare,json-server,prism]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { UnitSummary } from '@fleet/contracts';
import {
  SERVER_CPU,
  TESTS_MODULES,
  freePort,
  getText,
  load,
  login,
  machine,
  ratio,
  spawnPinned,
  spawnScript,
  startCore,
  stop,
  waitForLine,
  waitHttp,
  type LoadOptions,
  type LoadResult,
} from './harness.js';
import { prismDocument } from './openapi-for-prism.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    seconds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    'first-warmup': { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'core,compressed,bare,json-server,prism' },
  },
});
const only = new Set(values.only.split(','));
const loadAtStart = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-unit-get-'));
/** Measured seconds of a slice of the alternating rounds; the peers get all rounds' seconds in one run. */
const sliceSeconds = Number(values.seconds);
const peerSeconds = sliceSeconds * Number(values.rounds);
const opts = (headers: Record<string, string>, serverPid: number | undefined, seconds = sliceSeconds): LoadOptions => ({
  connections: Number(values.connections),
  seconds,
  warmupSeconds: Number(values.warmup),
  headers,
  serverPid,
});

/** The middle value (the mean of the two middle ones for an even count). */
function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return sorted.length % 2 === 1 ? sorted[Math.floor(half)]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/**
 * Slices of one server as one result: requests over all its measured seconds; latency percentiles
 * the median of the slices' (the worst slice's p99 kept too); CPU over all slices.
 */
function combine(slices: readonly LoadResult[]): LoadResult & { latencyP99MsWorstRound: number } {
  const seconds = slices.map((r) => r.requests / r.requestsPerSec);
  const requests = slices.reduce((n, r) => n + r.requests, 0);
  const totalSeconds = seconds.reduce((a, b) => a + b, 0);
  const cpu = slices.reduce((n, r) => n + (r.requestsPerServerCpuSecond > 0 ? r.requests / r.requestsPerServerCpuSecond : 0), 0);
  return {
    requestsPerSec: Math.round(requests / totalSeconds),
    latencyP50Ms: median(slices.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(slices.map((r) => r.latencyP99Ms)),
    latencyP99MsWorstRound: Math.max(...slices.map((r) => r.latencyP99Ms)),
    latencyMaxMs: Math.max(...slices.map((r) => r.latencyMaxMs)),
    requests,
    bytesPerSec: Math.round(slices.reduce((n, r, i) => n + r.bytesPerSec * seconds[i]!, 0) / totalSeconds),
    serverCpuCores: Math.round((slices.reduce((n, r, i) => n + r.serverCpuCores * seconds[i]!, 0) / totalSeconds) * 100) / 100,
    requestsPerServerCpuSecond: cpu > 0 ? Math.round(requests / cpu) : 0,
  };
}

/** What a browser sends: the core answers brotli when the answer is over its threshold. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** The bytes of an answer as they travel (not decoded) and its Content-Encoding. */
function wireAnswer(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

interface ServerResult extends LoadResult {
  /** The answer's bytes as sent (compressed when `encoding` says so). */
  responseBytes: number;
  encoding?: string;
  /** The same answer's bytes without compression, read at the same moment. */
  identityBytes?: number;
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

  // 2. The core and bare Fastify (answering the core's bytes on the same path) in alternating rounds.
  const rounds: Array<{ core?: LoadResult; compressed?: LoadResult; bare?: LoadResult; bodyBytes: number }> = [];
  const compressedHeaders = { cookie, 'accept-encoding': BROWSER_ENCODINGS };
  // Asserted: TypeScript does not see the assignment inside bareServing and would narrow to null.
  let bare = null as { child: ChildProcess; url: string; body: string } | null;
  /** Bare Fastify serving `text` (started again when the core's answer changed since the last round). */
  const bareServing = async (text: string) => {
    if (bare?.body === text) return bare;
    if (bare) await stop(bare.child);
    writeFileSync(join(dir, 'unit.json'), text);
    writeFileSync(join(dir, 'routes.json'), JSON.stringify([{ path: '/api/v2/units/:id', bodyFile: join(dir, 'unit.json') }]));
    const child = spawnScript(SERVER_CPU, 'bare-server.ts', ['--mode', 'static', '--routes', join(dir, 'routes.json')]);
    const { url } = await waitForLine<{ url: string }>(child, 'READY');
    const answer = await answerOf(`${url}${path}`, {}, JSON.parse(text));
    if (!answer.sameJson) throw new Error("bare Fastify does not answer the core's unit");
    return (bare = { child, url, body: text });
  };
  try {
    for (let r = 0; r < Number(values.rounds); r++) {
      const round: (typeof rounds)[number] = { bodyBytes: 0 };
      // The first slice warms up longer: the core has just started (its simulator bringing the fleet online, nothing compiled yet).
      const coreOpts = { ...opts({ cookie }, core.child.pid), ...(r === 0 ? { warmupSeconds: Number(values['first-warmup']) } : {}) };
      if (only.has('core')) round.core = await load(`${core.url}${path}`, coreOpts);
      if (only.has('compressed')) round.compressed = await load(`${core.url}${path}`, { ...coreOpts, headers: compressedHeaders });
      const now = await getText(`${core.url}${path}`, { cookie });
      round.bodyBytes = Buffer.byteLength(now);
      if (only.has('bare')) {
        const b = await bareServing(now);
        core.child.kill('SIGSTOP');
        try {
          round.bare = await load(`${b.url}${path}`, opts({}, b.child.pid));
        } finally {
          core.child.kill('SIGCONT');
        }
      }
      rounds.push(round);
    }
  } finally {
    core.child.kill('SIGCONT');
    if (bare) await stop(bare.child);
  }
  // The answer a browser receives, as it travels (the last round's unit).
  const wire = only.has('compressed') ? await wireAnswer(`${core.url}${path}`, compressedHeaders) : null;
  const identity = wire ? await wireAnswer(`${core.url}${path}`, { cookie }) : null;
  await core.stop();
  const coreRounds = rounds.flatMap((r) => (r.core ? [r.core] : []));
  const bareRounds = rounds.flatMap((r) => (r.bare ? [r.bare] : []));
  const compressedRounds = rounds.flatMap((r) => (r.compressed ? [r.compressed] : []));
  if (coreRounds.length > 0) results.core = { ...combine(coreRounds), responseBytes: Buffer.byteLength(body), sameJson: true };
  if (compressedRounds.length > 0 && wire)
    results.compressed = {
      ...combine(compressedRounds),
      responseBytes: wire.bytes,
      encoding: wire.encoding,
      identityBytes: identity?.bytes ?? 0,
      sameJson: true,
    };
  if (bareRounds.length > 0) results.bare = { ...combine(bareRounds), responseBytes: rounds.at(-1)!.bodyBytes, sameJson: true };

  // 3. json-server 1.0: the unit in a db.json collection; it finds items by their `id` key.
  if (only.has('json-server')) {
    const item = { id, ...unit };
    writeFileSync(join(dir, 'db.json'), JSON.stringify({ units: [item] }));
    const port = await freePort();
    const server = spawnPinned(SERVER_CPU, process.execPath, [
      `${TESTS_MODULES}json-server/lib/bin.js`,
      join(dir, 'db.json'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ]);
    server.stdout!.resume();
    const url = `http://127.0.0.1:${port}/units/${id}`;
    await waitHttp(url);
    const answer = await answerOf(url, {}, item);
    results['json-server'] = { ...(await load(url, opts({}, server.pid, peerSeconds))), ...answer };
    await stop(server);
  }

  // 4. Prism 5, static mode: the OpenAPI document with the core's answer as the operation's example.
  if (only.has('prism')) {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(prismDocument({ '/api/v2/units/{id}': unit })));
    const port = await freePort();
    const server = spawnPinned(SERVER_CPU, process.execPath, [
      `${TESTS_MODULES}@stoplight/prism-cli/dist/index.js`,
      'mock',
      join(dir, 'openapi.json'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      // Logging every request (the default, info) would be most of its work; errors still show.
      '--verboseLevel',
      'error',
    ]);
    server.stdout!.pipe(process.stderr);
    // The document's security scheme is the session cookie: Prism answers 401 without one.
    const headers = { cookie: 'fleet_session=bench' };
    const url = `http://127.0.0.1:${port}${path}`;
    await waitHttp(url, headers);
    const answer = await answerOf(url, headers, unit);
    results.prism = { ...(await load(url, opts(headers, server.pid, peerSeconds))), ...answer };
    await stop(server);
  }

  const bareResult = results.bare;
  // The core's ratio: the median of the rounds' (the ratio of the totals kept beside it).
  const roundRatios = rounds.flatMap((r) => (r.core && r.bare ? [r.core.requestsPerSec / r.bare.requestsPerSec] : []));
  const medianRatio = roundRatios.length === 0 ? null : ratio(median(roundRatios), 1);
  // What compression costs the read: the compressed slice over the identity slice of the same round.
  const compressedRatios = rounds.flatMap((r) => (r.core && r.compressed ? [r.compressed.requestsPerSec / r.core.requestsPerSec] : []));
  const compressedOverCore = compressedRatios.length === 0 ? null : ratio(median(compressedRatios), 1);
  const servers = Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      {
        ...r,
        ratioToBare: ratio(r.requestsPerSec, bareResult?.requestsPerSec ?? 0),
        /** The same ratio per second of each server's own CPU (meaningful when bare Fastify was not saturated). */
        cpuRatioToBare: ratio(r.requestsPerServerCpuSecond, bareResult?.requestsPerServerCpuSecond ?? 0),
        ...(name === 'core' && medianRatio !== null
          ? { ratioToBare: medianRatio, ratioOfTotalsToBare: ratio(r.requestsPerSec, bareResult?.requestsPerSec ?? 0) }
          : {}),
      },
    ]),
  );
  const full = servers.core;
  const result = {
    benchmark: 'GET v2/units/{id}: full core vs bare Fastify, json-server 1.0 and Prism 5, each pinned to one core',
    when: new Date().toISOString(),
    machine: machine(loadAtStart),
    settings: {
      rounds: Number(values.rounds),
      measuredSecondsPerRound: sliceSeconds,
      measuredSecondsPerServer: peerSeconds,
      warmupSecondsPerRound: Number(values.warmup),
      coreWarmupSecondsFirstRound: Number(values['first-warmup']),
      alternating:
        'the core (identity, then compressed) and bare Fastify in alternating rounds; the core stopped (SIGSTOP) while bare Fastify is loaded; json-server and Prism in one run each',
      connections: Number(values.connections),
      database: 'sqlite',
      coreUser: 'luc_regular',
      simulator: 'in-process, demo pace (telemetry every 5 s)',
      prism: 'static mode, the core answer as the example',
      responseBytes: Buffer.byteLength(body),
    },
    servers,
    /** The compressed read's requests/s over the identity read's, median of the rounds (1 = compression costs nothing). */
    compressedOverCore,
    /** Each round's pair: requests/s of the core and of bare Fastify, their ratio, and the answer's size then. */
    rounds: rounds.map((r) => ({
      core: r.core?.requestsPerSec ?? null,
      bare: r.bare?.requestsPerSec ?? null,
      ratio: r.core && r.bare ? ratio(r.core.requestsPerSec, r.bare.requestsPerSec) : null,
      coreP99Ms: r.core?.latencyP99Ms ?? null,
      compressed: r.compressed?.requestsPerSec ?? null,
      bodyBytes: r.bodyBytes,
    })),
    goal: { ratioToBareAtLeast: 0.5, aheadOf: ['json-server', 'prism'] },
    goalMet: full ? full.ratioToBare >= 0.5 && ['json-server', 'prism'].every((p) => !servers[p] || full.requestsPerSec > servers[p].requestsPerSec) : null,
  };
  recordResult('unit-get', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
