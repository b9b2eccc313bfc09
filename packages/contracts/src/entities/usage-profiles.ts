/**
 * Usage profiles (spec 001 §3 Usage profile: name, type data or hours, quota per month, reset day;
 * §5 "reset day 1-31 and required; name unique; default profiles and profiles with devices cannot
 * be deleted"; /usage_profiles). The spec shows no call shapes: `UsageProfile` is one row of the
 * /usage_profiles table as one inventory sees it (the unit count is that inventory's units on the
 * profile), and what `usageProfile.changed` carries.
 *
 * A profile belongs to one inventory, or to none: a global profile (the seeded defaults) is offered
 * to every inventory and changed by global roles only.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { USAGE_PROFILE_TYPES } from '../enum-values.js';
import { VALIDATION } from '../messages.js';
import { Id, pageOf, RecordStamps, SortDir } from './common.js';

export const UsageProfileType = z.enum(USAGE_PROFILE_TYPES);
export type UsageProfileType = z.infer<typeof UsageProfileType>;

/** §5 reset day: a day of the month, 1-31 (a month without that day resets on its last day). */
export const USAGE_RESET_DAY_MIN = 1;
export const USAGE_RESET_DAY_MAX = 31;
/** The quota is stored as a 64-bit float: bounded so that bytes and seconds stay exact integers. */
export const USAGE_QUOTA_MIN = 1;
export const USAGE_QUOTA_MAX = 1_000_000;

export const UsageProfile = z.object({
  id: Id,
  name: z.string(),
  type: UsageProfileType,
  /** GB a month (type data) or hours a month (type hours). */
  quotaPerMonth: z.number(),
  resetDay: z.number().int(),
  /** A default profile (seeded; cannot be deleted). */
  isDefault: z.boolean(),
  /** The inventory the profile belongs to; null: a global profile, offered to every inventory. */
  inventoryId: Id.nullable(),
  /** Units of the listed inventory on this profile. */
  unitCount: z.number().int().nonnegative(),
  ...RecordStamps,
});
export type UsageProfile = z.infer<typeof UsageProfile>;

export const UsageProfileName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255);

/** Whole or fractional GB or hours; at least 1 (the spec's "Must be N or more" wording for a positive quota). */
export const UsageQuota = z
  .number({ error: VALIDATION.numericRequired })
  .min(USAGE_QUOTA_MIN, VALIDATION.minValue(USAGE_QUOTA_MIN))
  .max(USAGE_QUOTA_MAX, VALIDATION.maxValue(USAGE_QUOTA_MAX));

export const UsageResetDay = z
  .number({ error: VALIDATION.required })
  .int(VALIDATION.integer)
  .min(USAGE_RESET_DAY_MIN, VALIDATION.minValue(USAGE_RESET_DAY_MIN))
  .max(USAGE_RESET_DAY_MAX, VALIDATION.maxValue(USAGE_RESET_DAY_MAX));

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

export const USAGE_PROFILE_SORT_KEYS = ['name', 'type', 'quotaPerMonth', 'resetDay'] as const;

/** GET v2/inventories/{id}/usageProfiles: the inventory's and the global profiles, searched by name. */
export const UsageProfileSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(100),
    searchKey: z.enum(['name']).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(USAGE_PROFILE_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type UsageProfileSearchQuery = z.infer<typeof UsageProfileSearchQuery>;
export const UsageProfilePage = pageOf(UsageProfile);
export type UsageProfilePage = z.infer<typeof UsageProfilePage>;

/** POST v2/inventories/{id}/usageProfiles: a profile of that inventory. */
export const CreateUsageProfileBody = z
  .object({
    name: UsageProfileName,
    type: UsageProfileType,
    quotaPerMonth: UsageQuota,
    resetDay: UsageResetDay,
  })
  .strict();
export type CreateUsageProfileBody = z.infer<typeof CreateUsageProfileBody>;

/** PUT v2/usageProfiles/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateUsageProfileBody = CreateUsageProfileBody.partial().extend({ version: Version.optional() });
export type UpdateUsageProfileBody = z.infer<typeof UpdateUsageProfileBody>;

export const UsageProfileDeleted = z.object({ id: Id, inventoryId: Id.nullable(), deleted: z.literal(true) });
export type UsageProfileDeleted = z.infer<typeof UsageProfileDeleted>;

/** One unit of the inventory with its profile (the assignment picker). */
export const UnitUsageProfile = z.object({ unitId: Id, unitName: z.string(), usageProfileId: Id.nullable() });
export type UnitUsageProfile = z.infer<typeof UnitUsageProfile>;
/** GET v2/inventories/{id}/unitUsageProfiles: the inventory's units, by name, with their profiles. */
export const UnitUsageProfiles = z.object({ inventoryId: Id, units: z.array(UnitUsageProfile) });
export type UnitUsageProfiles = z.infer<typeof UnitUsageProfiles>;

/** Units assigned at once (the inventory's picker; not in the spec). */
export const USAGE_ASSIGN_MAX = 500;

/** PUT v2/inventories/{id}/unitUsageProfiles: put these units of the inventory on the profile (null: none). */
export const AssignUsageProfileBody = z
  .object({
    usageProfileId: Id.nullable(),
    unitIds: z.array(Id).min(1, VALIDATION.required).max(USAGE_ASSIGN_MAX, VALIDATION.maxElements),
  })
  .strict();
export type AssignUsageProfileBody = z.infer<typeof AssignUsageProfileBody>;
