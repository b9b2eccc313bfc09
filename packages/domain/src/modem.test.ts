import { describe, expect, expectTypeOf, it } from 'vitest';
import { VALIDATION, type Modem, type ModemUiState } from '@fleet/contracts';
import {
  canCellularScan,
  canDisableInterface,
  canDisableInterfaces,
  countConnectedInterfaces,
  modemUiState,
  totalBitrate,
  validateCellularScan,
  validateDisableInterface,
  validateDisableInterfaces,
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
    // "At least two interfaces must stay connected": disabling a live one must leave two live.
    ['two connected: neither may be disabled', [link('a', true), link('b', true)], 'a', false, VALIDATION.lastInterface],
    ['two connected, the other one', [link('a', true), link('b', true)], 'b', false, VALIDATION.lastInterface],
    ['two connected among idle links', [link('a', true), link('b', true), link('c', false), link('d', true, false)], 'a', false, VALIDATION.lastInterface],
    ['three connected: one may go, two stay', [link('a', true), link('b', true), link('c', true)], 'c', true, null],
    ['four connected', [link('a', true), link('b', true), link('c', true), link('d', true)], 'a', true, null],
    // "The last one cannot be disabled".
    ['only connected one is the last', [link('a', true), link('b', false)], 'a', false, VALIDATION.lastInterface],
    ['single interface', [link('a', true)], 'a', false, VALIDATION.lastInterface],
    ['other one is connected but disabled', [link('a', true), link('b', true, false)], 'a', false, VALIDATION.lastInterface],
    // Disabling what carries no traffic takes nothing away.
    ['target not connected', [link('a', true), link('b', false)], 'b', true, null],
    ['target not connected, two live', [link('a', true), link('b', true), link('c', false)], 'c', true, null],
    ['target already disabled', [link('a', true), link('b', false, false)], 'b', true, null],
    ['nothing connected, target idle', [link('a', false), link('b', false)], 'a', true, null],
    ['unknown id', [link('a', true), link('b', true)], 'z', false, VALIDATION.invalidField],
    ['empty list', [], 'a', false, VALIDATION.invalidField],
  ])('%s', (_label, modems, id, allowed, message) => {
    expect(canDisableInterface(modems, id)).toBe(allowed);
    expect(validateDisableInterface(modems, id)).toBe(message);
    expect(canDisableInterfaces(modems, [id])).toBe(allowed);
  });

  it('matches numeric ids', () => {
    const modems: ModemLink[] = [1, 2, 3].map((id) => ({ id, connected: true, enabled: true }));
    expect(canDisableInterface(modems, 2)).toBe(true);
    expect(canDisableInterface(modems, '2')).toBe(false);
  });
});

describe('canDisableInterfaces / validateDisableInterfaces: several at once, judged on the resulting set', () => {
  const three = [link('a', true), link('b', true), link('c', true)];
  const four = [...three, link('d', true)];
  it.each<[string, ModemLink[], string[], boolean, string | null]>([
    ['two of four connected: two stay', four, ['a', 'b'], true, null],
    ['two of three connected: one would stay', three, ['a', 'b'], false, VALIDATION.lastInterface],
    ['each alone is allowed, together they are not', three, ['a', 'c'], false, VALIDATION.lastInterface],
    ['all of them', three, ['a', 'b', 'c'], false, VALIDATION.lastInterface],
    ['one live and one idle of three live', [...three, link('x', false)], ['a', 'x'], true, null],
    ['only idle ones, one live left', [link('a', true), link('x', false), link('y', false, false)], ['x', 'y'], true, null],
    ['the same id twice counts once', three, ['a', 'a'], true, null],
    ['nothing named', [link('a', true)], [], true, null],
    ['one unknown id spoils the request', four, ['a', 'z'], false, VALIDATION.invalidField],
  ])('%s', (_label, modems, ids, allowed, message) => {
    expect(canDisableInterfaces(modems, ids)).toBe(allowed);
    expect(validateDisableInterfaces(modems, ids)).toBe(message);
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
