/**
 * Organisations and their inventories (spec 001 §2 /system_settings organization, organization_inventory; §3 Organisation: name, external UID, default role, max users).
 *
 * The spec shows the fields only: `Organisation` is what the /system_settings/organization list
 * shows and its form edits (with the counts the max-users rule reads), `OrganisationInventory` one
 * row of /system_settings/organization_inventory. The shared pieces of the platform settings
 * (names, versions, the list query) are here too and the other settings areas of this slice use them.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { Role } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { Id, pageOf, RecordStamps, SortDir } from './common.js';

/** Page size of the platform settings lists (not in the spec). */
export const SETTINGS_DEFAULT_PAGE_SIZE = 25;

/** Spec 001 §5 "Names 2-255 characters"; an empty name is only "required". */
export const SettingName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .min(2, VALIDATION.minChars(2))
  .max(LIMITS.genericNameMax, VALIDATION.max255);

/** Versions are stored as 32-bit integers. */
export const SettingVersion = z.number({ error: VALIDATION.integer }).int(VALIDATION.integer).nonnegative().max(2_147_483_647);

/** The list query of a platform settings kind: page, search (by name or key) and sort by one of `sortKeys`. */
export const settingsSearchQuery = <const K extends readonly [string, ...string[]]>(sortKeys: K) =>
  z
    .object({
      offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
      limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(SETTINGS_DEFAULT_PAGE_SIZE),
      searchValue: z.string().max(LIMITS.genericNameMax).optional(),
      sortBy: z.enum(sortKeys).default(sortKeys[0]),
      sortDir: SortDir.default('asc'),
    })
    .strict();

export const SettingDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type SettingDeleted = z.infer<typeof SettingDeleted>;

// ── Organisations ───────────────────────────────────────────────────────────────────────────────

export const Organisation = z.object({
  id: Id,
  name: z.string(),
  externalUid: z.string().nullable(),
  /** The role a new user of the organisation starts with. */
  defaultRole: Role,
  /** Most active users the organisation may have; 0 = no limit (spec 001 §8 "no available user license"). */
  maxUsers: z.number().int().nonnegative(),
  /** Users of the organisation, and the active ones (what max users counts). */
  userCount: z.number().int().nonnegative(),
  activeUsers: z.number().int().nonnegative(),
  inventoryCount: z.number().int().nonnegative(),
  ...RecordStamps,
});
export type Organisation = z.infer<typeof Organisation>;

export const ORGANISATION_SORT_KEYS = ['name', 'externalUid', 'maxUsers', 'createdAt'] as const;
/** GET v2/admin/organisations: search by name or external UID. */
export const OrganisationSearchQuery = settingsSearchQuery(ORGANISATION_SORT_KEYS);
export type OrganisationSearchQuery = z.infer<typeof OrganisationSearchQuery>;
export const OrganisationPage = pageOf(Organisation);
export type OrganisationPage = z.infer<typeof OrganisationPage>;

const ExternalUid = z.string().trim().max(LIMITS.genericNameMax, VALIDATION.max255);
const MaxUsers = z
  .number({ error: VALIDATION.numericRequired })
  .int(VALIDATION.integer)
  .min(0, VALIDATION.minValue(0))
  .max(2_147_483_647, VALIDATION.maxValue(2_147_483_647));

/** POST v2/admin/organisations. An empty external UID is none. */
export const CreateOrganisationBody = z
  .object({
    name: SettingName,
    externalUid: ExternalUid.nullable().optional(),
    defaultRole: Role.optional(),
    maxUsers: MaxUsers.optional(),
  })
  .strict();
export type CreateOrganisationBody = z.infer<typeof CreateOrganisationBody>;

/** PUT v2/admin/organisations/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateOrganisationBody = z
  .object({
    name: SettingName.optional(),
    externalUid: ExternalUid.nullable().optional(),
    defaultRole: Role.optional(),
    maxUsers: MaxUsers.optional(),
    version: SettingVersion.optional(),
  })
  .strict();
export type UpdateOrganisationBody = z.infer<typeof UpdateOrganisationBody>;

// ── Organisation inventories ────────────────────────────────────────────────────────────────────

export const OrganisationInventory = z.object({
  organisationId: Id,
  organisationName: z.string(),
  inventoryId: Id,
  inventoryName: z.string(),
});
export type OrganisationInventory = z.infer<typeof OrganisationInventory>;

export const ORGANISATION_INVENTORY_SORT_KEYS = ['inventoryName', 'organisationName'] as const;
/** GET v2/admin/organisationInventories: every association, or one organisation's; search by inventory or organisation name. */
export const OrganisationInventorySearchQuery = settingsSearchQuery(ORGANISATION_INVENTORY_SORT_KEYS).extend({ organisationId: Id.optional() });
export type OrganisationInventorySearchQuery = z.infer<typeof OrganisationInventorySearchQuery>;
export const OrganisationInventoryPage = pageOf(OrganisationInventory);
export type OrganisationInventoryPage = z.infer<typeof OrganisationInventoryPage>;

/** POST v2/admin/organisations/{id}/inventories. */
export const AddOrganisationInventoryBody = z.object({ inventoryId: Id }).strict();
export type AddOrganisationInventoryBody = z.infer<typeof AddOrganisationInventoryBody>;
export const OrganisationInventoryParams = z.object({ id: Id, inventoryId: Id });

export const OrganisationInventoryRemoved = z.object({ organisationId: Id, inventoryId: Id, deleted: z.literal(true) });
export type OrganisationInventoryRemoved = z.infer<typeof OrganisationInventoryRemoved>;
