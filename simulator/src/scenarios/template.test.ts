import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLibrary, REGRESSIONS, SCHEMA_FILE } from './library.js';
import { writeScenarioTemplate } from './template.js';

describe('scenario new NAME', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scenario-new-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a commented template that names the schema, validates and joins the library', () => {
    const path = writeScenarioTemplate('camera-pulled', dir);
    expect(path).toBe(join(dir, 'camera-pulled.json'));
    const json = JSON.parse(readFileSync(path, 'utf8')) as { $schema: string; $comment: string; name: string; timeline: { $comment?: string }[] };
    expect(json.$schema).toBe(`./${SCHEMA_FILE}`);
    expect(json.name).toBe('camera-pulled');
    expect(json.$comment).toContain('pnpm scenario camera-pulled');
    expect(json.timeline.filter((s) => s.$comment).length).toBeGreaterThanOrEqual(3);
    expect(loadLibrary(dir).map((s) => s.name)).toEqual(['camera-pulled']);
  });

  it('refuses a name the library has (regressions included) and a name that cannot be a scenario, leaving the files alone', () => {
    writeFileSync(join(dir, 'taken.json'), 'mine');
    mkdirSync(join(dir, REGRESSIONS));
    writeFileSync(join(dir, REGRESSIONS, 'found.json'), 'theirs');
    expect(() => writeScenarioTemplate('taken', dir)).toThrow(/taken\.json exists: the library has a scenario taken already/);
    expect(() => writeScenarioTemplate('found', dir)).toThrow(/found\.json exists/);
    expect(readFileSync(join(dir, 'taken.json'), 'utf8')).toBe('mine');
    expect(() => writeScenarioTemplate('Camera Pulled', dir)).toThrow('"Camera Pulled" cannot name a scenario: lower-case letters, digits and hyphens');
    expect(() => writeScenarioTemplate('new', dir)).toThrow('"new" is a word of the scenario command');
  });
});
