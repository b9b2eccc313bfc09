import { describe, expect, it } from 'vitest';
import { ADHOC_PERIOD_MS, PERMANENT_REGENERATION_MS } from '@fleet/contracts';
import { codeExpired, isPeriod, keyDue, newCode } from './codes.js';

const now = Date.parse('2026-03-01T00:00:00Z');
const ago = (ms: number): string => new Date(now - ms).toISOString();

describe('invitation codes', () => {
  it('are 8 characters without look-alikes', () => {
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('know the ad-hoc periods', () => {
    expect(isPeriod('1d')).toBe(true);
    expect(isPeriod('forever')).toBe(false);
    expect(isPeriod(null)).toBe(false);
  });

  it('expire at the end of their period (one day unless told), never when not drawn', () => {
    const day = ADHOC_PERIOD_MS['1d'];
    expect(codeExpired({ codeCreatedAt: ago(day - 1) }, now)).toBe(false);
    expect(codeExpired({ codeCreatedAt: ago(day) }, now)).toBe(true);
    expect(codeExpired({ codeCreatedAt: null }, now)).toBe(false);
    expect(codeExpired({ codeCreatedAt: 'not a date' }, now)).toBe(true);
  });

  it('regenerate a permanent key when its regeneration time has passed, never for "never"', () => {
    const daily = PERMANENT_REGENERATION_MS.daily;
    if (daily === null) throw new Error('daily regeneration has a period');
    expect(keyDue({ regeneration: 'daily', keyCreatedAt: ago(daily) }, now)).toBe(true);
    expect(keyDue({ regeneration: 'daily', keyCreatedAt: ago(daily - 1) }, now)).toBe(false);
    expect(keyDue({ regeneration: 'never', keyCreatedAt: ago(10 * daily) }, now)).toBe(false);
    expect(keyDue({ regeneration: 'daily' }, now)).toBe(false);
  });
});
