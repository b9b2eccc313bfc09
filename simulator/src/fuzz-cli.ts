/**
 * The simulation fuzzer (`pnpm sim:fuzz`): many seeds, each a whole simulated fleet with a random
 * fault schedule for some simulated hours at full clock speed, the fleet invariants checked every
 * simulated second (fuzz/run.ts). A violation prints what broke, the faults that led there and the
 * exact command that runs that seed again; the exit code is then 1 (0 when every seed held, 2 on
 * bad usage). The summary gives simulated unit-hours per wall-clock second.
 *
 *   pnpm sim:fuzz [--seeds 10] [--seed 1] [--hours 1] [--fleet small|large] [--units N] [--check-every-ms 1000]
 */
import { parseArgs } from 'node:util';
import { describeViolation } from './invariants/fleet.js';
import { FLEET_SIZES, type FleetName } from './fuzz/fleet.js';
import { runFuzz } from './fuzz/run.js';

const USAGE = 'usage: pnpm sim:fuzz [--seeds N] [--seed FIRST] [--hours H] [--fleet small|large] [--units N] [--check-every-ms MS]';

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        seeds: { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        hours: { type: 'string', default: '1' },
        fleet: { type: 'string', default: 'small' },
        units: { type: 'string' },
        'check-every-ms': { type: 'string', default: '1000' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    console.error(USAGE);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const seeds = Number(values.seeds);
  const first = Number(values.seed);
  const hours = Number(values.hours);
  const every = Number(values['check-every-ms']);
  const fleet = values.fleet as FleetName;
  const units = values.units !== undefined ? Number(values.units) : FLEET_SIZES[fleet];
  const bad = [
    !Number.isInteger(seeds) || seeds < 1 ? '--seeds must be a whole number ≥ 1' : null,
    !Number.isInteger(first) ? '--seed must be a whole number' : null,
    !(hours > 0) ? '--hours must be positive' : null,
    !(fleet in FLEET_SIZES) ? `--fleet must be one of ${Object.keys(FLEET_SIZES).join(', ')}` : null,
    values.units !== undefined && (!Number.isInteger(units) || units < 1) ? '--units must be a whole number ≥ 1' : null,
    !Number.isInteger(every) || every < 1 ? '--check-every-ms must be a whole number ≥ 1' : null,
  ].filter((x): x is string => x !== null);
  if (bad.length > 0) {
    for (const b of bad) console.error(b);
    console.error(USAGE);
    return 2;
  }

  console.log(`fuzzing ${seeds} seed(s) from ${first}: ${units} units × ${hours} simulated h each, invariants every ${every} simulated ms`);
  let unitHours = 0;
  let wallMs = 0;
  let failed = 0;
  for (let seed = first; seed < first + seeds; seed++) {
    const r = runFuzz({ seed, hours, units, checkEveryMs: every });
    unitHours += r.unitHours;
    wallMs += r.wallMs;
    const line = `seed ${seed}: ${Math.round(r.unitHours).toLocaleString('en')} unit-hours, ${r.faults.toLocaleString('en')} faults, ${r.checks.toLocaleString('en')} checks, ${(r.wallMs / 1000).toFixed(1)} s`;
    if (r.violations.length === 0) {
      console.log(`${line} — held`);
      continue;
    }
    failed++;
    console.log(`${line} — BROKEN at ${((r.violatedAt ?? 0) / 1000).toFixed(0)} simulated s:`);
    for (const v of r.violations) console.log(`  ${describeViolation(v)}`);
    console.log('  the faults before it:');
    for (const f of r.recentFaults) console.log(`    ${f}`);
    const fleetArg = values.units !== undefined ? `--units ${units}` : `--fleet ${fleet}`;
    console.log(`  reproduce: pnpm sim:fuzz --seed ${seed} --seeds 1 --hours ${hours} ${fleetArg}${every !== 1000 ? ` --check-every-ms ${every}` : ''}`);
  }
  const rate = unitHours / Math.max(wallMs / 1000, 1e-9);
  console.log(
    `${Math.round(unitHours).toLocaleString('en')} simulated unit-hours in ${(wallMs / 1000).toFixed(1)} s: ${Math.round(rate).toLocaleString('en')} unit-hours per wall-clock second; ${failed} of ${seeds} seed(s) broke an invariant`,
  );
  return failed > 0 ? 1 : 0;
}

process.exitCode = main();
