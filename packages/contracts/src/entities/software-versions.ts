/**
 * Software versions (spec 001 §3 Software version: number, description, release notes URL,
 * supported devices, inventories, deprecated; §9 "Version numbers 3.5 up to 10.1, compared by
 * major, minor, patch"; §8 "software version exists"). The spec shows no calls: `SoftwareVersion`
 * is what the /sw_version screen shows and edits (one list row is the whole version).
 *
 * Availability: a version assigned to no inventory is available to every inventory (`global`); one
 * assigned to some is available to those only. A non-global caller sees the versions available to
 * one of their inventories, and of a version's inventories only their own.
 */
import { z } from 'zod';
import { SOFTWARE_VERSIONS, LIMITS } from '../constants.js';
import { SERVER_TYPES, UNIT_DEVICE_GROUPS } from '../enum-values.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, pageOf, RecordStamps, SortDir } from './common.js';

/** What a version may support: the unit type groups and the server types the catalogue knows. */
export const SOFTWARE_VERSION_DEVICES = [...UNIT_DEVICE_GROUPS, ...SERVER_TYPES] as const;
export const SoftwareVersionDevice = z.enum(SOFTWARE_VERSION_DEVICES);
export type SoftwareVersionDevice = z.infer<typeof SoftwareVersionDevice>;

/** "major.minor[.patch]" without leading zeros (so one version has one spelling once stored). */
export const SOFTWARE_VERSION_NUMBER_PATTERN = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})(?:\.(0|[1-9]\d{0,3}))?$/;

/**
 * Spec 001 §9: the number's parts, when it is written "major.minor[.patch]" and lies between 3.5
 * and 10.1 (a patch of 10.1 included, as the domain's supported range says); null otherwise. The
 * core stores the canonical spelling (`canonicalSoftwareVersionNumber`): "6.1.0" is "6.1".
 */
export function softwareVersionNumberParts(raw: string): { major: number; minor: number; patch: number } | null {
  const m = SOFTWARE_VERSION_NUMBER_PATTERN.exec(raw);
  if (!m) return null;
  const v = { major: Number(m[1]), minor: Number(m[2]), patch: m[3] === undefined ? 0 : Number(m[3]) };
  const [minMajor, minMinor] = SOFTWARE_VERSIONS.min.split('.').map(Number) as [number, number];
  const [maxMajor, maxMinor] = SOFTWARE_VERSIONS.max.split('.').map(Number) as [number, number];
  const atLeastMin = v.major > minMajor || (v.major === minMajor && v.minor >= minMinor);
  const atMostMax = v.major < maxMajor || (v.major === maxMajor && v.minor <= maxMinor);
  return atLeastMin && atMostMax ? v : null;
}

/** The stored spelling of a valid number: "major.minor" when the patch is 0, else "major.minor.patch". */
export function canonicalSoftwareVersionNumber(raw: string): string {
  const v = softwareVersionNumberParts(raw);
  if (!v) return raw;
  return v.patch === 0 ? `${v.major}.${v.minor}` : `${v.major}.${v.minor}.${v.patch}`;
}

export const SoftwareVersionNumber = z
  .string({ error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.invalidField) })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .refine((v) => softwareVersionNumberParts(v) !== null, VALIDATION.softwareVersionNumber)
  .meta(statesRules({ field: '', message: VALIDATION.softwareVersionNumber, rule: 'major.minor[.patch], from 3.5 up to 10.1 (001 §9)' }));

/** Release notes: an http(s) address, or empty / null for none. */
const HttpUrl = z.httpUrl();
export const SOFTWARE_VERSION_URL_MAX = 1024;
export const ReleaseNotesUrl = z
  .string()
  .trim()
  .max(SOFTWARE_VERSION_URL_MAX, VALIDATION.maxChars(SOFTWARE_VERSION_URL_MAX))
  .refine((v) => v === '' || HttpUrl.safeParse(v).success, VALIDATION.releaseNotesUrl)
  .meta(statesRules({ field: '', message: VALIDATION.releaseNotesUrl, rule: 'empty, or an http or https address with a host (URL parsing)' }))
  .nullable();
export const SoftwareVersionDescription = z.string().max(LIMITS.genericNameMax, VALIDATION.max255);
const SupportedDevices = z.array(SoftwareVersionDevice).max(SOFTWARE_VERSION_DEVICES.length, VALIDATION.maxElements);
/** Inventories to assign (global roles set the whole list; an empty list makes the version available to every inventory). */
const InventoryIds = z.array(Id).max(LIMITS.pageSizeMax, VALIDATION.maxElements);

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

export const SoftwareVersionInventoryRef = z.object({ id: Id, name: z.string() });
export type SoftwareVersionInventoryRef = z.infer<typeof SoftwareVersionInventoryRef>;

export const SoftwareVersion = z.object({
  id: Id,
  number: z.string(),
  description: z.string(),
  releaseNotesUrl: z.string().nullable(),
  supportedDevices: z.array(SoftwareVersionDevice),
  /** The inventories it is assigned to that the caller may see (global callers: all of them). */
  inventories: z.array(SoftwareVersionInventoryRef),
  /** Assigned to no inventory: available to every inventory. */
  global: z.boolean(),
  /** Kept for devices already on it, but not offered as an upgrade target. */
  deprecated: z.boolean(),
  ...RecordStamps,
});
export type SoftwareVersion = z.infer<typeof SoftwareVersion>;

export const SOFTWARE_VERSION_SORT_KEYS = ['number', 'createdAt', 'updatedAt'] as const;
const BooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET v2/softwareVersions: page of 50, search by number or description, sorted by number (as versions) by default. */
export const SoftwareVersionSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.groupSearchDefaultPageSize),
    searchKey: z.enum(['number', 'description']).default('number'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(SOFTWARE_VERSION_SORT_KEYS).default('number'),
    sortDir: SortDir.default('desc'),
    /** true: deprecated only; false: current only; absent: both. */
    deprecated: BooleanQuery.optional(),
    /** Versions supporting this device kind. */
    device: SoftwareVersionDevice.optional(),
    /** Versions available to this inventory (assigned to it, or to none). */
    inventoryId: Id.optional(),
  })
  .strict();
export type SoftwareVersionSearchQuery = z.infer<typeof SoftwareVersionSearchQuery>;
export const SoftwareVersionPage = pageOf(SoftwareVersion);
export type SoftwareVersionPage = z.infer<typeof SoftwareVersionPage>;

/** POST v2/softwareVersions. */
export const CreateSoftwareVersionBody = z
  .object({
    number: SoftwareVersionNumber,
    description: SoftwareVersionDescription.optional(),
    releaseNotesUrl: ReleaseNotesUrl.optional(),
    supportedDevices: SupportedDevices.optional(),
    deprecated: z.boolean().optional(),
    inventoryIds: InventoryIds.optional(),
  })
  .strict();
export type CreateSoftwareVersionBody = z.infer<typeof CreateSoftwareVersionBody>;

/** PUT v2/softwareVersions/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateSoftwareVersionBody = z
  .object({
    number: SoftwareVersionNumber.optional(),
    description: SoftwareVersionDescription.optional(),
    releaseNotesUrl: ReleaseNotesUrl.optional(),
    supportedDevices: SupportedDevices.optional(),
    deprecated: z.boolean().optional(),
    inventoryIds: InventoryIds.optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateSoftwareVersionBody = z.infer<typeof UpdateSoftwareVersionBody>;

/** PUT / DELETE v2/softwareVersions/{id}/inventories/{inventoryId}. */
export const SoftwareVersionInventoryParams = z.object({ id: Id, inventoryId: Id });

export const SoftwareVersionDeleted = z.object({ id: Id, number: z.string(), deleted: z.literal(true) });
export type SoftwareVersionDeleted = z.infer<typeof SoftwareVersionDeleted>;
