/**
 * The crash-durability run: start the stack on a fresh database, then round after round — load from
 * many clients, SIGKILL at a random moment, restart on the same database, verify — and sum it up.
 * Used by the command (crash.ts) and by the short CI version (tests/integration/crash-durability.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, newDatabase, REPO_ROOT, startCore, type CoreProcess, type Provider } from './core-process.js';
import { call } from './http.js';
import { addTally, quantile, totals, type Tally } from './ledger.js';
import { verify, settleFromStore } from './verify.js';
import { seededRandom, startLoad } from './workload.js';
import { MARK, setUp, type World } from './world.js';

export interface CrashOptions {
  provider: Provider;
  rounds: number;
  clients: number;
  /** The kill falls uniformly in this window after the load starts, ms. */
  killWindowMs: readonly [number, number];
  /** Seed of the clients' choices and the kill moments. */
  seed: number;
  /** PostgreSQL server to create the run's database on (DATABASE_URL_PG). */
  pgAdminUrl?: string | undefined;
  /**
   * Self-check of the checks: after each kill, record this many acknowledged renames that were
   * never sent. The run must then report exactly that many lost writes per round.
   */
  plantLost?: number;
  /**
   * Self-check of the checks without another kill: after the last round, record one acknowledged rename
   * that was never sent and verify again. The check must report exactly that one as lost (`selfCheck`).
   */
  selfCheck?: boolean;
  /** Keep the database (and the core's log) after the run, e.g. to look into a failure. */
  keepDatabase?: boolean;
  /** One line per round and per step. */
  log?: (line: string) => void;
}

export interface RoundResult {
  round: number;
  killAtMs: number;
  acknowledged: number;
  rejected: number;
  inFlight: number;
  inFlightLanded: number;
  lost: number;
  planted: number;
  problems: string[];
  restartMs: number;
  unitsOnline: number;
  /** Acknowledged writes per second of load (until the kill). */
  ackedPerSecond: number;
  tally: Tally;
}

export interface CrashSummary {
  provider: Provider;
  date: string;
  coreCommit: string;
  /** Uncommitted changes in the core or storage when the run started (their paths). */
  coreChanges: string[];
  rounds: number;
  clients: number;
  seed: number;
  killWindowMs: readonly [number, number];
  acknowledged: number;
  verified: number;
  lost: number;
  planted: number;
  inconsistencies: number;
  rejected: number;
  inFlight: number;
  inFlightLanded: number;
  killMomentsMs: number[];
  restartMs: { min: number; median: number; max: number };
  /** Per kind of write: outcomes, the refusals' codes, and the acknowledged writes' latency. */
  byKind: Record<string, { acked: number; rejected: number; unknown: number; refusals: Record<string, number>; p50Ms: number | null; p99Ms: number | null }>;
  problems: string[];
  perRound: Omit<RoundResult, 'tally' | 'problems'>[];
  /** With `selfCheck`: what the second verification after the last round reported of the planted write. */
  selfCheck?: { planted: number; lost: number; problems: string[] };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
}

/** Wait (bounded) until most units are online again: configuration writes need a reachable device. */
async function waitForUnits(world: World, deadlineMs: number): Promise<number> {
  const reader = world.clients.find((c) => c.roles.includes('super_user')) ?? world.clients[0];
  if (!reader) return 0;
  const end = Date.now() + deadlineMs;
  for (;;) {
    const a = await call(world.url, reader.cookie, 'fetchDevices', { query: {} }, 5000);
    const units = a.outcome === 'acked' ? a.body : [];
    const online = units.filter((u) => u.status !== 'offline').length;
    if ((units.length > 0 && online >= Math.ceil(units.length * 0.6)) || Date.now() > end) return online;
    await sleep(100);
  }
}

/** Renames recorded as acknowledged without being sent (the self-check of `plantLost`). */
function plant(world: World, round: number, n: number): number {
  const units = [...world.units.values()];
  for (let i = 0; i < n && units.length > 0; i++) {
    const u = units[i % units.length];
    if (!u) continue;
    u.name.record(`${MARK}planted-r${round}-${i}`, 'acked');
    u.version.record('acked');
  }
  return Math.min(n, units.length);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function runCrashDurability(o: CrashOptions): Promise<CrashSummary> {
  const log = o.log ?? (() => undefined);
  const rnd = seededRandom(o.seed);
  const coreChanges = git(['status', '--porcelain', '--', 'apps/core', 'apps/stack', 'packages/db', 'prisma'])
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  const summary: CrashSummary = {
    provider: o.provider,
    date: new Date().toISOString(),
    coreCommit: git(['rev-parse', 'HEAD']).trim(),
    coreChanges,
    rounds: o.rounds,
    clients: o.clients,
    seed: o.seed,
    killWindowMs: o.killWindowMs,
    acknowledged: 0,
    verified: 0,
    lost: 0,
    planted: 0,
    inconsistencies: 0,
    rejected: 0,
    inFlight: 0,
    inFlightLanded: 0,
    killMomentsMs: [],
    restartMs: { min: 0, median: 0, max: 0 },
    byKind: {},
    problems: [],
    perRound: [],
  };

  const db = await newDatabase(o.provider, o.pgAdminUrl);
  const port = await freePort();
  const logFile = join(db.dir, 'core.log');
  log(`${o.provider}: database ${db.url}, core log ${logFile}`);
  let core: CoreProcess | null = null;
  const restarts: number[] = [];
  const byKind: Tally = {};
  try {
    core = await startCore({ databaseUrl: db.url, port, logFile });
    log(`stack up in ${core.startMs} ms (migrated and seeded on boot)`);
    const setupTally: Tally = {};
    const world = await setUp(core.url, o.clients, setupTally);
    await settleFromStore(world, db.url);
    addTally(byKind, setupTally);
    summary.acknowledged += totals(setupTally).acked;
    log(
      `${world.clients.length} clients; keys: ${world.units.size} units, ${world.files.size} channel files, ` +
        `${world.prefs.length} preference fields of ${world.prefVersions.size} users; stories and invitations are created by the load`,
    );

    for (let round = 1; round <= o.rounds; round++) {
      const unitsOnline = await waitForUnits(world, 10_000);
      const tally: Tally = {};
      const [lo, hi] = o.killWindowMs;
      const killAtMs = Math.round(lo + rnd() * (hi - lo));
      const load = startLoad(world, round, rnd, tally);
      const started = Date.now();
      await sleep(killAtMs);
      load.stop();
      await core.kill();
      const killedAt = Date.now() - started;
      await load.done;
      const planted = o.plantLost ? plant(world, round, o.plantLost) : 0;

      core = await startCore({ databaseUrl: db.url, port, logFile });
      restarts.push(core.startMs);
      const check = await verify(world, db.url);

      const t = totals(tally);
      const lost = check.lost;
      const problems = check.problems;
      const result: RoundResult = {
        round,
        killAtMs: killedAt,
        acknowledged: t.acked,
        rejected: t.rejected,
        inFlight: t.unknown,
        inFlightLanded: check.landed,
        lost,
        planted,
        problems,
        restartMs: core.startMs,
        unitsOnline,
        ackedPerSecond: Math.round((t.acked / killedAt) * 1000),
        tally,
      };
      addTally(byKind, tally);
      summary.acknowledged += t.acked;
      summary.rejected += t.rejected;
      summary.inFlight += t.unknown;
      summary.inFlightLanded += check.landed;
      summary.lost += lost;
      summary.planted += planted;
      summary.inconsistencies += problems.filter((p) => !p.startsWith('LOST')).length;
      summary.problems.push(...problems.map((p) => `round ${round}: ${p}`));
      summary.killMomentsMs.push(killedAt);
      const { tally: _t, problems: _p, ...row } = result;
      summary.perRound.push(row);
      log(
        `round ${String(round).padStart(2)}/${o.rounds}  kill at ${(killedAt / 1000).toFixed(2)} s  acknowledged ${t.acked} (${result.ackedPerSecond}/s)  refused ${t.rejected}  ` +
          `in flight ${t.unknown} (${check.landed} landed)  lost ${lost}${planted ? ` (${planted} planted)` : ''}  inconsistent ${problems.filter((p) => !p.startsWith('LOST')).length}  ` +
          `restart ${(core.startMs / 1000).toFixed(1)} s  units online ${unitsOnline}`,
      );
      for (const p of problems.slice(0, 20)) log(`    ${p}`);
      if (problems.length > 20) log(`    … ${problems.length - 20} more`);
    }
    if (o.selfCheck) {
      const planted = plant(world, o.rounds + 1, 1);
      const check = await verify(world, db.url);
      summary.selfCheck = { planted, lost: check.lost, problems: check.problems };
    }
  } finally {
    await core?.stop();
    if (o.keepDatabase) log(`kept: ${db.url} (log ${logFile})`);
    else await db.drop();
  }
  summary.byKind = Object.fromEntries(
    Object.entries(byKind).map(([kind, { ackedMs, ...t }]) => [
      kind,
      { ...t, p50Ms: ackedMs.length ? Math.round(quantile(ackedMs, 0.5)) : null, p99Ms: ackedMs.length ? Math.round(quantile(ackedMs, 0.99)) : null },
    ]),
  );
  // Planted writes count as lost but were never acknowledged by the core.
  summary.verified = summary.acknowledged - (summary.lost - summary.planted);
  if (restarts.length > 0) summary.restartMs = { min: Math.min(...restarts), median: median(restarts), max: Math.max(...restarts) };
  return summary;
}
