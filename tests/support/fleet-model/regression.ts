/**
 * A failing sequence, shrunk, as a scenario file of the library (simulator/scenarios/regressions/).
 */
import { ScenarioFile, type ScenarioStep } from '@fleet/contracts';
import { SETTLE_MS, STEP_GAP_MS } from './fleet.js';

/**
 * The shortest failing sequence as a scenario of the library: each operation at its simulated
 * time with the answer the model predicts (or the one given, where the model predicts none), and an
 * `expectFleet` check holding for a moment after each.
 */
export function regressionScenario(name: string, failure: string, steps: readonly { step: ScenarioStep; label: string }[]): ScenarioFile {
  const timeline: ScenarioStep[] = [];
  let shift = 0;
  let last = -1;
  for (const { step } of steps) {
    // Steps at the same simulated moment are spread by a little so a runner keeps their order.
    if (step.at + shift <= last) shift = last - step.at + 100;
    const at = step.at + shift;
    last = at;
    timeline.push({ ...step, at });
    timeline.push({ do: 'expectFleet', at: at + 50, within: STEP_GAP_MS, hold: true });
  }
  timeline.push({ do: 'expectFleet', at: last + SETTLE_MS, within: 10_000 });
  return ScenarioFile.parse({
    // The library's JSON Schema, for editors (the file goes to simulator/scenarios/regressions/).
    $schema: '../scenario.schema.json',
    name,
    description: `Found by the fleet model: ${failure}`.replace(/\s+/g, ' ').slice(0, 240),
    covers: ['fleet invariants (simulator/src/invariants)', ...new Set(steps.map((s) => s.label.replace(/ \+\d+ms$/, '')))].slice(0, 20),
    seed: 1,
    speed: 20,
    calm: true,
    timeline,
  });
}
