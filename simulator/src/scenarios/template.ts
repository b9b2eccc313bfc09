/**
 * `scenario new NAME`: a new library scenario from a commented template (JSON has no comments: the
 * notes are `$comment` fields, which the schema allows on the file and on every step and the runner
 * ignores). The template is a scenario that runs and passes as it is: edit it from there.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCENARIO_NAME_PATTERN, ScenarioFile, type ScenarioFileInput } from '@fleet/contracts';
import { REGRESSIONS, SCENARIO_DIR, SCHEMA_FILE, shownPath } from './library.js';

/** Names the CLI reads as its own words, never as a scenario. */
const RESERVED = new Set(['new']);

export function scenarioTemplate(name: string): ScenarioFileInput {
  return {
    $schema: `./${SCHEMA_FILE}`,
    $comment:
      'Written by `pnpm scenario new`. Editors check this file against the schema above (completion and errors). The file name is the scenario name. Times (`at`, `within`) are simulated ms from the start. Units and servers by id (LU800-0001) or by the name the console shows. Run it with `pnpm scenario ' +
      name +
      ' --stepped`; then add it to the scenario table of simulator/README.md.',
    name,
    description: 'TODO: what this scenario shows, in one line (the README table and the panel list it).',
    covers: ['TODO: the spec rules it exercises, e.g. 000 §8 Camera not connected'],
    seed: 1,
    speed: 20,
    calm: true,
    timeline: [
      {
        do: 'expectUnit',
        at: 0,
        $comment: 'A check on GET v2/units/{id}: it must come true within `within` ms (default 15 s), or with "hold": true stay true that long.',
        unitId: 'LU800-0001',
        check: { cameraConnected: true },
      },
      {
        do: 'fault',
        at: 10_000,
        $comment: 'A fault the simulator applies at exactly `at`; "refusedWith": "<ErrorCode>" when the device must refuse it.',
        unitId: 'LU800-0001',
        fault: { type: 'camera', connected: false },
      },
      {
        do: 'expectUnit',
        at: 10_000,
        unitId: 'LU800-0001',
        check: { cameraConnected: false, alerts: { has: [{ type: 'cameraDisconnected' }] } },
        note: 'shown when the check fails',
      },
      {
        do: 'request',
        at: 20_000,
        $comment: "A user's REST call (path under the core prefix), `as` a seeded role (default super_user), with the answer expected.",
        method: 'GET',
        path: '/v2/units/LU800-0001',
        expect: { status: 200 },
      },
      {
        do: 'fault',
        at: 30_000,
        unitId: 'LU800-0001',
        fault: { type: 'camera', connected: true },
      },
      {
        do: 'expectFleet',
        at: 40_000,
        $comment: 'The fleet keeps its invariants and the core agrees with the devices.',
      },
    ],
  };
}

/** Write the template as `<dir>/<name>.json`; refuses a bad name and a name the library has. Answers the file's path. */
export function writeScenarioTemplate(name: string, dir: string = SCENARIO_DIR): string {
  if (!SCENARIO_NAME_PATTERN.test(name) || name.length > 80)
    throw new Error(`"${name}" cannot name a scenario: lower-case letters, digits and hyphens, starting with a letter or digit (at most 80)`);
  if (RESERVED.has(name)) throw new Error(`"${name}" is a word of the scenario command: choose another name`);
  const path = join(dir, `${name}.json`);
  for (const p of [path, join(dir, REGRESSIONS, `${name}.json`)])
    if (existsSync(p)) throw new Error(`${shownPath(p)} exists: the library has a scenario ${name} already`);
  const template = scenarioTemplate(name);
  ScenarioFile.parse(template);
  writeFileSync(path, `${JSON.stringify(template, null, 2)}\n`, { flag: 'wx' });
  return path;
}
