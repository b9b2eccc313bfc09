/**
 * Crash-durability proof: nothing the core acknowledged is lost when its process is killed.
 *
 *   pnpm --filter @fleet/tests exec tsx durability/crash.ts [--provider sqlite|postgresql] [--rounds 20] [--clients 20]
 *     [--kill-window 500-3000] [--seed 1] [--plant-lost N] [--keep]
 *
 * Starts the stack as the README's start command does (a separate process, fresh database, seeded
 * on boot), sends writes of several kinds from many clients, kills it with SIGKILL at a random
 * moment, restarts it on the same database and checks, through the API and in the database, that
 * every acknowledged write is there and whole (see verify.ts); repeats for every round. PostgreSQL
 * needs DATABASE_URL_PG (a role that may create databases). Prints a line per round and a summary,
 * writes the summary to durability/results/<provider>.json, and exits 1 on any loss or
 * inconsistency. `--plant-lost N` records N acknowledged writes that were never sent, to see the
 * check fail (the results file is not written then).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Provider } from './core-process.js';
import { runCrashDurability, type CrashSummary } from './run.js';

function options() {
  const { values } = parseArgs({
    options: {
      provider: { type: 'string', default: 'sqlite' },
      rounds: { type: 'string', default: '20' },
      clients: { type: 'string', default: '20' },
      'kill-window': { type: 'string', default: '500-3000' },
      seed: { type: 'string', default: '1' },
      'plant-lost': { type: 'string', default: '0' },
      keep: { type: 'boolean', default: false },
    },
  });
  const named = values.provider;
  if (named !== 'sqlite' && named !== 'postgresql') throw new Error(`--provider sqlite|postgresql, not ${named}`);
  const provider: Provider = named;
  const int = (name: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, not ${v}`);
    return n;
  };
  const window = /^(\d+)-(\d+)$/.exec(values['kill-window']);
  const lo = Number(window?.[1]);
  const hi = Number(window?.[2]);
  if (!window || hi < lo) throw new Error(`--kill-window FROM-TO in ms, not ${values['kill-window']}`);
  return {
    provider,
    rounds: int('rounds', values.rounds, 1),
    clients: int('clients', values.clients, 1),
    killWindowMs: [lo, hi] as const,
    seed: int('seed', values.seed, 0),
    plantLost: int('plant-lost', values['plant-lost'], 0),
    keepDatabase: values.keep,
  };
}

function report(s: CrashSummary): string {
  const kinds = Object.entries(s.byKind)
    .map(([k, t]) => `${k} ${t.acked}${t.p50Ms !== null ? ` (p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms)` : ''}`)
    .join(', ');
  const refusals: Record<string, number> = {};
  for (const t of Object.values(s.byKind)) for (const [code, n] of Object.entries(t.refusals)) refusals[code] = (refusals[code] ?? 0) + n;
  const moments = s.killMomentsMs.map((m) => (m / 1000).toFixed(2)).join(' ');
  return [
    `── ${s.provider}: ${s.rounds} rounds, ${s.clients} clients, core ${s.coreCommit.slice(0, 12)}${s.coreChanges.length ? ` + uncommitted changes (${s.coreChanges.length} files)` : ''}`,
    `acknowledged writes ${s.acknowledged} (${kinds})`,
    `verified ${s.verified}   lost ${s.lost}${s.planted ? ` (${s.planted} planted)` : ''}   inconsistencies ${s.inconsistencies}`,
    `refused ${s.rejected} (${
      Object.entries(refusals)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ') || 'none'
    })   in flight at the kills ${s.inFlight} (${s.inFlightLanded} landed whole, the rest absent)`,
    `kill moments (s after load start): ${moments}`,
    `restart to healthy: min ${(s.restartMs.min / 1000).toFixed(1)} s, median ${(s.restartMs.median / 1000).toFixed(1)} s, max ${(s.restartMs.max / 1000).toFixed(1)} s`,
  ].join('\n');
}

const o = options();
const summary = await runCrashDurability({ ...o, pgAdminUrl: process.env.DATABASE_URL_PG, log: (line) => console.log(line) });
console.log(report(summary));
if (o.plantLost === 0) {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${o.provider}.json`, `${JSON.stringify(summary, null, 2)}\n`);
}
const failed = summary.lost > 0 || summary.inconsistencies > 0;
if (failed) console.log(`FAILED: ${summary.lost} lost, ${summary.inconsistencies} inconsistencies`);
process.exit(failed ? 1 : 0);
