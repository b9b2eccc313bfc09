import { describe, expect, it } from 'vitest';
import type { UsageReport } from '@fleet/contracts';
import { dailySeries, periodProblem, presetPeriod, quotaPercent, toGb, toHours, topUnits } from './reportFormat';

const unit = (unitId: string, dataBytes: number, seconds: number): UsageReport['units'][number] => ({
  unitId,
  unitName: unitId,
  dataBytes,
  seconds,
  profile: null,
  sinceReset: null,
  resetOn: null,
  quotaUsed: null,
  overUsage: false,
});
const report: UsageReport = {
  inventoryId: 'inv',
  groupId: null,
  from: '2026-03-01',
  to: '2026-03-02',
  days: [
    { day: '2026-03-01', dataBytes: 1_500_000_000, seconds: 5400 },
    { day: '2026-03-02', dataBytes: 0, seconds: 0 },
  ],
  units: [unit('B', 1_000_000_000, 60), unit('A', 500_000_000, 5340), unit('C', 0, 0)],
  unitDays: [],
  totals: { dataBytes: 1_500_000_000, seconds: 5400, units: 3, overUsage: 0 },
  at: 0,
};

describe('usage report format', () => {
  it('computes preset periods in UTC days, today included', () => {
    expect(presetPeriod('7', Date.parse('2026-03-10T15:00:00Z'))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetPeriod('30', Date.parse('2026-03-10T00:00:00Z'))).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('refuses a period out of order, too long, or without a day', () => {
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(periodProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(periodProblem('2024-01-01', '2026-01-01')).toBe('tooLong');
    expect(periodProblem('', '2026-01-01')).toBe('required');
  });

  it('reads amounts as GB and hours and draws days and top units of one kind', () => {
    expect(toGb(1_234_567_890)).toBe(1.23);
    expect(toHours(5400)).toBe(1.5);
    expect(dailySeries(report, 'data')).toEqual([
      { day: '03-01', value: 1.5 },
      { day: '03-02', value: 0 },
    ]);
    expect(topUnits(report, 'data', 5)).toEqual([
      { unit: 'B', value: 1 },
      { unit: 'A', value: 0.5 },
    ]);
    expect(topUnits(report, 'time', 1)).toEqual([{ unit: 'A', value: 1.48 }]);
    expect(quotaPercent(0.876)).toBe(88);
    expect(quotaPercent(null)).toBeNull();
  });
});
