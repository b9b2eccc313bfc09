import { describe, expect, it } from 'vitest';
import { heavyUsers, streamsUsage, USAGE_SEED_DAYS, usageRecordsFor, type UsageSeedUnit } from './seed-usage.js';

const NOW = new Date('2025-03-24T15:30:00.000Z');
const DAY = 86_400_000;
const TODAY = Date.UTC(2025, 2, 24);

const unit = (id: string, over: Partial<UsageSeedUnit> = {}): UsageSeedUnit => ({
  id,
  inventoryId: 'inv-a',
  typeGroup: 'fieldUnits',
  productType: 'LU800',
  licenseValid: true,
  profile: { type: 'data', quotaPerMonth: 500 },
  ...over,
});

const UNITS: UsageSeedUnit[] = [
  unit('heavy-data'),
  unit('ordinary-data'),
  unit('no-profile', { profile: null }),
  unit('smart', { typeGroup: 'smartUnits', productType: 'LU-Smart', profile: { type: 'hours', quotaPerMonth: 100 } }),
  unit('heavy-hours', { inventoryId: 'inv-b', typeGroup: 'liteUnits', productType: 'LU-Lite', profile: { type: 'hours', quotaPerMonth: 100 } }),
  unit('invalid-licence', { inventoryId: 'inv-b', licenseValid: false }),
  unit('ptp', { inventoryId: 'inv-b', typeGroup: 'ptpUnits', productType: 'LU-Link PTP' }),
  unit('extender', { inventoryId: 'inv-b', typeGroup: 'extenderDevices', productType: 'Xtender' }),
];

const records = usageRecordsFor(UNITS, 1, NOW);
const of = (id: string) => records.filter((r) => r.unitId === id);
const gb = (rs: typeof records) => rs.reduce((n, r) => n + Number(r.dataBytes), 0) / 1e9;
const hours = (rs: typeof records) => rs.reduce((n, r) => n + r.seconds, 0) / 3600;
/** Usage since the 1st of NOW's month (the profiles' reset day in the demo). */
const sinceReset = (id: string) => of(id).filter((r) => r.periodStart.getTime() >= Date.UTC(2025, 2, 1));

describe('seeded usage records', () => {
  it.each([
    ['a field unit', unit('x'), true],
    ['a smart unit', unit('x', { typeGroup: 'smartUnits' }), true],
    ['a lite unit', unit('x', { typeGroup: 'liteUnits' }), true],
    ['a unit without a valid licence', unit('x', { licenseValid: false }), false],
    ['a point-to-point unit', unit('x', { typeGroup: 'ptpUnits' }), false],
    ['an extender', unit('x', { typeGroup: 'extenderDevices' }), false],
  ] as const)('%s streams: %s', (_name, u, streams) => {
    expect(streamsUsage(u)).toBe(streams);
    expect(usageRecordsFor([u], 1, NOW).length > 0).toBe(streams);
  });

  it('picks as heavy user the first streaming unit with a profile of each inventory', () => {
    expect(heavyUsers(UNITS)).toEqual(new Set(['heavy-data', 'heavy-hours']));
  });

  it('writes one record per unit per whole UTC day of the last months, today left to the accounting', () => {
    const starts = records.map((r) => r.periodStart.getTime());
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(TODAY - USAGE_SEED_DAYS * DAY);
    expect(Math.max(...starts)).toBeLessThan(TODAY);
    for (const r of records) {
      expect(r.periodStart.getTime() % DAY).toBe(0);
      expect(r.periodEnd.getTime() - r.periodStart.getTime()).toBe(DAY);
      expect(r.seconds).toBeLessThanOrEqual(20 * 3600);
    }
    expect(new Set(records.map((r) => `${r.unitId}|${r.periodStart.toISOString()}`)).size).toBe(records.length);
    // The heavy users stream every day; the others on some days only.
    expect(of('heavy-data')).toHaveLength(USAGE_SEED_DAYS);
    expect(of('ordinary-data').length).toBeGreaterThan(USAGE_SEED_DAYS / 4);
    expect(of('ordinary-data').length).toBeLessThan(USAGE_SEED_DAYS);
  });

  it('keeps data consistent with streaming time (the bitrate of the model, files forwarded aside)', () => {
    for (const r of records.filter((x) => x.seconds > 600)) {
      const mbps = (Number(r.dataBytes) * 8) / r.seconds / 1e6;
      expect(mbps).toBeGreaterThan(1);
      // Forwarded files add at most 1.5 GB to a day.
      expect(Number(r.dataBytes)).toBeLessThanOrEqual(r.seconds * (9e6 / 8) * 1.05 + 1.5e9);
    }
    // Forwarded files alone: data without time.
    for (const r of records.filter((x) => x.seconds === 0)) expect(Number(r.dataBytes)).toBeLessThanOrEqual(1.5e9);
  });

  it('runs the heavy users over their quota since the reset day and keeps the others well under', () => {
    // 23 days into the period: a 1.4 pace is past the quota.
    expect(gb(sinceReset('heavy-data'))).toBeGreaterThan(500);
    expect(hours(sinceReset('heavy-hours'))).toBeGreaterThan(100);
    expect(gb(sinceReset('ordinary-data'))).toBeLessThan(250);
    expect(hours(sinceReset('smart'))).toBeLessThan(60);
    // A month of the heavy data user and the rest of its inventory stays below 2000 GB (the seeded go_plan quota).
    expect(
      gb(records.filter((r) => r.periodStart.getTime() >= Date.UTC(2025, 2, 1) && UNITS.find((u) => u.id === r.unitId)?.inventoryId === 'inv-a')),
    ).toBeLessThan(1500);
  });

  it('is deterministic: the same seed and now give the same rows; another seed other values', () => {
    expect(usageRecordsFor(UNITS, 1, NOW)).toEqual(records);
    expect(usageRecordsFor(UNITS, 2, NOW)).not.toEqual(records);
    // A later hour of the same day: the same rows.
    expect(usageRecordsFor(UNITS, 1, new Date(TODAY + 23 * 3_600_000))).toEqual(records);
  });
});
