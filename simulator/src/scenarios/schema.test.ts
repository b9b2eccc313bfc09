/**
 * The scenario library's companions stay in step with it: the committed JSON Schema is what
 * `pnpm scenario:schema` generates from the contracts, every library file names it in `$schema`,
 * and the scenario table of simulator/README.md lists every library file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioFile, scenarioJsonSchemaText } from '@fleet/contracts';
import { REGRESSIONS, SCENARIO_DIR, SCHEMA_FILE, scenarioFilesIn } from './library.js';

const schemaPath = join(SCENARIO_DIR, SCHEMA_FILE);
const libraryFiles = scenarioFilesIn(SCENARIO_DIR);

describe('the scenario JSON Schema', () => {
  it('is what `pnpm scenario:schema` generates from the contracts (run it after changing ScenarioFile)', () => {
    expect(readFileSync(schemaPath, 'utf8'), `${SCHEMA_FILE} is stale: run pnpm scenario:schema`).toBe(scenarioJsonSchemaText());
  });

  it('is named by every library file through a relative "$schema", which the schema and the contracts accept', () => {
    const files = [...libraryFiles, ...scenarioFilesIn(join(SCENARIO_DIR, REGRESSIONS))];
    expect(files.length).toBeGreaterThan(15);
    for (const f of files) {
      const json = JSON.parse(readFileSync(f, 'utf8')) as { $schema?: string };
      expect(json.$schema, f).toMatch(/^\.\.?\//);
      expect(resolve(dirname(f), json.$schema ?? ''), f).toBe(schemaPath);
      expect(ScenarioFile.parse(json).$schema).toBe(json.$schema);
    }
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as { properties: Record<string, unknown>; additionalProperties: boolean };
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['$schema', '$comment', 'name', 'description', 'timeline']));
  });
});

describe("simulator/README.md's scenario table", () => {
  it('lists every scenario of the library, and nothing else', () => {
    const readme = readFileSync(join(SCENARIO_DIR, '..', 'README.md'), 'utf8');
    const table = readme.split('| scenario | what it shows |')[1]?.split(/\n\n/)[0] ?? '';
    const listed = [...table.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]).sort();
    const names = libraryFiles
      .map((f) => JSON.parse(readFileSync(f, 'utf8')) as { name: string })
      .map((s) => s.name)
      .sort();
    expect(listed, 'add a row for each new scenario to the table in simulator/README.md').toEqual(names);
  });
});
