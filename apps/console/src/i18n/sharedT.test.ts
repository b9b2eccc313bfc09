import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { keepingT } from './sharedT';

/** A translation function that counts its calls; `missing` has no translation (i18next answers the key). */
function counting() {
  const calls: string[] = [];
  const t = ((key: string, options?: { n?: number }) => {
    calls.push(key);
    if (key === 'missing') return key;
    return options?.n === undefined ? `text of ${key}` : `${options.n} of ${key}`;
  }) as unknown as TFunction;
  return { t, calls };
}

describe('keepingT', () => {
  it('answers a key as t does, and asks t once per key and options', () => {
    const { t, calls } = counting();
    const kept = keepingT(t) as unknown as (key: string, options?: object) => string;
    expect(kept('a')).toBe('text of a');
    expect(kept('a')).toBe('text of a');
    expect(kept('a', { n: 2 })).toBe('2 of a');
    expect(kept('a', { n: 2 })).toBe('2 of a');
    expect(kept('a', { n: 3 })).toBe('3 of a');
    expect(calls).toEqual(['a', 'a', 'a']);
  });

  it('does not keep a key without a translation (its texts may come later)', () => {
    const { t, calls } = counting();
    const kept = keepingT(t) as unknown as (key: string) => string;
    expect(kept('missing')).toBe('missing');
    expect(kept('missing')).toBe('missing');
    expect(calls).toEqual(['missing', 'missing']);
  });

  it('keeps a bounded number of answers', () => {
    const { t, calls } = counting();
    const kept = keepingT(t) as unknown as (key: string, options: { n: number }) => string;
    for (let n = 0; n < 6000; n += 1) kept('a', { n });
    // The first answers were let go when the bound was reached: asking again asks t again.
    kept('a', { n: 0 });
    expect(calls).toHaveLength(6001);
  });
});
