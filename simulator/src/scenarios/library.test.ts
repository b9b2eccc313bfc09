import { describe, expect, it } from 'vitest';
import { loadLibrary } from './library.js';

describe('the scenario library', () => {
  it('ships at least 15 scenarios, each documented in one line', () => {
    const library = loadLibrary();
    expect(library.length).toBeGreaterThanOrEqual(15);
    for (const s of library) expect(s.description).toMatch(/^[^\n]{10,240}$/);
  });
});
