/**
 * Durable writes: 50 clients in a separate process (on the load core), each looping acknowledged
 * writes on its own unit, alternating a rename (PUT devices/update) and a settings configuration
 * change (PUT settingsConfiguration/add: kept by the core, nothing goes to the device), each with
 * the version the previous answer returned. Against the full core (sessions, roles, scope,
 * validation, storage at synchronous=FULL on SQLite) and, in the same run, bare Fastify doing one
 * UPDATE committed alone per request at synchronous=FULL (the naive durable server), each in its
 * own process pinned to the server core. On PostgreSQL as well when DATABASE_URL_PG is set.
 *
 * After the core's run, each unit's stored name (devices/fetch) must be the last rename its
 * client had acknowledged.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/writes.bench.ts [--seconds 10] [--warmup 2]
 *        [--clients 50] [--providers sqlite,postgresql]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_UNIT_PREFIX, type UnitSummary } from '@fleet/contracts';
import { freshDatabase, pgUrl, type Provider } from '../support/stack.js';
import { LOAD_CPU, SERVER_CPU, cpuSeconds, getText, login, machine, ratio, round, spawnScript, startCore, stop, waitForLine } from './harness.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    clients: { type: 'string', default: '50' },
    providers: { type: 'string', default: '' },
  },
});
const clients = Number(values.clients);
const providers = (values.providers ? values.providers.split(',') : ['sqlite', ...(pgUrl() ? ['postgresql'] : [])]) as Provider[];
/** Global scope and unit control: may rename and configure any unit. */
const USER = 'super_user';
const loadAtStart = loadavg()[0]!;

interface ClientsReport {
  clients: number;
  seconds: number;
  acknowledged: number;
  acknowledgedPerSec: number;
  renames: number;
  settingsChanges: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  errors: number;
  failures: Record<string, number>;
  firstFailure: string;
  /** Each unit's last acknowledged name. */
  lastNames: Record<string, string>;
}

/** The clients' process against `base`; its report, with the server's CPU over the whole run. */
async function drive(base: string, units: Array<{ id: string; cookie: string }>, serverPid: number | undefined) {
  const cpu0 = cpuSeconds(serverPid);
  const t0 = performance.now();
  const driver = spawnScript(LOAD_CPU, 'write-clients.ts', [
    '--base',
    base,
    '--units',
    JSON.stringify(units),
    '--seconds',
    values.seconds,
    '--warmup',
    values.warmup,
  ]);
  const report = await waitForLine<ClientsReport>(driver, 'REPORT');
  const serverCpuCores = round((cpuSeconds(serverPid) - cpu0) / ((performance.now() - t0) / 1000), 2);
  await stop(driver);
  return { report, serverCpuCores };
}

async function run(provider: Provider) {
  // 1. The full core, with a generated fleet so that every client has a unit of its own.
  const core = await startCore({ provider, fleet: clients });
  const cookies: string[] = [];
  for (let i = 0; i < clients; i++) cookies.push(await login(core.url, USER));
  const all = JSON.parse(await getText(`${core.url}/api/devices/fetch`, { cookie: cookies[0]! })) as UnitSummary[];
  const units = all.filter((u) => u.uniqueId.startsWith(GENERATED_UNIT_PREFIX)).slice(0, clients);
  if (units.length < clients) throw new Error(`only ${units.length} generated units for ${clients} clients`);
  const full = await drive(
    core.url,
    units.map((u, i) => ({ id: u.uniqueId, cookie: cookies[i]! })),
    core.child.pid,
  );
  const stored = new Map(
    (JSON.parse(await getText(`${core.url}/api/devices/fetch`, { cookie: cookies[0]! })) as UnitSummary[]).map((u) => [u.uniqueId, u.name]),
  );
  const mismatches = Object.entries(full.report.lastNames).filter(([id, name]) => stored.get(id) !== name).length;
  await core.stop();

  // 2. The naive durable server: one UPDATE per request, committed before the answer.
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-writes-'));
  const database = provider === 'postgresql' ? await freshDatabase('postgresql') : { url: join(dir, 'bare.db'), drop: async () => undefined };
  try {
    writeFileSync(join(dir, 'units.json'), JSON.stringify(units.map((u) => ({ id: u.uniqueId, name: u.name }))));
    const bareProcess = spawnScript(SERVER_CPU, 'bare-server.ts', ['--mode', 'writes', '--db', database.url, '--units', join(dir, 'units.json')]);
    const { url } = await waitForLine<{ url: string }>(bareProcess, 'READY');
    const bare = await drive(
      url,
      units.map((u) => ({ id: u.uniqueId, cookie: '' })),
      bareProcess.pid,
    );
    await stop(bareProcess);
    const view = (r: { report: ClientsReport; serverCpuCores: number }) => {
      const { lastNames: _names, ...rest } = r.report;
      return { ...rest, serverCpuCores: r.serverCpuCores };
    };
    return {
      full: { ...view(full), lastNamesStored: mismatches === 0, ratioToBare: ratio(full.report.acknowledgedPerSec, bare.report.acknowledgedPerSec) },
      bare: view(bare),
    };
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const p of providers) results[p] = await run(p);
const goalMet = Object.values(results).every(
  (r) => r.full.acknowledgedPerSec >= 2000 && r.full.latencyP99Ms < 50 && r.full.errors === 0 && r.full.lastNamesStored,
);
const result = {
  benchmark: 'Durable writes (renames and settings configuration, 50 clients): full core vs bare Fastify + one UPDATE per request, each pinned to one core',
  when: new Date().toISOString(),
  machine: machine(loadAtStart),
  settings: {
    measuredSeconds: Number(values.seconds),
    warmupSeconds: Number(values.warmup),
    clients,
    user: USER,
    calls: ['PUT devices/update', 'PUT settingsConfiguration/add'],
    durability: { sqlite: 'journal_mode=WAL, synchronous=FULL', postgresql: 'synchronous_commit=on (default)' },
    simulator: 'off',
  },
  providers: results,
  goal: { acknowledgedPerSecAtLeast: 2000, p99UnderMs: 50, errors: 0 },
  goalMet,
};
recordResult('writes', result);
console.log(JSON.stringify(result, null, 2));
