import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Battery, BatteryColour, BatteryIconLevel } from '@fleet/contracts';
import { batteryColour, batteryIconLevel, describeBattery, type BatteryReading } from './battery.js';

describe('batteryIconLevel (spec 000 §4)', () => {
  it.each<[boolean, boolean, number | null | undefined, BatteryIconLevel]>([
    // not connected
    [false, false, 80, 'unknown'],
    [false, true, 50, 'unknown'],
    // invalid percentages
    [true, false, null, 'unknown'],
    [true, false, undefined, 'unknown'],
    [true, false, Number.NaN, 'unknown'],
    [true, false, -1, 'unknown'],
    [true, false, 101, 'unknown'],
    [true, false, Number.POSITIVE_INFINITY, 'unknown'],
    [true, true, null, 'unknown'],
    [true, true, 120, 'unknown'],
    // charging
    [true, true, 0, 'charging'],
    [true, true, 1, 'charging'],
    [true, true, 50, 'charging'],
    [true, true, 99, 'charging'],
    [true, true, 99.9, 'charging'],
    [true, true, 100, 'charge_100'],
    // discharging thresholds
    [true, false, 100, '100'],
    [true, false, 75, '100'],
    [true, false, 74, '50'],
    [true, false, 50, '50'],
    [true, false, 49, '50'],
    [true, false, 40, '50'],
    [true, false, 39, '30'],
    [true, false, 20, '30'],
    [true, false, 19, '10'],
    [true, false, 1, '10'],
    [true, false, 0.5, 'unknown'],
    [true, false, 0, 'unknown'],
  ])('connected %s, charging %s, %s%% → %s', (connected, charging, percentage, expected) => {
    expect(batteryIconLevel({ connected, charging, percentage })).toBe(expected);
  });
});

describe('batteryColour (spec 000 §4)', () => {
  it.each<[number | null | undefined, BatteryColour]>([
    [100, 'green'],
    [50, 'green'],
    [49.5, 'yellow'],
    [49, 'yellow'],
    [20, 'yellow'],
    [19.9, 'red'],
    [19, 'red'],
    [1, 'red'],
    [0, 'red'],
    [null, 'red'],
    [undefined, 'red'],
    [Number.NaN, 'red'],
    [-5, 'red'],
    [101, 'red'],
  ])('%s → %s', (percentage, expected) => {
    expect(batteryColour(percentage)).toBe(expected);
  });
});

describe('describeBattery', () => {
  it.each<[boolean, boolean, number | null, BatteryIconLevel, BatteryColour]>([
    [true, false, 80, '100', 'green'],
    [true, true, 30, 'charging', 'yellow'],
    [false, false, 80, 'unknown', 'red'],
    [true, false, null, 'unknown', 'red'],
  ])('connected %s, charging %s, %s → %s / %s', (connected, charging, percentage, level, colour) => {
    expect(describeBattery({ connected, charging, percentage })).toEqual({ level, colour });
  });
});

describe('contracts compatibility', () => {
  it('takes a contracts Battery as it is', () => {
    expectTypeOf<Battery>().toExtend<BatteryReading>();
  });
});
