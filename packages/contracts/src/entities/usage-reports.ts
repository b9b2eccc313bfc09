/**
 * Usage reports (spec 001 §2 /reports; §3 Usage profile; §4 usage kinds data and time, service state
 * "over usage"): what the units of one inventory (or one of its groups) used, by data and by time,
 * per unit and per day over a period of whole UTC days, with each unit's profile, quota and whether
 * it is over usage. The spec shows no call shapes: this is what the /reports screen draws.
 *
 * Over usage: a unit's usage since its profile's last reset day (a month without that day resets on
 * its last day) is above the quota: bytes above the quota in GB (10^9 bytes) for a data profile,
 * seconds above the quota in hours for an hours profile. A unit without a profile is never over usage.
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { Id } from './common.js';
import { UsageProfileType } from './usage-profiles.js';

/** A UTC day, YYYY-MM-DD. */
export const UsageDay = z.iso.date({ error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.mustMatchPattern) });

/** The longest period one report covers (a year and a day: a leap year's whole year fits). */
export const USAGE_REPORT_MAX_DAYS = 366;
/** Without a period: the last 30 days up to today. */
export const USAGE_REPORT_DEFAULT_DAYS = 30;

/** GET v2/inventories/{id}/usageReport: the period (from, to: both included), optionally one group of the inventory. */
export const UsageReportQuery = z
  .object({
    from: UsageDay.optional(),
    to: UsageDay.optional(),
    groupId: Id.optional(),
  })
  .strict();
export type UsageReportQuery = z.infer<typeof UsageReportQuery>;

export const UsageAmount = z.object({
  dataBytes: z.number().nonnegative(),
  seconds: z.number().int().nonnegative(),
});
export type UsageAmount = z.infer<typeof UsageAmount>;

/** The profile of a unit, as the report needs it. */
export const UsageReportProfile = z.object({ id: Id, name: z.string(), type: UsageProfileType, quotaPerMonth: z.number(), resetDay: z.number().int() });
export type UsageReportProfile = z.infer<typeof UsageReportProfile>;

export const UsageReportUnit = UsageAmount.extend({
  unitId: Id,
  unitName: z.string(),
  profile: UsageReportProfile.nullable(),
  /** Usage since the profile's last reset day (null without a profile). */
  sinceReset: UsageAmount.nullable(),
  /** The day the current quota period started (null without a profile). */
  resetOn: z.string().nullable(),
  /** Share of the quota used since the reset (1 = all of it); null without a profile. */
  quotaUsed: z.number().nonnegative().nullable(),
  overUsage: z.boolean(),
});
export type UsageReportUnit = z.infer<typeof UsageReportUnit>;

/** One day of the period: all the report's units together. */
export const UsageReportDay = UsageAmount.extend({ day: z.string() });
export type UsageReportDay = z.infer<typeof UsageReportDay>;

/** One unit on one day (only days it used something). */
export const UsageReportUnitDay = UsageAmount.extend({ unitId: Id, day: z.string() });
export type UsageReportUnitDay = z.infer<typeof UsageReportUnitDay>;

export const UsageReport = z.object({
  inventoryId: Id,
  groupId: Id.nullable(),
  from: z.string(),
  to: z.string(),
  /** Every day of the period, in order (zero when nothing was used). */
  days: z.array(UsageReportDay),
  /** Every unit of the inventory (or group), most data first. */
  units: z.array(UsageReportUnit),
  unitDays: z.array(UsageReportUnitDay),
  totals: UsageAmount.extend({ units: z.number().int().nonnegative(), overUsage: z.number().int().nonnegative() }),
  /** When the report was read (usage is written every few seconds while units stream). */
  at: z.number().int(),
});
export type UsageReport = z.infer<typeof UsageReport>;
