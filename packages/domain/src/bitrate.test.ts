import { describe, expect, it } from 'vitest';
import { formatBitrate, formatBitrateText, type FormattedBitrate } from './bitrate.js';

describe('formatBitrate / formatBitrateText (spec 000 §9)', () => {
  it.each<[number | null | undefined, FormattedBitrate | null, string | null]>([
    [0, { value: '0', unit: 'kbps' }, '0 kbps'],
    [1, { value: '1', unit: 'kbps' }, '1 kbps'],
    [900, { value: '900', unit: 'kbps' }, '900 kbps'],
    [900.4, { value: '900', unit: 'kbps' }, '900 kbps'],
    [999.6, { value: '1000', unit: 'kbps' }, '1000 kbps'],
    [1000, { value: '1000', unit: 'kbps' }, '1000 kbps'],
    [1000.4, { value: '1.0', unit: 'Mbps' }, '1.0 Mbps'],
    [1001, { value: '1.0', unit: 'Mbps' }, '1.0 Mbps'],
    [1049, { value: '1.0', unit: 'Mbps' }, '1.0 Mbps'],
    [1050, { value: '1.1', unit: 'Mbps' }, '1.1 Mbps'],
    [1150, { value: '1.2', unit: 'Mbps' }, '1.2 Mbps'],
    [1500, { value: '1.5', unit: 'Mbps' }, '1.5 Mbps'],
    [2000, { value: '2.0', unit: 'Mbps' }, '2.0 Mbps'],
    [20000, { value: '20.0', unit: 'Mbps' }, '20.0 Mbps'],
    [123456, { value: '123.5', unit: 'Mbps' }, '123.5 Mbps'],
    [-1, null, null],
    [Number.NaN, null, null],
    [Number.POSITIVE_INFINITY, null, null],
    [null, null, null],
    [undefined, null, null],
  ])('%s kbps → %j', (kbps, expected, text) => {
    expect(formatBitrate(kbps)).toEqual(expected);
    expect(formatBitrateText(kbps)).toBe(text);
  });
});
