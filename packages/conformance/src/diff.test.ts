import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareWithSchema, describe as describeValue, jsonPath } from './diff.js';

describe('differences from the contract', () => {
  const Unit = z
    .object({ id: z.string(), name: z.string(), battery: z.object({ level: z.number().int().min(0).max(100) }), tags: z.array(z.string()) })
    .strict();

  it('names a renamed field by its JSON path where the contract expects it; the unknown one is left to the undocumented check, even in a strict schema', () => {
    const diffs = compareWithSchema(Unit, { id: 'u1', nom: 'x', battery: { level: 5 }, tags: [] });
    expect(diffs).toEqual([{ path: '$.name', expected: 'string', received: 'nothing (field absent)' }]);
    expect(compareWithSchema(Unit, { id: 'u1', name: 'n', nom: 'x', battery: { level: 5 }, tags: [] })).toEqual([]);
    // Inside a union too: the branch that failed only for an unknown key fits.
    expect(compareWithSchema(z.union([z.object({ a: z.number() }).strict(), z.object({ b: z.string() })]), { a: 1, extra: true })).toEqual([]);
  });

  it('gives the expected type or range and the received value at nested paths and array items', () => {
    const diffs = compareWithSchema(Unit, { id: 'u1', name: 'n', battery: { level: 250 }, tags: ['a', 7] });
    expect(diffs).toEqual([
      { path: '$.battery.level', expected: 'number at most 100', received: 'number 250' },
      { path: '$.tags[1]', expected: 'string', received: 'number 7' },
    ]);
  });

  it('reports enum values and goes into the closest branch of a union', () => {
    const Event = z.discriminatedUnion('type', [z.object({ type: z.literal('a'), n: z.number() }), z.object({ type: z.literal('b'), s: z.string() })]);
    expect(compareWithSchema(z.object({ level: z.enum(['warning', 'critical']) }), { level: 'info' })).toEqual([
      { path: '$.level', expected: 'one of "warning" | "critical"', received: 'string "info"' },
    ]);
    expect(compareWithSchema(z.union([z.object({ a: z.number() }), z.object({ b: z.string(), c: z.string() })]), { a: 'x' })).toEqual([
      { path: '$.a', expected: 'number', received: 'string "x"' },
    ]);
    expect(compareWithSchema(Event, { type: 'a', n: 'one' })).toEqual([{ path: '$.n', expected: 'number', received: 'string "one"' }]);
    expect(compareWithSchema(Event, { type: 'a', n: 1 })).toEqual([]);
  });

  it('caps a long list of differences', () => {
    const diffs = compareWithSchema(
      z.array(z.number()),
      Array.from({ length: 30 }, () => 'x'),
      5,
    );
    expect(diffs).toHaveLength(6);
    expect(diffs[5]?.received).toBe('25 more differences');
  });

  it('writes paths and values readably', () => {
    expect(jsonPath(['items', 3, 'odd key'])).toBe('$.items[3]["odd key"]');
    expect(describeValue(true, null)).toBe('null');
    expect(describeValue(true, [1, 2])).toBe('array (2 items)');
    expect(describeValue(true, { a: 1, b: 2 })).toBe('object {a, b}');
  });
});
