/**
 * What the /reports screen computes from a usage report (GET v2/inventories/{id}/usageReport): the
 * period of a preset, amounts in the units people read (GB of 10^9 bytes, hours), the per-day chart
 * series and the top units of one kind. No React here.
 */
import { USAGE_REPORT_MAX_DAYS, type UsageReport } from '@fleet/contracts';

export type UsageKind = 'data' | 'time';
export const PERIOD_PRESETS = ['7', '30', '90'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const DAY_MS = 86_400_000;
const GB = 1_000_000_000;

/** A UTC day, YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today (UTC), both included. */
export function presetPeriod(preset: PeriodPreset, now: number): { from: string; to: string } {
  const today = now - (now % DAY_MS);
  return { from: utcDay(today - (Number(preset) - 1) * DAY_MS), to: utcDay(today) };
}

/** Whether the period may be asked for: both days given, in order, at most the longest period the core serves. */
export function periodProblem(from: string, to: string): 'required' | 'order' | 'tooLong' | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'required';
  if (a > b) return 'order';
  if ((b - a) / DAY_MS + 1 > USAGE_REPORT_MAX_DAYS) return 'tooLong';
  return null;
}

/** Bytes as GB with two decimals. */
export const toGb = (bytes: number): number => Math.round((bytes / GB) * 100) / 100;
/** Seconds as hours with two decimals. */
export const toHours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100;

export const amountOf = (kind: UsageKind, a: { dataBytes: number; seconds: number }): number => (kind === 'data' ? toGb(a.dataBytes) : toHours(a.seconds));

/** One point per day of the period: the day (MM-DD for the axis) and the amount of the kind. */
export function dailySeries(report: UsageReport, kind: UsageKind): { day: string; value: number }[] {
  return report.days.map((d) => ({ day: d.day.slice(5), value: amountOf(kind, d) }));
}

/** The `n` units that used the most of the kind (none of those that used nothing). */
export function topUnits(report: UsageReport, kind: UsageKind, n: number): { unit: string; value: number }[] {
  const raw = (u: UsageReport['units'][number]) => (kind === 'data' ? u.dataBytes : u.seconds);
  return report.units
    .filter((u) => raw(u) > 0)
    .sort((a, b) => raw(b) - raw(a) || (a.unitName < b.unitName ? -1 : 1))
    .slice(0, n)
    .map((u) => ({ unit: u.unitName, value: amountOf(kind, u) }));
}

/** The share of the quota used, as a whole percent (null without a profile). */
export const quotaPercent = (quotaUsed: number | null): number | null => (quotaUsed === null ? null : Math.round(quotaUsed * 100));
