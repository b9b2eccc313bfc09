/**
 * Shapes of inventories (spec 001 §3 Inventory, §7 Inventories): admin CRUD, count, properties,
 * serviceable devices, tally / IFB channels and counts, video return channel association, ingest
 * account and ingest servers. The spec shows no request or answer shapes ("not shown"): these are
 * the ones the /system_entities inventories screen and the inventory tabs use directly (list rows
 * with what a row shows, pages `{ items, total, offset, limit }`, forms' current values with a
 * `version`).
 */
import { z } from 'zod';
import { ADMIN_INVENTORY_SEARCH_KEYS, ADMIN_INVENTORY_SORT_KEYS } from '../entity-values.js';
import { ChannelStatus } from '../enums.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, IdParams, IsoDate, pageOf, RecordStamps, SortDir } from './common.js';
import { ChannelLive } from './channels.js';
import { NewPassword, PASSWORDS_MATCH_RULE } from './users.js';

const INT32_MAX = 2_147_483_647;
const Version = z.number({ error: VALIDATION.integer }).int(VALIDATION.integer).nonnegative().max(INT32_MAX);

// ── Names and fields (spec 001 §5) ───────────────────────────────────────────────────────────────

/** 001 §5 "Names 2-255 characters" (inventory names are free text: the character rule covers channels, servers, devices, groups and video return only). */
export const InventoryName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .min(2, VALIDATION.betweenChars(2, LIMITS.genericNameMax))
  .max(LIMITS.genericNameMax, VALIDATION.max255);
const ShortText = z.string().trim().max(LIMITS.genericNameMax, VALIDATION.max255);

export const InventoryChannelParams = IdParams.extend({ channelId: Id }).strict();
export const InventoryVrChannelParams = IdParams.extend({ vrChannelId: Id }).strict();
export const InventoryServerParams = IdParams.extend({ serverId: Id }).strict();
export const InventoryServerChannelParams = IdParams.extend({ serverId: Id, channelId: Id }).strict();

// ── Admin CRUD ───────────────────────────────────────────────────────────────────────────────────

/** One inventory as the admin list and form show it. */
export const AdminInventory = z.object({
  id: Id,
  name: z.string(),
  region: z.string(),
  parentId: Id.nullable(),
  parentName: z.string().nullable(),
  sipServer: z.string().nullable(),
  /** Direct children (an inventory with children is not deleted). */
  childCount: z.number().int().nonnegative(),
  ...RecordStamps,
});
export type AdminInventory = z.infer<typeof AdminInventory>;

const SearchFields = {
  searchKey: z.enum(ADMIN_INVENTORY_SEARCH_KEYS).optional(),
  searchValue: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).optional(),
};

/** GET v2/admin/inventories: search (contains, case-insensitive), paging (default 50, spec 001 §9 search 50), sort. */
export const AdminInventorySearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(INT32_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    ...SearchFields,
    sortBy: z.enum(ADMIN_INVENTORY_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminInventorySearchQuery = z.infer<typeof AdminInventorySearchQuery>;
export const AdminInventoryPage = pageOf(AdminInventory);
export type AdminInventoryPage = z.infer<typeof AdminInventoryPage>;

/** GET v2/admin/inventories/count: the same search, counted. */
export const AdminInventoryCountQuery = z.object(SearchFields).strict();
export const AdminInventoryCount = z.object({ count: z.number().int().nonnegative() });

/** POST v2/admin/inventories. A top-level inventory (no parent) is for super user and staff only. */
export const CreateAdminInventoryBody = z
  .object({
    name: InventoryName,
    region: ShortText.optional(),
    parentId: Id.nullable().optional(),
    sipServer: ShortText.nullable().optional(),
  })
  .strict();
export type CreateAdminInventoryBody = z.infer<typeof CreateAdminInventoryBody>;

/** PUT v2/admin/inventories/{id}: the fields given; with `version`, only while the inventory is still at it (409). */
export const UpdateAdminInventoryBody = z
  .object({
    name: InventoryName.optional(),
    region: ShortText.optional(),
    parentId: Id.nullable().optional(),
    sipServer: ShortText.nullable().optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateAdminInventoryBody = z.infer<typeof UpdateAdminInventoryBody>;

export const AdminInventoryDeleted = z.object({ id: Id, deleted: z.literal(true) });

// ── Properties ───────────────────────────────────────────────────────────────────────────────────

const PropertyFields = {
  mapView: z.boolean(),
  reboot: z.boolean(),
  vsim: z.boolean(),
  socialMedia: z.boolean(),
  mjpegPreview: z.boolean(),
};
/** Spec 001 §3 inventory properties: map view, reboot, vsim, social media, MJPEG preview (unset reads false). */
export const InventoryProperties = z.object({ inventoryId: Id, ...PropertyFields, version: z.number().int().nonnegative() });
export type InventoryProperties = z.infer<typeof InventoryProperties>;
/** PUT .../properties: the flags given, the others kept. */
export const UpdateInventoryPropertiesBody = z
  .object({
    mapView: PropertyFields.mapView.optional(),
    reboot: PropertyFields.reboot.optional(),
    vsim: PropertyFields.vsim.optional(),
    socialMedia: PropertyFields.socialMedia.optional(),
    mjpegPreview: PropertyFields.mjpegPreview.optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateInventoryPropertiesBody = z.infer<typeof UpdateInventoryPropertiesBody>;

// ── Serviceable devices ──────────────────────────────────────────────────────────────────────────

/**
 * GET v2/admin/inventories/{id}/serviceableDevices: the devices support may act on for the
 * inventory (remote actions, access approvals): its units and its servers, each with whether it is
 * online now (an action reaches an online device only).
 */
export const ServiceableDevice = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['unit', 'server']),
  /** Unit product type or server type. */
  type: z.string(),
  status: z.string(),
  online: z.boolean(),
  swVersion: z.string(),
});
export const ServiceableDevices = z.object({ inventoryId: Id, units: z.array(ServiceableDevice), servers: z.array(ServiceableDevice) });
export type ServiceableDevices = z.infer<typeof ServiceableDevices>;

// ── Tally and IFB ────────────────────────────────────────────────────────────────────────────────

/** A channel associated with an inventory's tally or IFB, as the tab's row shows it. */
const InventoryChannelRow = z.object({
  channelId: Id,
  channelName: z.string(),
  serverId: Id,
  serverName: z.string(),
  status: ChannelStatus,
  online: z.boolean(),
  busy: z.boolean(),
});
/** The channel's live tally (spec 001 §3 tally name, tallyHwStatus, onAir), or null without the tally service. */
export const TallyState = z.object({ tallyName: z.string().nullable(), tallyHwStatus: z.string().nullable(), onAir: z.boolean() });
export const TallyChannel = InventoryChannelRow.extend({ tally: TallyState.nullable() });
/**
 * GET v2/inventories/{id}/tally. Spec 001 §6 "Tally data is fetched only if the user has the tally
 * service": the tally service is held by units (SERVICES 'tally'); the caller has it for this
 * inventory when one of the inventory's units has it enabled. Without it the associations are
 * still listed (they are configuration) but carry no live tally (`tally: null`).
 */
export const InventoryTally = z.object({
  inventoryId: Id,
  tallyService: z.boolean(),
  channels: z.array(TallyChannel),
  version: z.number().int().nonnegative(),
});
export type InventoryTally = z.infer<typeof InventoryTally>;

export const IfbChannel = InventoryChannelRow.extend({ ifb: z.boolean(), audioHwStatus: z.string().nullable() });
/** IFB seats of the inventory as its licence keeps them: available, used and frozen. */
export const IfbCounts = z.object({
  inventoryId: Id,
  available: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  frozen: z.number().int().nonnegative(),
});
export type IfbCounts = z.infer<typeof IfbCounts>;
/** GET v2/inventories/{id}/ifb: the IFB channels and the counts. */
export const InventoryIfb = z.object({ inventoryId: Id, channels: z.array(IfbChannel), counts: IfbCounts, version: z.number().int().nonnegative() });
export type InventoryIfb = z.infer<typeof InventoryIfb>;

// ── Ingest account ───────────────────────────────────────────────────────────────────────────────

/** 001 §5 username rule (3-255 characters from letters, digits and @ . + - _), used for the ingest account's login. */
export const IngestUsername = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .min(LIMITS.usernameMin, VALIDATION.betweenChars(LIMITS.usernameMin, LIMITS.usernameMax))
  .max(LIMITS.usernameMax, VALIDATION.betweenChars(LIMITS.usernameMin, LIMITS.usernameMax))
  .regex(/^[A-Za-z0-9@.+\-_]+$/, VALIDATION.mustMatchPattern);

/** The ingest account's configuration: whether ingest is on, where the ingest server drops files. */
export const IngestConfiguration = z.object({
  enabled: z.boolean(),
  host: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).nullable(),
  port: z
    .number({ error: VALIDATION.numericRequired })
    .int(VALIDATION.integer)
    .min(1, VALIDATION.minValue(1))
    .max(65535, VALIDATION.maxValue(65535))
    .nullable(),
  path: z.string().max(LIMITS.genericNameMax, VALIDATION.max255),
});
export type IngestConfiguration = z.infer<typeof IngestConfiguration>;

/** GET v2/inventories/{id}/ingestAccount: the account (secrets write-only: whether a password and an XSLT are stored). */
export const IngestAccount = z.object({
  inventoryId: Id,
  /** False until a configuration is saved (the other fields are then the defaults). */
  exists: z.boolean(),
  username: z.string(),
  hasPassword: z.boolean(),
  hasXslt: z.boolean(),
  xsltFileName: z.string().nullable(),
  configuration: IngestConfiguration,
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate.nullable(),
});
export type IngestAccount = z.infer<typeof IngestAccount>;

/**
 * PUT v2/inventories/{id}/ingestAccount: creates the account or changes it. The username is
 * unique across inventories (the ingest servers log in with it): another inventory's is "Inventory
 * configuration already exists".
 */
export const UpdateIngestAccountBody = z
  .object({
    username: IngestUsername.optional(),
    enabled: IngestConfiguration.shape.enabled.optional(),
    host: IngestConfiguration.shape.host.optional(),
    port: IngestConfiguration.shape.port.optional(),
    path: IngestConfiguration.shape.path.optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateIngestAccountBody = z.infer<typeof UpdateIngestAccountBody>;

/**
 * PUT .../ingestAccount/password: the new password twice, under the users' rule (spec 001 §5 "New
 * password at least 8 characters with upper, lower, digit and/or punctuation; the two entries must
 * match"; the mismatch is on the confirmation).
 */
export const IngestPasswordBody = z
  .object({
    password: NewPassword,
    passwordConfirmation: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(1024, VALIDATION.maxChars(1024)),
    version: Version.optional(),
  })
  .strict()
  .refine((b) => b.password === b.passwordConfirmation, { message: VALIDATION.passwordsMustMatch, path: ['passwordConfirmation'] })
  .meta(statesRules(PASSWORDS_MATCH_RULE));
export type IngestPasswordBody = z.infer<typeof IngestPasswordBody>;

/** Largest XSLT document accepted (the ingest server's metadata transform: a stylesheet, not a media file). */
export const INGEST_XSLT_MAX_BYTES = 256 * 1024;
/**
 * POST .../ingestAccount/xslt: the document in the body (its file name ends in .xsl or .xslt, spec
 * 000 §5 "Only XSLT file type accepted", worded as §8 "File type not supported") and, once the account has a password, that password.
 */
export const IngestXsltBody = z
  .object({
    fileName: z
      .string({ error: VALIDATION.required })
      .min(1, VALIDATION.required)
      .max(LIMITS.genericNameMax, VALIDATION.max255)
      .regex(/\.xslt?$/i, VALIDATION.xsltOnly),
    content: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(INGEST_XSLT_MAX_BYTES, VALIDATION.maxChars(INGEST_XSLT_MAX_BYTES)),
    /**
     * The XSLT security check (spec 000 §8 "Incorrect password"): the ingest account's password,
     * needed once the account has one.
     */
    password: z.string().max(1024, VALIDATION.maxChars(1024)).optional(),
    version: Version.optional(),
  })
  .strict();
export type IngestXsltBody = z.infer<typeof IngestXsltBody>;

export const IngestAccountDeleted = z.object({ inventoryId: Id, deleted: z.literal(true) });

/** POST .../ingestAccount/test: whether the configuration would work, and if not why. */
export const IngestAccountTest = z.object({ inventoryId: Id, ok: z.boolean(), reason: z.string().nullable() });
export type IngestAccountTest = z.infer<typeof IngestAccountTest>;

// ── Ingest servers ───────────────────────────────────────────────────────────────────────────────

/** An ingest server of the inventory, with how many channels it feeds. */
export const InventoryIngestServer = z.object({
  id: Id,
  name: z.string(),
  status: z.string(),
  swVersion: z.string(),
  channelCount: z.number().int().nonnegative(),
});
export const InventoryIngestServers = z.object({ inventoryId: Id, servers: z.array(InventoryIngestServer) });
/**
 * GET .../ingestServers/{serverId}/channels: the channels of the inventory the ingest server feeds
 * (its own channels, and those associated with it: the same association GET
 * channels/{id}/ingest_association reads).
 */
export const InventoryIngestServerChannels = z.object({ inventoryId: Id, serverId: Id, channels: z.array(ChannelLive) });
export type InventoryIngestServerChannels = z.infer<typeof InventoryIngestServerChannels>;
