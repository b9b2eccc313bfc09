/**
 * The JSON Schema of scenario files, generated from `ScenarioFile` (the schema's input side:
 * defaults are optional) for editors. `pnpm scenario:schema` writes it to
 * simulator/scenarios/scenario.schema.json; a test fails when the committed file is stale.
 */
import { z } from 'zod';
import { ScenarioFile } from './scenario.js';

export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ScenarioFile, { io: 'input', target: 'draft-2020-12' }),
    title: 'Scenario file of the fleet simulator',
    description:
      'A timeline of steps at simulated times: faults the simulator applies, requests to the core and checks of what it reports. Units and servers by id or by name. See simulator/README.md.',
  };
}

/** The file's text as committed (two-space JSON, a final newline). */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
