import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary, REGRESSIONS } from './library.js';

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
