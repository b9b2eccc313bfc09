import { describe, expect, it } from 'vitest';
import { BATCH_MAX_DEVICES, previewCsv, splitCsvLine } from './batchCsv';

/** A CSV of these rows with the header the core reads. */
function toCsv(rows: readonly { deviceId: string; targetVersion: string }[]): string {
  const quote = (v: string) => (/[",\n\r;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return ['deviceId,targetVersion', ...rows.map((r) => `${quote(r.deviceId)},${quote(r.targetVersion)}`)].join('\n') + '\n';
}

describe('batch upgrade CSV preview', () => {
  it('counts the data rows after the header, skipping blank lines, with their line numbers', () => {
    const preview = previewCsv('deviceId,targetVersion\r\nMMH-0003,10.1\n\n LU800-0002 , 9.2.1 \n');
    expect(preview.count).toBe(2);
    expect(preview.rows).toEqual([
      { line: 2, deviceId: 'MMH-0003', targetVersion: '10.1' },
      { line: 4, deviceId: 'LU800-0002', targetVersion: '9.2.1' },
    ]);
    expect(preview.overLimit).toBe(false);
    expect(preview.missingDeviceColumn).toBe(false);
  });

  it('finds the columns by name in any order and reads semicolon files', () => {
    expect(previewCsv('Target Version;Device ID\n10.0;SOLO-0001').rows).toEqual([{ line: 2, deviceId: 'SOLO-0001', targetVersion: '10.0' }]);
  });

  it('refuses more than 500 devices, but not exactly 500', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ deviceId: `DEV-${i}`, targetVersion: '10.1' }));
    expect(BATCH_MAX_DEVICES).toBe(500);
    expect(previewCsv(toCsv(rows(500)))).toMatchObject({ count: 500, overLimit: false });
    expect(previewCsv(toCsv(rows(501)))).toMatchObject({ count: 501, overLimit: true });
  });

  it('says when the header names no device column, and reads an empty text as nothing', () => {
    expect(previewCsv('name,version\nx,10.1').missingDeviceColumn).toBe(true);
    expect(previewCsv('  \n\n')).toMatchObject({ count: 0, overLimit: false, columns: [] });
  });

  it('honours quotes, and toCsv quotes what needs it (a round trip)', () => {
    expect(splitCsvLine('"a,b","say ""hi""",c')).toEqual(['a,b', 'say "hi"', 'c']);
    const rows = [{ deviceId: 'odd,id', targetVersion: '10.1' }];
    expect(previewCsv(toCsv(rows)).rows).toEqual([{ line: 2, ...rows[0] }]);
  });
});
