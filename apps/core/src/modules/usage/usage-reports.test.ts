import { describe, expect, it } from 'vitest';
import { lastResetDay, quotaState } from './usage-reports.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('usage quota periods', () => {
  it("starts the period on the last reset day on or before today, a short month's last day standing in", () => {
    expect(lastResetDay(15, Date.parse('2026-03-20T10:00:00Z'))).toBe(day('2026-03-15'));
    expect(lastResetDay(15, Date.parse('2026-03-15T00:00:00Z'))).toBe(day('2026-03-15'));
    expect(lastResetDay(15, Date.parse('2026-03-14T23:59:59Z'))).toBe(day('2026-02-15'));
    expect(lastResetDay(1, Date.parse('2026-01-01T05:00:00Z'))).toBe(day('2026-01-01'));
    // 31 in February (28 days) resets on the 28th; on 10 March the period began on 28 February.
    expect(lastResetDay(31, Date.parse('2026-02-28T12:00:00Z'))).toBe(day('2026-02-28'));
    expect(lastResetDay(31, Date.parse('2026-03-10T12:00:00Z'))).toBe(day('2026-02-28'));
    expect(lastResetDay(31, Date.parse('2026-01-05T12:00:00Z'))).toBe(day('2025-12-31'));
  });

  it('is over usage only above the quota: GB of 10^9 bytes for data, hours for time', () => {
    expect(quotaState({ type: 'data', quotaPerMonth: 2 }, { dataBytes: 2_000_000_000, seconds: 0 })).toEqual({ quotaUsed: 1, overUsage: false });
    expect(quotaState({ type: 'data', quotaPerMonth: 2 }, { dataBytes: 2_000_000_001, seconds: 99_999 }).overUsage).toBe(true);
    expect(quotaState({ type: 'hours', quotaPerMonth: 10 }, { dataBytes: 9e12, seconds: 18_000 })).toEqual({ quotaUsed: 0.5, overUsage: false });
    expect(quotaState({ type: 'hours', quotaPerMonth: 10 }, { dataBytes: 0, seconds: 36_001 }).overUsage).toBe(true);
  });
});
