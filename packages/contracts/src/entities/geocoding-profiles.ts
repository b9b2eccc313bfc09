/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §3 refresh intervals, distance
 * and percentage thresholds, geocoders and accuracies; §5 "accuracies non-negative, must match
 * geocoders"; §8 "geocoding profile in use").
 *
 * - One profile is the default (the one inventories without their own use). Making another the
 *   default moves the flag; the default cannot be un-defaulted by itself.
 * - An inventory names its own profile in its settings (`Inventory.settings.geocodingProfileId`),
 *   set by `setInventoryGeocodingProfile`. A profile is in use when it is the default or an
 *   inventory names it; one in use cannot be deleted ("Geocoding profile in use").
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { statesRules, STATED_BY_SCHEMA } from '../validation.js';
import { Id, pageOf, RecordStamps } from './common.js';
import { RowVersion, SettingName, settingsListShape } from './settings-lists.js';

/** The geocoders a profile may use (their order is the order they are tried). */
export const GEOCODERS = ['osm', 'google', 'here', 'mapbox', 'bing'] as const;
export const Geocoder = z.enum(GEOCODERS, { error: VALIDATION.invalidField });
export type Geocoder = z.infer<typeof Geocoder>;

const NonNegativeInt = z
  .number({ error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.numericRequired) })
  .int(VALIDATION.integer)
  .min(0, VALIDATION.minValue(0))
  .max(2_147_483_647, VALIDATION.maxValue(2_147_483_647));
const NonNegative = z
  .number({ error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.numericRequired) })
  .min(0, VALIDATION.minValue(0))
  .max(2_147_483_647, VALIDATION.maxValue(2_147_483_647));

/** Seconds between two position look-ups of a unit that moves, and of one that stands still. */
export const GeocodingRefreshIntervals = z.object({ moving: NonNegativeInt, idle: NonNegativeInt }).strict();
export type GeocodingRefreshIntervals = z.infer<typeof GeocodingRefreshIntervals>;

export const GeocodingProfile = z.object({
  id: Id,
  name: z.string(),
  refreshIntervals: z.object({ moving: z.number().int(), idle: z.number().int() }),
  /** metres */
  distanceThreshold: z.number(),
  /** 0-100 */
  percentageThreshold: z.number(),
  geocoders: z.array(Geocoder),
  /** metres, one per geocoder (same order) */
  accuracies: z.array(z.number()),
  isDefault: z.boolean(),
  /** How many inventories name this profile. */
  inventoryCount: z.number().int().nonnegative(),
  /** The default, or named by an inventory: cannot be deleted. */
  inUse: z.boolean(),
  ...RecordStamps,
});
export type GeocodingProfile = z.infer<typeof GeocodingProfile>;

export const GEOCODING_PROFILE_SORT_KEYS = ['name', 'updatedAt'] as const;
export const GeocodingProfileSearchQuery = z.object({ ...settingsListShape, sortBy: z.enum(GEOCODING_PROFILE_SORT_KEYS).default('name') }).strict();
export type GeocodingProfileSearchQuery = z.infer<typeof GeocodingProfileSearchQuery>;
export const GeocodingProfilePage = pageOf(GeocodingProfile);
export type GeocodingProfilePage = z.infer<typeof GeocodingProfilePage>;

const Geocoders = z
  .array(Geocoder)
  .min(1, VALIDATION.required)
  .max(GEOCODERS.length, VALIDATION.maxElements)
  .refine((xs) => new Set(xs).size === xs.length, { message: VALIDATION.fieldUnique, ...STATED_BY_SCHEMA })
  // The document says so too.
  .meta({ uniqueItems: true });
const Accuracies = z.array(NonNegative).max(GEOCODERS.length, VALIDATION.maxElements);
const PercentageThreshold = NonNegative.max(100, VALIDATION.maxValue(100));

/** One accuracy per geocoder, when both are there (an update giving one is checked against the stored other by the core). */
const accuraciesMatch = (b: { geocoders?: readonly string[] | undefined; accuracies?: readonly number[] | undefined }) =>
  b.geocoders === undefined || b.accuracies === undefined || b.geocoders.length === b.accuracies.length;
const ACCURACIES_RULE = {
  field: 'accuracies',
  message: VALIDATION.accuraciesMatchGeocoders,
  rule: 'one accuracy per geocoder (001 §5; an update giving one is checked against the stored other)',
} as const;

export const CreateGeocodingProfileBody = z
  .object({
    name: SettingName,
    refreshIntervals: GeocodingRefreshIntervals,
    distanceThreshold: NonNegative,
    percentageThreshold: PercentageThreshold,
    geocoders: Geocoders,
    accuracies: Accuracies,
    /** true: this one becomes the default (the previous default stops being it). */
    isDefault: z.boolean().optional(),
  })
  .strict()
  .refine(accuraciesMatch, { path: ['accuracies'], message: VALIDATION.accuraciesMatchGeocoders })
  .meta(statesRules(ACCURACIES_RULE));
export type CreateGeocodingProfileBody = z.infer<typeof CreateGeocodingProfileBody>;

export const UpdateGeocodingProfileBody = z
  .object({
    name: SettingName.optional(),
    refreshIntervals: GeocodingRefreshIntervals.optional(),
    distanceThreshold: NonNegative.optional(),
    percentageThreshold: PercentageThreshold.optional(),
    geocoders: Geocoders.optional(),
    accuracies: Accuracies.optional(),
    isDefault: z.boolean().optional(),
    version: RowVersion.optional(),
  })
  .strict()
  .refine(accuraciesMatch, { path: ['accuracies'], message: VALIDATION.accuraciesMatchGeocoders })
  .meta(statesRules(ACCURACIES_RULE));
export type UpdateGeocodingProfileBody = z.infer<typeof UpdateGeocodingProfileBody>;

export const GeocodingProfileDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type GeocodingProfileDeleted = z.infer<typeof GeocodingProfileDeleted>;

/** PUT v2/admin/inventories/{id}/geocodingProfile: the inventory's own profile, or null for the default. */
export const SetInventoryGeocodingProfileBody = z.object({ geocodingProfileId: Id.nullable() }).strict();
export type SetInventoryGeocodingProfileBody = z.infer<typeof SetInventoryGeocodingProfileBody>;
export const InventoryGeocodingProfile = z.object({ inventoryId: Id, geocodingProfileId: Id.nullable() });
export type InventoryGeocodingProfile = z.infer<typeof InventoryGeocodingProfile>;
