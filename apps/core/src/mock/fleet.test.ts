import { describe, expect, it } from 'vitest';
import { DEFAULT_FLEET_MIX } from '@fleet/contracts';
import { spread } from './fleet.js';

describe('fleet size and mix', () => {
  it('splits a size by the weights exactly (largest remainders)', () => {
    const r = spread(10_000, DEFAULT_FLEET_MIX);
    expect(Object.values(r).reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(r).toEqual({ fieldUnits: 6000, liteUnits: 1200, smartUnits: 1200, ptpUnits: 400, ptmpUnits: 400, extenderDevices: 800 });
    const odd = spread(7, { fieldUnits: 1, liteUnits: 1, smartUnits: 1, ptpUnits: 0, ptmpUnits: 0, extenderDevices: 0 });
    expect(Object.values(odd).reduce((a, b) => a + b, 0)).toBe(7);
    expect(odd.ptpUnits).toBe(0);
  });

  it('gives nothing for a size of zero or no weights', () => {
    expect(Object.values(spread(0, DEFAULT_FLEET_MIX)).every((n) => n === 0)).toBe(true);
    expect(Object.values(spread(5, { fieldUnits: 0, liteUnits: 0, smartUnits: 0, ptpUnits: 0, ptmpUnits: 0, extenderDevices: 0 })).every((n) => n === 0)).toBe(
      true,
    );
  });
});
