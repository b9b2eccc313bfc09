/**
 * The core as a benchmark's server process: composed like apps/stack (configuration, storage
 * prepared with migrations and the demo seed, buildApp, optionally the in-process simulator and a
 * generated fleet) on a fresh database, listening on a free port of 127.0.0.1.
 *
 *   node --expose-gc --import tsx bench/core-process.ts [--provider sqlite|postgresql]
 *        [--database <url>] [--fleet 0] [--simulator off|demo] [--demo <preset>] [--env KEY=VALUE ...]
 *
 * `--simulator demo` runs the in-process simulator on its default timings; `--demo lively` (or
 * another preset of simulator/demos) runs it as `npm start` does, with the preset's motion and
 * timeline.
 *
 * Without --database the database is a fresh one, dropped at the end; with it, that database
 * (kept), e.g. to start a core on the fleet an earlier process generated.
 *
 * Protocol (stdout lines, stdin lines):
 *   → READY {"url": "http://127.0.0.1:…", "fleetSeconds": …}     once listening
 *   ← memory                                                     asks for the process's memory
 *   → MEMORY {"rssBytes": …, "heapUsedBytes": …, …}              after two full collections
 * SIGTERM (or stdin closed) closes the app and storage and drops the database.
 *
 * The core is configured as deployed (scripts/start.sh: RESPONSE_VALIDATION=false; `startCore`
 * sets NODE_ENV=production), logging warnings only. The environment reaches the configuration
 * over these defaults, and `--env` entries over everything, so a setting the core reads can be
 * benchmarked both ways without changing this file.
 */
import { parseArgs } from 'node:util';
import { DemoPresetName } from '@fleet/contracts';
import { buildApp, loadConfig } from '@fleet/core';
import { prepareDatabase } from '@fleet/core/storage';
import { DEFAULT_TIMINGS, loadDemoPreset } from '@fleet/simulator';
import { startSimulator } from '@fleet/stack';
import { freshDatabase, type Provider } from '../support/stack.js';
import { BENCH_PASSWORD } from './harness.js';

const { values } = parseArgs({
  options: {
    provider: { type: 'string', default: 'sqlite' },
    fleet: { type: 'string', default: '0' },
    simulator: { type: 'string', default: 'off' },
    demo: { type: 'string', default: '' },
    database: { type: 'string', default: '' },
    env: { type: 'string', multiple: true, default: [] },
  },
});

const provider = values.provider as Provider;
const overrides = Object.fromEntries(values.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
// A given database is another process's to drop; it is migrated, and seeded only when empty.
const database = values.database ? { url: values.database, drop: async () => undefined } : await freshDatabase(provider);
const config = loadConfig({
  LOG_LEVEL: 'warn',
  // As scripts/start.sh runs the core: answers through the compiled serialisers, no per-request check.
  RESPONSE_VALIDATION: 'false',
  ...process.env,
  DATABASE_URL: database.url,
  HOST: '127.0.0.1',
  PORT: '0',
  MIGRATE_ON_BOOT: 'true',
  SEED_ON_BOOT: 'true',
  // The fleet the benchmark has always measured: the 24 structural units of SEED_IDS.
  SEED_FLEET: 'small',
  DEMO_PASSWORD: BENCH_PASSWORD,
  ...overrides,
});
const db = await prepareDatabase(config);
const app = await buildApp({ config, db: db.prisma });
const sim = values.demo
  ? startSimulator(app, { seed: config.SEED, demo: loadDemoPreset(DemoPresetName.parse(values.demo)) })
  : values.simulator === 'demo'
    ? startSimulator(app, { seed: config.SEED, timings: DEFAULT_TIMINGS })
    : null;
const fleetSize = Number(values.fleet);
const t0 = performance.now();
if (fleetSize > 0) await app.services.fleet.generate({ size: fleetSize });
const fleetSeconds = Math.round(performance.now() - t0) / 1000;
const url = await app.listen({ host: config.HOST, port: 0 });

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  sim?.stop();
  await app.close();
  await db.close();
  await database.drop();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

/** `--expose-gc` gives a full collection, so the figures are live memory, not garbage not yet collected. */
const gc = (globalThis as { gc?: () => void }).gc;
let input = '';
process.stdin.on('data', (d: Buffer) => {
  input += d.toString();
  let nl: number;
  while ((nl = input.indexOf('\n')) >= 0) {
    const command = input.slice(0, nl).trim();
    input = input.slice(nl + 1);
    if (command === 'memory') {
      gc?.();
      gc?.();
      const m = process.memoryUsage();
      const memory = {
        rssBytes: m.rss,
        heapUsedBytes: m.heapUsed,
        heapTotalBytes: m.heapTotal,
        externalBytes: m.external,
        arrayBuffersBytes: m.arrayBuffers,
        collected: gc !== undefined,
      };
      process.stdout.write(`MEMORY ${JSON.stringify(memory)}\n`);
    }
  }
});
process.stdin.on('end', () => void shutdown());

process.stdout.write(`READY ${JSON.stringify({ url, fleetSeconds })}\n`);
