import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paramsParser } from './catalogue.js';

describe('paramsParser (path parameters parsed once per value)', () => {
  const schema = z.object({ id: z.string().min(3), n: z.coerce.number().int() });

  it('answers the same frozen result for the same values, and a new one for other values', () => {
    const parse = paramsParser(schema);
    const first = parse({ id: 'abc', n: '2' });
    expect(first).toEqual({ id: 'abc', n: 2 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(parse({ id: 'abc', n: '2' })).toBe(first);
    expect(parse({ id: 'abc', n: '3' })).toEqual({ id: 'abc', n: 3 });
    // The values are joined with NUL: "ab" + "c…" is not "abc" + "…".
    expect(parse({ id: 'abcd', n: '2' })).toEqual({ id: 'abcd', n: 2 });
  });

  it('refuses bad values every time and keeps nothing for them', () => {
    const parse = paramsParser(schema);
    for (let i = 0; i < 2; i++) expect(() => parse({ id: 'ab', n: '1' })).toThrow();
    expect(() => parse({ id: 'ab\u0000c', n: '1' })).toThrow();
    expect(parse({ id: 'abc', n: '1' })).toEqual({ id: 'abc', n: 1 });
  });

  it('keeps a bounded number of values and still answers the forgotten ones', () => {
    const parse = paramsParser(schema);
    const first = parse({ id: 'u-0', n: '0' });
    for (let i = 1; i <= 1100; i++) parse({ id: `u-${i}`, n: String(i) });
    const again = parse({ id: 'u-0', n: '0' });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it('answers undefined for a route without parameters', () => {
    expect(paramsParser(undefined)({})).toBeUndefined();
  });
});
