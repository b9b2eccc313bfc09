import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callReach, DOC, documentWithCalls, NO_SCREEN, NOT_YET } from './spec-coverage';

describe('every catalogue call reachable from a screen', () => {
  const rows = callReach();

  it('the console makes every call, except those listed as without a screen yet or not its own (with the reason)', () => {
    const unreached = rows.filter((r) => r.files.length === 0 && !NOT_YET.includes(r.id) && NO_SCREEN[r.id] === undefined).map((r) => r.id);
    expect(unreached).toEqual([]);
  });

  it('the lists hold only calls the console does not make (take a call off once a screen makes it)', () => {
    const made = new Set(rows.filter((r) => r.files.length > 0).map((r) => r.id));
    expect(NOT_YET.filter((id) => made.has(id))).toEqual([]);
    expect(Object.keys(NO_SCREEN).filter((id) => made.has(id as never))).toEqual([]);
    expect(NOT_YET.filter((id, i) => NOT_YET.indexOf(id) !== i)).toEqual([]);
  });

  it('docs/spec-coverage.md lists the calls as they are (rewrite with `pnpm spec-coverage`)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(documentWithCalls(doc, rows)).toBe(doc);
  });
});
