import { describe, expect, it } from 'vitest';
import { VALIDATION, type UnitTypeGroup } from '@fleet/contracts';
import { forcesWiredLink, getDelayBounds, isLowDelay, validateDelay, type DelayBounds, type DelayInput, type DelayMode } from './delay.js';

describe('getDelayBounds', () => {
  it.each<[DelayMode, UnitTypeGroup | undefined, string | null | undefined, DelayBounds]>([
    ['normal', undefined, undefined, { minMs: 1000, maxMs: 20000 }],
    ['normal', 'smartUnits', '7.0', { minMs: 1000, maxMs: 20000 }],
    ['subSecond', undefined, undefined, { minMs: 400, maxMs: 1000 }],
    ['subSecond', 'fieldUnits', '10.1', { minMs: 400, maxMs: 1000 }],
    ['subSecond', 'fieldUnits', '8.0', { minMs: 400, maxMs: 1000 }],
    ['subSecond', 'fieldUnits', '7.9.9', { minMs: 800, maxMs: 1000 }],
    ['subSecond', 'fieldUnits', 'garbage', { minMs: 400, maxMs: 1000 }],
    ['subSecond', 'ptpUnits', null, { minMs: 400, maxMs: 1000 }],
    ['subSecond', 'liteUnits', '10.0', { minMs: 800, maxMs: 1000 }],
    ['subSecond', 'smartUnits', undefined, { minMs: 800, maxMs: 1000 }],
  ])('%s, %s, %s → %j', (mode, unitType, swVersion, expected) => {
    expect(getDelayBounds({ mode, unitType, swVersion })).toEqual(expected);
  });
});

describe('validateDelay (spec 000 §5)', () => {
  const normal = (delayMs: number, extra: Partial<DelayInput> = {}): DelayInput => ({ delayMs, mode: 'normal', onTheFly: false, ...extra });
  const sub = (delayMs: number, extra: Partial<DelayInput> = {}): DelayInput => ({ delayMs, mode: 'subSecond', onTheFly: false, ...extra });
  it.each<[string, DelayInput, string | null]>([
    ['normal 1000', normal(1000), null],
    ['normal 20000', normal(20000), null],
    ['normal 999', normal(999), VALIDATION.minValue(1000)],
    ['normal 20001', normal(20001), VALIDATION.maxValue(20000)],
    ['normal 400', normal(400), VALIDATION.minValue(1000)],
    ['sub-second 400', sub(400), null],
    ['sub-second 399', sub(399), VALIDATION.minValue(400)],
    ['sub-second 1000', sub(1000), null],
    ['sub-second 1001', sub(1001), VALIDATION.maxValue(1000)],
    ['sub-second 799 on a smart unit', sub(799, { unitType: 'smartUnits' }), VALIDATION.minValue(800)],
    ['sub-second 800 on a lite unit', sub(800, { unitType: 'liteUnits' }), null],
    ['sub-second 500 on 7.5', sub(500, { swVersion: '7.5' }), VALIDATION.minValue(800)],
    ['sub-second 500 on 8.0', sub(500, { swVersion: '8.0.2-b12' }), null],
    ['NaN', normal(Number.NaN), VALIDATION.number],
    ['Infinity', normal(Number.POSITIVE_INFINITY), VALIDATION.number],
    ['fraction', normal(1500.5), VALIDATION.integer],
    ['on the fly 900', sub(900, { onTheFly: true }), null],
    ['on the fly 899', sub(899, { onTheFly: true }), VALIDATION.delayOnTheFly],
    ['on the fly 2000 from 1500', normal(2000, { onTheFly: true, currentDelayMs: 1500 }), null],
    ['on the fly 2000 from 500', normal(2000, { onTheFly: true, currentDelayMs: 500 }), VALIDATION.delayOnTheFly],
    ['on the fly 950 from 900', sub(950, { onTheFly: true, currentDelayMs: 900 }), null],
    ['on the fly, current null', sub(950, { onTheFly: true, currentDelayMs: null }), null],
    ['not on the fly 500 from 400', sub(500, { currentDelayMs: 400 }), null],
    ['bounds checked before on the fly', sub(300, { onTheFly: true }), VALIDATION.minValue(400)],
  ])('%s', (_label, input, expected) => {
    expect(validateDelay(input)).toBe(expected);
  });
});

describe('forcesWiredLink (< 800 ms) and isLowDelay (< 1000 ms)', () => {
  it.each<[number, boolean, boolean]>([
    [400, true, true],
    [799, true, true],
    [800, false, true],
    [999, false, true],
    [1000, false, false],
    [20000, false, false],
  ])('%i ms → wired %s, low %s', (delayMs, wired, low) => {
    expect(forcesWiredLink(delayMs)).toBe(wired);
    expect(isLowDelay(delayMs)).toBe(low);
  });
});
