/**
 * Runs every benchmark in this folder, one after another (each records its own result). Before
 * each one the machine is let settle: what the previous one wrote is flushed to disk (`sync`) and
 * the run waits until the CPUs are idle again (bounded), so that no benchmark measures the tail of
 * the one before it. Then it rewrites BENCHMARKS.md's measured part (report.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
/** Idle share of all CPUs over one second that counts as quiet. */
const QUIET_IDLE = 0.9;
/** Consecutive quiet seconds wanted before a benchmark starts. */
const QUIET_SECONDS = 3;
/** Longest wait for quiet: a busy machine is reported, not waited on for ever. */
const MAX_WAIT_S = 90;

function idleTotals(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const c of cpus()) {
    const t = c.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

async function settle(): Promise<void> {
  spawnSync('sync');
  const started = Date.now();
  let quiet = 0;
  let share = 0;
  while (quiet < QUIET_SECONDS && Date.now() - started < MAX_WAIT_S * 1000) {
    const a = idleTotals();
    await new Promise((r) => setTimeout(r, 1000));
    const b = idleTotals();
    share = (b.idle - a.idle) / Math.max(1, b.total - a.total);
    quiet = share >= QUIET_IDLE ? quiet + 1 : 0;
  }
  const waited = Math.round((Date.now() - started) / 1000);
  console.log(quiet >= QUIET_SECONDS ? `(quiet after ${waited} s)` : `(not quiet after ${waited} s: ${Math.round(share * 100)} % idle; measuring anyway)`);
}

let failed = 0;
for (const f of readdirSync(dir)
  .filter((n) => n.endsWith('.bench.ts'))
  .sort()) {
  await settle();
  console.log(`==> ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${f}`, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
// BENCHMARKS.md's measured part from the results just written.
spawnSync(process.execPath, ['--import', 'tsx', `${dir}report.ts`], { stdio: 'inherit' });
process.exit(failed ? 1 : 0);
