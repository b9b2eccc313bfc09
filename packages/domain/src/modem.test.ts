import { describe, expect, expectTypeOf, it } from 'vitest';
import { VALIDATION, type Modem, type ModemUiState } from '@fleet/contracts';
import {
  canCellularScan,
  canDisableInterface,
  countConnectedInterfaces,
  modemUiState,
  totalBitrate,
  validateCellularScan,
  validateDisableInterface,
  type ModemLink,
} from './modem.js';

describe('modemUiState (spec 000 §3)', () => {
  it.each<[boolean, boolean, boolean, ModemUiState]>([
    [false, false, false, 'no_device'],
    [false, true, true, 'no_device'],
    [true, false, false, 'disabled'],
    [true, false, true, 'disabled'],
    [true, true, false, 'not_connected'],
    [true, true, true, 'connected'],
  ])('present %s, enabled %s, connected %s → %s', (present, enabled, connected, expected) => {
    expect(modemUiState({ present, enabled, connected })).toBe(expected);
  });
});

const link = (id: string, connected: boolean, enabled = true, uplinkKbps: number | null = 1000): ModemLink => ({ id, connected, enabled, uplinkKbps });

describe('canDisableInterface / validateDisableInterface (spec 000 §5)', () => {
  it.each<[string, ModemLink[], string, boolean, string | null]>([
    ['two connected: may disable one', [link('a', true), link('b', true)], 'a', true, null],
    ['three connected', [link('a', true), link('b', true), link('c', true)], 'c', true, null],
    ['only connected one is the last', [link('a', true), link('b', false)], 'a', false, VALIDATION.lastInterface],
    ['single interface', [link('a', true)], 'a', false, VALIDATION.lastInterface],
    ['other one is connected but disabled', [link('a', true), link('b', true, false)], 'a', false, VALIDATION.lastInterface],
    ['target not connected', [link('a', true), link('b', false)], 'b', true, null],
    ['target already disabled', [link('a', true), link('b', false, false)], 'b', true, null],
    ['nothing connected, target idle', [link('a', false), link('b', false)], 'a', true, null],
    ['unknown id', [link('a', true), link('b', true)], 'z', false, VALIDATION.invalidField],
    ['empty list', [], 'a', false, VALIDATION.invalidField],
  ])('%s', (_label, modems, id, allowed, message) => {
    expect(canDisableInterface(modems, id)).toBe(allowed);
    expect(validateDisableInterface(modems, id)).toBe(message);
  });

  it('matches numeric ids', () => {
    const modems: ModemLink[] = [{ id: 1, connected: true, enabled: true }, { id: 2, connected: true, enabled: true }];
    expect(canDisableInterface(modems, 2)).toBe(true);
    expect(canDisableInterface(modems, '2')).toBe(false);
  });
});

describe('canCellularScan / validateCellularScan (spec 000 §5)', () => {
  it.each<[string, ModemLink[], boolean]>([
    ['none', [], false],
    ['none connected', [link('a', false), link('b', false)], false],
    ['one connected', [link('a', true), link('b', false)], false],
    ['one connected, one connected-but-disabled', [link('a', true), link('b', true, false)], false],
    ['two connected', [link('a', true), link('b', true)], true],
    ['three connected', [link('a', true), link('b', true), link('c', true)], true],
  ])('%s → %s', (_label, modems, allowed) => {
    expect(canCellularScan(modems)).toBe(allowed);
    expect(validateCellularScan(modems)).toBe(allowed ? null : VALIDATION.cellularScanOneModem);
  });
});

describe('countConnectedInterfaces and totalBitrate', () => {
  it.each<[string, ModemLink[], number, number]>([
    ['empty', [], 0, 0],
    ['connected and enabled count', [link('a', true, true, 1500), link('b', true, true, 2500)], 2, 4000],
    ['not connected is skipped', [link('a', true, true, 1500), link('b', false, true, 2500)], 1, 1500],
    ['disabled is skipped', [link('a', true, true, 1500), link('b', true, false, 2500)], 1, 1500],
    ['null uplink counts 0', [link('a', true, true, null), link('b', true, true, 700)], 2, 700],
    ['missing uplink counts 0', [{ id: 'a', connected: true, enabled: true }], 1, 0],
    ['NaN and negative count 0', [link('a', true, true, Number.NaN), link('b', true, true, -10), link('c', true, true, 5)], 3, 5],
    ['fractional kbps kept', [link('a', true, true, 0.5), link('b', true, true, 0.25)], 2, 0.75],
  ])('%s', (_label, modems, count, kbps) => {
    expect(countConnectedInterfaces(modems)).toBe(count);
    expect(totalBitrate(modems)).toBe(kbps);
  });
});

describe('contracts compatibility', () => {
  it('takes contracts Modems as they are', () => {
    expectTypeOf<Modem>().toExtend<ModemLink>();
  });
});
