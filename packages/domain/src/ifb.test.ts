import { describe, expect, it } from 'vitest';
import { IFB_DELAY_MS, IFB_MODES } from '@fleet/contracts';
import { ifbDelayMs, isLowDelayIfb, type IfbMode } from './ifb.js';

describe('ifbDelayMs (spec 001 §9 IFB low delay 300 ms versus 700 ms)', () => {
  it.each<[IfbMode | null | undefined, number | null, boolean]>([
    ['V2', 300, true],
    ['V1', 700, false],
    [null, null, false],
    [undefined, null, false],
  ])('%j → %j ms (low delay: %j)', (mode, delay, low) => {
    expect(ifbDelayMs(mode)).toBe(delay);
    expect(isLowDelayIfb(mode)).toBe(low);
  });

  it('every IFB mode has one of the two delays, and the two modes differ', () => {
    const delays = IFB_MODES.map((m) => ifbDelayMs(m));
    expect([...delays].sort()).toEqual([IFB_DELAY_MS.low, IFB_DELAY_MS.standard].sort());
  });
});
