/**
 * The simulation fuzzer's CI budget: 2,000 simulated unit-hours with faults (four seeds, each a
 * fleet of 100 units with hubs and a video return server for five simulated hours, about 20 faults
 * per unit and hour, outages, link drops and autonomous units on), the fleet invariants checked
 * every simulated second. Fixed seeds: the same run every time. A longer run is `pnpm sim:fuzz`
 * (RELIABILITY.md has the nightly one).
 */
import { describe, expect, it } from 'vitest';
import { describeViolation } from '../src/invariants/fleet.js';
import { runFuzz, type FuzzResult } from '../src/fuzz/run.js';

const SEEDS = [1, 2, 3, 4];
const UNITS = 100;
const HOURS = 5;

describe('simulation fuzzer, CI budget', () => {
  it(`holds every fleet invariant over ${SEEDS.length * UNITS * HOURS} simulated unit-hours with faults`, () => {
    const results: FuzzResult[] = SEEDS.map((seed) => runFuzz({ seed, hours: HOURS, units: UNITS }));
    const broken = results.flatMap((r) =>
      r.violations.length === 0
        ? []
        : [
            `seed ${r.seed} at ${(r.violatedAt ?? 0) / 1000} s: ${r.violations.map(describeViolation).join('; ')}\n` +
              `  after: ${r.recentFaults.join(' | ')}\n  reproduce: pnpm sim:fuzz --seed ${r.seed} --seeds 1 --hours ${HOURS} --units ${UNITS}`,
          ],
    );
    expect(broken).toEqual([]);
    const unitHours = results.reduce((n, r) => n + r.unitHours, 0);
    const wallS = results.reduce((n, r) => n + r.wallMs, 0) / 1000;
    expect(unitHours).toBeGreaterThanOrEqual(2000);
    expect(results.every((r) => r.faults > UNITS * HOURS * 10)).toBe(true);
    console.log(`fuzz budget: ${unitHours} unit-hours in ${wallS.toFixed(1)} s (${Math.round(unitHours / wallS)} unit-hours per wall second)`);
  });
});
