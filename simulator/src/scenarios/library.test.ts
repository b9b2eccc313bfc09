import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary, loadScenarioFile, REGRESSIONS, SCENARIO_DIR, SCHEMA_FILE, scenarioPathOf } from './library.js';

describe('the scenario library', () => {
  it('ships at least 15 scenarios, each documented in one line', () => {
    const library = loadLibrary();
    expect(library.length).toBeGreaterThanOrEqual(15);
    for (const s of library) expect(s.description).toMatch(/^[^\n]{10,240}$/);
  });

  it('takes the regressions folder in with the other scenarios, in name order; a name used twice is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    try {
      const file = (name: string) => JSON.stringify({ name, description: `the scenario ${name}`, timeline: [{ do: 'expectFleet', at: 0 }] });
      mkdirSync(join(dir, REGRESSIONS));
      writeFileSync(join(dir, 'b-one.json'), file('b-one'));
      writeFileSync(join(dir, REGRESSIONS, 'a-found.json'), file('a-found'));
      writeFileSync(join(dir, REGRESSIONS, 'README.md'), 'not a scenario');
      expect(loadLibrary(dir).map((s) => s.name)).toEqual(['a-found', 'b-one']);
      writeFileSync(join(dir, REGRESSIONS, 'b-one.json'), file('b-one'));
      expect(() => loadLibrary(dir)).toThrow('scenario b-one is in the library twice');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reading a scenario file', () => {
  const valid = { name: 'one', description: 'a scenario of one check', timeline: [{ do: 'expectFleet', at: 0 }] };
  const withTemp = (run: (dir: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-file-'));
    try {
      run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('names the file, the step (1-based, with its kind) and the field of every problem', () => {
    withTemp((dir) => {
      const path = join(dir, 'broken.json');
      writeFileSync(
        path,
        JSON.stringify({
          ...valid,
          timeline: [
            { do: 'expectFleet', at: 0 },
            { do: 'expectUnit', at: 0, unitId: 'LU800-0001', check: { modems: [{ port: 'x' }] } },
            { do: 'fault', at: 1000, unitId: 'LU800-0001', fault: { type: 'explode' } },
            { do: 'serverFault', at: 2000, serverId: 'MMH-0001', fault: { type: 'serverPower', on: false }, colour: 'red' },
            { do: 'nap', at: 0 },
          ],
        }),
      );
      const lines = (() => {
        try {
          loadScenarioFile(path, dir);
          return [];
        } catch (e) {
          return String((e as Error).message).split('\n');
        }
      })();
      expect(lines).toEqual([
        'broken.json: step 2 (expectUnit): check.modems[0].port: Invalid input: expected number, received string',
        expect.stringMatching(/^broken\.json: step 3 \(fault\): fault\.type: unknown type "explode": expected one of modemFail, .*camera/),
        'broken.json: step 4 (serverFault): unknown field "colour"',
        expect.stringMatching(/^broken\.json: step 5 \(nap\): do: unknown do "nap": expected one of fault, serverFault, request/),
      ]);
    });
  });

  it('says what is missing, what is not JSON and what is not there', () => {
    withTemp((dir) => {
      writeFileSync(join(dir, 'bare.json'), JSON.stringify({ name: 'bare', timeline: [{ do: 'fault', at: 0, fault: { type: 'power', on: false } }] }));
      expect(() => loadScenarioFile(join(dir, 'bare.json'), dir)).toThrow(
        'bare.json: description: missing (expected string)\nbare.json: step 1 (fault): unitId: missing (expected string)',
      );
      writeFileSync(join(dir, 'text.json'), '{ "name": ');
      expect(() => loadScenarioFile(join(dir, 'text.json'), dir)).toThrow(/^text\.json: not JSON/);
      expect(() => loadScenarioFile(join(dir, 'gone.json'), dir)).toThrow('gone.json: no such file');
    });
  });

  it('finds a file by an absolute path, a path relative to the folder the command was typed in, or a library name with or without .json', () => {
    withTemp((dir) => {
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'mine.json'), JSON.stringify(valid));
      expect(scenarioPathOf(join(dir, 'sub', 'mine.json'), '/')).toBe(join(dir, 'sub', 'mine.json'));
      expect(scenarioPathOf('sub/mine.json', dir)).toBe(join(dir, 'sub', 'mine.json'));
      expect(scenarioPathOf('mine.json', join(dir, 'sub'))).toBe(join(dir, 'sub', 'mine.json'));
      // A file outside the library may have any name.
      expect(loadScenarioFile(scenarioPathOf('sub/mine.json', dir)).name).toBe('one');
      expect(scenarioPathOf('bitrate-drop', dir)).toBe(join(SCENARIO_DIR, 'bitrate-drop.json'));
      expect(scenarioPathOf('bitrate-drop.json', dir)).toBe(join(SCENARIO_DIR, 'bitrate-drop.json'));
      expect(() => scenarioPathOf('sub/other.json', dir)).toThrow(`sub/other.json: no such file (looked in ${dir})`);
      expect(() => scenarioPathOf('no-such-scenario', dir)).toThrow(/^no-such-scenario: no scenario of that name in the library .*--list shows the library$/);
    });
  });

  it('keeps the library rule that a file is named after its scenario, and says how to fix it; the schema is no scenario', () => {
    withTemp((dir) => {
      writeFileSync(join(dir, SCHEMA_FILE), '{"type": "object"}');
      writeFileSync(join(dir, 'two.json'), JSON.stringify(valid));
      expect(() => loadLibrary(dir)).toThrow(
        /two\.json: name: "one" is not the file's name: a library scenario is run by its name, so its file is one\.json \(rename the file, or set "name": "two"\)$/,
      );
      rmSync(join(dir, 'two.json'));
      writeFileSync(join(dir, 'one.json'), JSON.stringify(valid));
      expect(loadLibrary(dir).map((s) => s.name)).toEqual(['one']);
    });
  });
});
