/**
 * Writes simulator/scenarios/scenario.schema.json, the JSON Schema of scenario files, from the
 * contracts' ScenarioFile (`pnpm scenario:schema`; committed, and a test fails when it is stale).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchemaText } from '../src/scenario-schema.js';

const target = fileURLToPath(new URL('../../../simulator/scenarios/scenario.schema.json', import.meta.url));
writeFileSync(target, scenarioJsonSchemaText());
console.log(`wrote ${target}`);
