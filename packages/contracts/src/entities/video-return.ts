/**
 * Request and answer shapes of the video return channel calls (spec 001 §3 Video return channel,
 * §7 Video return channels). `VrChannelDetail` is the one shape video return reads answer with and
 * the `/video_return` screen and the realtime events use. Where the spec leaves a shape "not shown",
 * the shape here is the one the console's screens use.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VR_INPUT_TYPES } from '../enum-values.js';
import { VrChannelStatus } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, pageOf, SortDir, StoredJsonObject } from './common.js';

export const VrChannelDetail = z.object({
  uniqueId: Id,
  name: z.string(),
  description: z.string(),
  status: VrChannelStatus,
  /** seconds */
  uptime: z.number().int().nullable(),
  serialNumber: z.string().nullable(),
  inputStandard: z.string().nullable(),
  inputParameters: StoredJsonObject,
  p2MPStreamingStatuses: z.array(StoredJsonObject),
  urlData: StoredJsonObject,
  serverId: Id.nullable(),
  /** The server's name, for lists (null with no server, or one the core no longer has). */
  serverName: z.string().nullable(),
  /** The configuration tab (input type disabled / SDI / SRT, URL, passphrase, port, latency). */
  configuration: z.object({
    inputType: z.enum(VR_INPUT_TYPES),
    url: z.string().nullable(),
    passphrase: z.string().nullable(),
    destinationPort: z.number().int().nullable(),
    latency: z.number().int().nullable(),
  }),
  inventoryIds: z.array(Id),
  groupIds: z.array(Id),
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type VrChannelDetail = z.infer<typeof VrChannelDetail>;

// ── Requests and answers of the video return calls ──────────────────────────────────────────────

/**
 * Limits of the video return configuration. Destination port: the port range of spec 001 §5
 * (IP pipe and registration ports 1-65535). SRT key: "10-64 characters without special
 * characters" (§5). Latency: not in the spec; SRT's own bounds (milliseconds).
 */
export const VR_LIMITS = {
  passphraseMin: 10,
  passphraseMax: 64,
  portMin: 1,
  portMax: 65535,
  latencyMinMs: 20,
  latencyMaxMs: 8000,
  urlMax: 255,
  descriptionMax: 255,
} as const;

/** Spec 001 §5: names of video return channels use letters, numbers, underscores and hyphens only. */
export const VR_CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const VrChannelName = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(255, VALIDATION.max255)
  .regex(VR_CHANNEL_NAME_PATTERN, VALIDATION.unitNameCharacters);
const Description = z.string().max(VR_LIMITS.descriptionMax, VALIDATION.max255);
/** SRT key (§5): 10-64 letters and digits, no special characters. */
export const SrtPassphrase = z
  .string()
  .min(VR_LIMITS.passphraseMin, VALIDATION.betweenChars(VR_LIMITS.passphraseMin, VR_LIMITS.passphraseMax))
  .max(VR_LIMITS.passphraseMax, VALIDATION.betweenChars(VR_LIMITS.passphraseMin, VR_LIMITS.passphraseMax))
  .regex(/^[A-Za-z0-9]+$/, VALIDATION.mustMatchPattern);
const SrtUrl = z
  .string()
  .max(VR_LIMITS.urlMax, VALIDATION.max255)
  // eslint-disable-next-line no-control-regex -- NUL left out: no string the core takes holds it (the document's patterns say so)
  .regex(/^srt:\/\/[^\s/:\x00]+(:\d{1,5})?(\/[^\s\x00]*)?$/, VALIDATION.mustMatchPattern);
const Port = z.number().int().min(VR_LIMITS.portMin).max(VR_LIMITS.portMax);
const Latency = z.number().int().min(VR_LIMITS.latencyMinMs).max(VR_LIMITS.latencyMaxMs);
/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

/**
 * POST v0/video-return-channels/{uniqueId}/update, body `channel`: the configuration tab. Fields
 * left out keep their value; null clears URL, passphrase, port or latency. An SRT input needs a
 * URL (checked against the stored one too). With `version` the change applies only while the
 * channel is still at that version (else 409 CONFLICT).
 */
export const VrChannelConfigurationChange = z
  .object({
    name: VrChannelName.optional(),
    description: Description.optional(),
    inputType: z.enum(VR_INPUT_TYPES).optional(),
    url: SrtUrl.nullable().optional(),
    passphrase: SrtPassphrase.nullable().optional(),
    destinationPort: Port.nullable().optional(),
    latency: Latency.nullable().optional(),
    version: Version.optional(),
  })
  .strict();
export type VrChannelConfigurationChange = z.infer<typeof VrChannelConfigurationChange>;
export const UpdateVrChannelBody = z.object({ channel: VrChannelConfigurationChange }).strict();
export type UpdateVrChannelBody = z.infer<typeof UpdateVrChannelBody>;

export const VrChannelUidParams = z.object({ uniqueId: Id }).strict();
export const VrGroupParams = z.object({ groupId: Id }).strict();

/** Counts of a list of video return channels by status (the /video_return screen's header). */
export const VrChannelCounters = z.object({
  total: z.number().int().nonnegative(),
  idle: z.number().int().nonnegative(),
  inputConnected: z.number().int().nonnegative(),
  collecting: z.number().int().nonnegative(),
  offline: z.number().int().nonnegative(),
  connecting: z.number().int().nonnegative(),
});
export type VrChannelCounters = z.infer<typeof VrChannelCounters>;

/** GET v0/groups/{groupId}/video-return-channels: the group's channels by name, with counts. */
export const GroupVrChannelList = z.object({
  groupId: Id,
  items: z.array(VrChannelDetail),
  counters: VrChannelCounters,
});
export type GroupVrChannelList = z.infer<typeof GroupVrChannelList>;

/** GET v2/vrChannels/{id}/capabilities: what the channel's hardware supports. */
export const VrChannelCapabilities = z.object({
  uniqueId: Id,
  /** Input types the channel can take (disabled always). */
  inputTypes: z.array(z.enum(VR_INPUT_TYPES)),
  capabilities: StoredJsonObject,
});
export type VrChannelCapabilities = z.infer<typeof VrChannelCapabilities>;

/** GET and POST v2/vrChannels/{id}/inputSources: the input source in use and the ones offered. */
export const VrChannelInputSources = z.object({
  uniqueId: Id,
  selected: z.enum(VR_INPUT_TYPES),
  available: z.array(z.enum(VR_INPUT_TYPES)),
  status: VrChannelStatus,
  version: z.number().int().nonnegative(),
});
export type VrChannelInputSources = z.infer<typeof VrChannelInputSources>;
/** POST v2/vrChannels/{id}/inputSources: choose the input source (sent to the device first). */
export const SetVrInputSourceBody = z.object({ inputType: z.enum(VR_INPUT_TYPES), version: Version.optional() }).strict();

/** GET v2/vrChannels/{id}/ips: the addresses the channel receives on. */
export const VrChannelIps = z.object({ uniqueId: Id, ips: z.array(z.string()) });
export type VrChannelIps = z.infer<typeof VrChannelIps>;

// ── Admin (v2/admin/vrChannels...) ──────────────────────────────────────────────────────────────

const Offset = z.coerce.number().int().min(0).max(2_147_483_647).default(0);
const Limit = z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.videoReturnSearchDefaultPageSize);

export const VR_CHANNEL_SEARCH_KEYS = ['name', 'uniqueId', 'serialNumber', 'status', 'description'] as const;
export const VR_CHANNEL_SORT_KEYS = ['name', 'uniqueId', 'serialNumber', 'status', 'createdAt', 'updatedAt'] as const;

/** Admin search (§7; §9 video return search page size 50, key name). */
export const AdminVrChannelSearchQuery = z
  .object({
    offset: Offset,
    limit: Limit,
    searchKey: z.enum(VR_CHANNEL_SEARCH_KEYS).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(VR_CHANNEL_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminVrChannelSearchQuery = z.infer<typeof AdminVrChannelSearchQuery>;
export const AdminVrChannelPage = pageOf(VrChannelDetail);
export type AdminVrChannelPage = z.infer<typeof AdminVrChannelPage>;

/** Group association query (§7: limit, offset; ofInventories: searchKey=name, searchValue, sortBy=name, sortDir). */
export const AdminVrChannelGroupsQuery = z
  .object({
    offset: Offset,
    limit: Limit,
    searchKey: z.enum(['name']).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(['name']).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminVrChannelGroupsQuery = z.infer<typeof AdminVrChannelGroupsQuery>;
export const AdminVrChannelGroup = z.object({
  id: Id,
  name: z.string(),
  inventoryId: Id,
  inventoryName: z.string(),
  /** The channel is shared with this group (always true in .../groups). */
  associated: z.boolean(),
});
export type AdminVrChannelGroup = z.infer<typeof AdminVrChannelGroup>;
export const AdminVrChannelGroupPage = pageOf(AdminVrChannelGroup);
export type AdminVrChannelGroupPage = z.infer<typeof AdminVrChannelGroupPage>;
export const AdminVrChannelInventory = z.object({ id: Id, name: z.string() });
export type AdminVrChannelInventory = z.infer<typeof AdminVrChannelInventory>;

/**
 * POST v2/admin/vrChannels: a new channel in at least one inventory (the admin's), optionally on
 * a video return server of those inventories and shared with groups of those inventories.
 */
export const CreateAdminVrChannelBody = z
  .object({
    uniqueId: z.string().min(1).max(128).regex(VR_CHANNEL_NAME_PATTERN, VALIDATION.mustMatchPattern).optional(),
    name: VrChannelName,
    description: Description.optional(),
    serialNumber: z
      .string()
      .max(64, VALIDATION.maxChars(64))
      .regex(/^[A-Za-z0-9_-]*$/, VALIDATION.mustMatchPattern)
      .optional(),
    serverId: Id.nullable().optional(),
    inventoryIds: z.array(Id).min(1, VALIDATION.required).max(50),
    groupIds: z.array(Id).max(200).optional(),
  })
  .strict();
export type CreateAdminVrChannelBody = z.infer<typeof CreateAdminVrChannelBody>;

/**
 * PUT v2/admin/vrChannels/{uid}: identity fields and feed sharing. `inventoryIds` / `groupIds`
 * replace the associations the admin manages (those of their own inventories; a global admin's:
 * all); feed sharing on the /video_return screen writes them here.
 */
export const UpdateAdminVrChannelBody = z
  .object({
    name: VrChannelName.optional(),
    description: Description.optional(),
    serialNumber: z
      .string()
      .max(64, VALIDATION.maxChars(64))
      .regex(/^[A-Za-z0-9_-]*$/, VALIDATION.mustMatchPattern)
      .nullable()
      .optional(),
    serverId: Id.nullable().optional(),
    inventoryIds: z.array(Id).max(50).optional(),
    groupIds: z.array(Id).max(200).optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateAdminVrChannelBody = z.infer<typeof UpdateAdminVrChannelBody>;

/** DELETE v2/admin/vrChannels/{uid}. */
export const AdminVrChannelDeleted = z.object({ uniqueId: Id, deleted: z.literal(true) });
export type AdminVrChannelDeleted = z.infer<typeof AdminVrChannelDeleted>;
