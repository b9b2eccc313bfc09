/**
 * Usage reports by data and time (spec 001 §2 /reports; §4 usage kinds, "over usage"): what the
 * units of an inventory (or one of its groups) used per UTC day and per unit over a period, with each
 * unit's profile, its usage since the profile's last reset day and whether it is over its quota.
 * The usage records are written by the accounting (usage-accounting.ts) every few seconds while units
 * stream; this service owns it (started with the service, closed with the app).
 */
import {
  USAGE_REPORT_DEFAULT_DAYS,
  USAGE_REPORT_MAX_DAYS,
  type UsageAmount,
  type UsageProfileType,
  type UsageReport,
  type UsageReportProfile,
  type UsageReportQuery,
  type UsageReportUnit,
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { visibleGroup, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { byNameThenId } from '../../platform/order.js';
import { UsageAccounting } from './usage-accounting.js';
import * as repo from './repository.js';

/** What the units of one inventory used over a period. */
export interface InventoryUsage {
  dataBytes: number;
  seconds: number;
}

const DAY_MS = 86_400_000;
/** A data quota is in GB (10^9 bytes), an hours quota in hours. */
const GB = 1_000_000_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parseDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The start (UTC midnight, ms) of the quota period `now` falls in: the last `resetDay` on or before
 * today; a month shorter than `resetDay` resets on its last day.
 */
export function lastResetDay(resetDay: number, now: number): number {
  const d = new Date(now);
  const resetIn = (year: number, month: number) => Date.UTC(year, month, Math.min(resetDay, new Date(Date.UTC(year, month + 1, 0)).getUTCDate()));
  const thisMonth = resetIn(d.getUTCFullYear(), d.getUTCMonth());
  return thisMonth <= now ? thisMonth : resetIn(d.getUTCFullYear(), d.getUTCMonth() - 1);
}

/** Whether usage since the reset is above the profile's monthly quota, and how much of it is used. */
export function quotaState(profile: { type: UsageProfileType; quotaPerMonth: number }, used: UsageAmount): { quotaUsed: number; overUsage: boolean } {
  const quota = profile.type === 'data' ? profile.quotaPerMonth * GB : profile.quotaPerMonth * 3600;
  const amount = profile.type === 'data' ? used.dataBytes : used.seconds;
  return { quotaUsed: quota > 0 ? amount / quota : 0, overUsage: amount > quota };
}

export class UsageReportService {
  readonly accounting: UsageAccounting;

  constructor(private readonly deps: ServiceDeps) {
    this.accounting = new UsageAccounting(deps);
  }

  /** Write what is counted and stop (the app is closing). */
  close(): Promise<void> {
    return this.accounting.close();
  }

  /**
   * The usage of the inventory's units in the usage records whose period starts in [from, to):
   * what a managed service counted in data or time is measured against ("over usage", §4).
   */
  async inventoryUsage(inventoryId: string, from: Date, to: Date): Promise<InventoryUsage> {
    const sum = await repo.sumInventoryUsage(this.deps.db, inventoryId, from, to);
    return { dataBytes: Number(sum.dataBytes ?? 0n), seconds: sum.seconds ?? 0 };
  }

  /** GET v2/inventories/{id}/usageReport (inventory scope checked by the route). */
  async report(user: AuthUser, inventoryId: string, q: UsageReportQuery, now = this.deps.businessClock.now()): Promise<UsageReport> {
    const today = now - (now % DAY_MS);
    const to = q.to !== undefined ? parseDay(q.to) : today;
    const from = q.from !== undefined ? parseDay(q.from) : to - (USAGE_REPORT_DEFAULT_DAYS - 1) * DAY_MS;
    if (from > to) throw validationError([{ path: 'query.from', message: RULES.periodStartAfterEnd }]);
    const dayCount = (to - from) / DAY_MS + 1;
    if (dayCount > USAGE_REPORT_MAX_DAYS) throw validationError([{ path: 'query.from', message: RULES.periodTooLong }]);
    let groupId: string | null = null;
    if (q.groupId !== undefined) {
      const group = visibleGroup(this.deps.readModel, user, q.groupId);
      if (!group || group.inventoryId !== inventoryId) throw new AppError('NOT_FOUND');
      groupId = group.id;
    }
    const units = this.deps.readModel.units
      .all()
      .filter((u) => u.inventories.some((i) => i.inventoryId === inventoryId) && (groupId === null || u.groups.some((g) => g.groupId === groupId)));
    const profileIds = [...new Set(units.flatMap((u) => (u.usageProfileId ? [u.usageProfileId] : [])))];
    const profileRows = profileIds.length === 0 ? [] : await repo.findProfilesByIds(this.deps.db, profileIds);
    const profiles = new Map<string, UsageReportProfile>(
      profileRows.map((p) => [
        p.id,
        { id: p.id, name: p.name, type: p.type === 'hours' ? 'hours' : 'data', quotaPerMonth: p.quotaPerMonth, resetDay: p.resetDay },
      ]),
    );
    // One read covers the period and every quota period (which starts at most 31 days before today).
    const readFrom = Math.min(from, today - 31 * DAY_MS);
    const readTo = Math.max(to, today) + DAY_MS;
    const unitIds = new Set(units.map((u) => u.id));
    const records = (await repo.findUsageRecords(this.deps.db, inventoryId, groupId, new Date(readFrom), new Date(readTo))).filter((r) =>
      unitIds.has(r.unitId),
    );

    const days = new Map<number, UsageAmount>();
    for (let d = from; d <= to; d += DAY_MS) days.set(d, { dataBytes: 0, seconds: 0 });
    const inPeriod = new Map<string, UsageAmount>();
    const unitDays: UsageReport['unitDays'] = [];
    const byUnit = new Map<string, { day: number; dataBytes: number; seconds: number }[]>();
    for (const r of records) {
      const day = r.periodStart.getTime();
      const amount = { day, dataBytes: Number(r.dataBytes), seconds: r.seconds };
      const list = byUnit.get(r.unitId);
      if (list) list.push(amount);
      else byUnit.set(r.unitId, [amount]);
      const total = days.get(day);
      if (!total) continue;
      total.dataBytes += amount.dataBytes;
      total.seconds += amount.seconds;
      const unitTotal = inPeriod.get(r.unitId) ?? { dataBytes: 0, seconds: 0 };
      unitTotal.dataBytes += amount.dataBytes;
      unitTotal.seconds += amount.seconds;
      inPeriod.set(r.unitId, unitTotal);
      unitDays.push({ unitId: r.unitId, day: dayOf(day), dataBytes: amount.dataBytes, seconds: amount.seconds });
    }
    unitDays.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.unitId < b.unitId ? -1 : 1));

    const rows: UsageReportUnit[] = [...units].sort(byNameThenId).map((u) => {
      const used = inPeriod.get(u.id) ?? { dataBytes: 0, seconds: 0 };
      const profile = u.usageProfileId ? (profiles.get(u.usageProfileId) ?? null) : null;
      if (!profile) return { unitId: u.id, unitName: u.name, ...used, profile: null, sinceReset: null, resetOn: null, quotaUsed: null, overUsage: false };
      const resetOn = lastResetDay(profile.resetDay, now);
      const sinceReset = (byUnit.get(u.id) ?? [])
        .filter((a) => a.day >= resetOn)
        .reduce((s, a) => ({ dataBytes: s.dataBytes + a.dataBytes, seconds: s.seconds + a.seconds }), { dataBytes: 0, seconds: 0 });
      return { unitId: u.id, unitName: u.name, ...used, profile, sinceReset, resetOn: dayOf(resetOn), ...quotaState(profile, sinceReset) };
    });
    // Most data first (the heaviest users lead the table and the chart); equal ones by name.
    rows.sort((a, b) => b.dataBytes - a.dataBytes || b.seconds - a.seconds);
    return {
      inventoryId,
      groupId,
      from: dayOf(from),
      to: dayOf(to),
      days: [...days].map(([day, a]) => ({ day: dayOf(day), ...a })),
      units: rows,
      unitDays,
      totals: {
        dataBytes: rows.reduce((s, r) => s + r.dataBytes, 0),
        seconds: rows.reduce((s, r) => s + r.seconds, 0),
        units: rows.length,
        overUsage: rows.filter((r) => r.overUsage).length,
      },
      at: now,
    };
  }
}

export const usageReportCalls = callsOf<UsageReportService>()({
  getInventoryUsageReport: (svc, { params, query }, user) => svc.report(user, params.id, query),
});
