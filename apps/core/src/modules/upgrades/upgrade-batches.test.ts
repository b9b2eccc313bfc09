/**
 * Reading a batch upgrade CSV (spec 001 §5 "Batch upgrade CSV: at most 500 devices"): the header
 * names the columns, lines keep their numbers, and what refuses the batch whole.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION } from '@fleet/contracts';
import { AppError } from '../../errors.js';
import { parseBatchCsv } from './upgrade-batches.js';

const refusal = (csv: string): string | undefined => {
  try {
    parseBatchCsv(csv);
  } catch (err) {
    if (err instanceof AppError) return err.fields?.[0]?.message;
    throw err;
  }
  return undefined;
};

describe('parseBatchCsv', () => {
  it('reads the columns the header names, in any order, with quotes, CRLF, a BOM and blank lines', () => {
    const csv = '\uFEFFname,targetVersion,deviceId\r\n"Hub, north",10.1,MMH-0001\r\n\r\nx,"10.0",LU800-0001\r\n';
    expect(parseBatchCsv(csv)).toEqual([
      { line: 2, deviceId: 'MMH-0001', targetVersion: '10.1' },
      { line: 4, deviceId: 'LU800-0001', targetVersion: '10.0' },
    ]);
  });

  it('matches the header case-insensitively and keeps empty cells for the line checks', () => {
    expect(parseBatchCsv('DEVICEID,TARGETVERSION\nVRS-0001\n')).toEqual([{ line: 2, deviceId: 'VRS-0001', targetVersion: '' }]);
  });

  it('takes 500 lines and refuses 501 with the spec message', () => {
    const lines = (n: number) => ['deviceId,targetVersion', ...Array.from({ length: n }, (_, i) => `D-${i},10.1`)].join('\n');
    expect(parseBatchCsv(lines(LIMITS.batchUpgradeMaxDevices))).toHaveLength(500);
    expect(refusal(lines(LIMITS.batchUpgradeMaxDevices + 1))).toBe(VALIDATION.batchUpgradeMaxDevices);
  });

  it('refuses a CSV without the header or without a line', () => {
    expect(refusal('MMH-0001,10.1')).toBe(VALIDATION.batchUpgradeCsvHeader);
    expect(refusal('deviceId,version\nMMH-0001,10.1')).toBe(VALIDATION.batchUpgradeCsvHeader);
    expect(refusal('deviceId,targetVersion\n \n')).toBe(VALIDATION.noItems);
  });
});
