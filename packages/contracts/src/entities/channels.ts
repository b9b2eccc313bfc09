/**
 * Request and answer shapes of the channel calls (spec 001 §3 Channel, §7 Channels). The live
 * state below is the one shape every channel read answers with (fetch, fetch_details, admin
 * lists, group channel details) and the `/channels` screen and the realtime channel events use:
 * the spec's live-state fields, its classification flags, and the ids the console needs to scope
 * and edit a channel. Where the spec leaves a shape "not shown", the shape here is the one the
 * console's screens use.
 */
import { z } from 'zod';
import { CHANNEL_KINDS } from '../entity-values.js';
import { ChannelStatus, ChannelType } from '../enums.js';
import { CHANNEL_MODES } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, IdParams, IsoDate, pageOf, SortDir, StoredJsonObject, StoredJson } from './common.js';
import { InputSource } from './channel-configuration.js';

/** One receiver of a point-to-multipoint channel (spec 001 §3 ptmpStatuses, with bitrate). */
export const PtmpStatus = z.object({
  uid: z.string(),
  status: z.string(),
  /** kbps */
  bitrate: z.number().nonnegative(),
});
export type PtmpStatus = z.infer<typeof PtmpStatus>;

/** Spec 001 §3 classification flags, derived by packages/domain from the configuration. */
export const ChannelFlags = z.object({
  isDistributor: z.boolean(),
  isStudio: z.boolean(),
  isInput: z.boolean(),
  isOutput: z.boolean(),
  hasSdi: z.boolean(),
  hasCdn: z.boolean(),
  hasSmpte: z.boolean(),
  isSharing: z.boolean(),
});
export type ChannelFlags = z.infer<typeof ChannelFlags>;

/** Spec 001 §3 "Channel (live state)", with the classification flags and what scopes it. */
export const ChannelLive = ChannelFlags.extend({
  channelId: Id,
  channelName: z.string(),
  serverId: Id,
  serverName: z.string(),
  type: ChannelType,
  status: ChannelStatus,
  /** The status class of spec 001 §4 (offline also for unavailable). */
  online: z.boolean(),
  offline: z.boolean(),
  busy: z.boolean(),
  output: z.boolean(),
  preview: z.boolean(),
  sharing: z.boolean(),
  distributor: z.boolean(),
  forceOutput: z.boolean(),
  forwardRtmp: z.boolean(),
  ndi: z.boolean(),
  sdiNo: z.number().int().nullable(),
  studio: z.boolean(),
  /** "SMPTE2110" when the channel outputs SMPTE 2110. */
  flavor: z.string().nullable(),
  cdnName: z.string().nullable(),
  protocol: z.string().nullable(),
  broadcasterName: z.string().nullable(),
  allocatedTo: z.string().nullable(),
  allocatedToUnitAlias: z.string().nullable(),
  allocatedToUnitUid: z.string().nullable(),
  allocatedToByApp: z.string().nullable(),
  tallyName: z.string().nullable(),
  ifb: z.boolean(),
  onAir: z.boolean(),
  supportedByUnit: z.boolean(),
  tallyHwStatus: z.string().nullable(),
  audioHwStatus: z.string().nullable(),
  capabilities: StoredJsonObject,
  fetchedRtmpData: StoredJsonObject,
  fileTransfer: z.object({ path: z.string().nullable(), status: z.string().nullable() }),
  recording: z.boolean(),
  serverProductType: z.string().nullable(),
  overlay: StoredJsonObject,
  smpteMetadata: z.object({ isConfigured: z.boolean() }),
  liveuVersion: z.string().nullable(),
  ptmpLu100: z.boolean(),
  ptmpStatuses: z.array(PtmpStatus),
  /** ms */
  ptmpDelay: z.number().int().nullable(),
  /** seconds */
  uptime: z.number().int().nullable(),
  assignment: z.object({ productId: z.string().nullable() }),
  bandwidthLimit: z.number().int().nullable(),
  privateSession: z.boolean(),
  swVersion: z.string(),
  inventoryIds: z.array(Id),
  groupIds: z.array(Id),
  /** Optimistic version: an edit made with it applies only while the channel is still at it. */
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type ChannelLive = z.infer<typeof ChannelLive>;

/** Spec 001 §3 channel counters over a list. */
export const ChannelCounters = z.object({
  busy: z.number().int().nonnegative(),
  idle: z.number().int().nonnegative(),
  offline: z.number().int().nonnegative(),
  sdi: z.number().int().nonnegative(),
  smpte: z.number().int().nonnegative(),
  cdn: z.number().int().nonnegative(),
  preview: z.number().int().nonnegative(),
  studio: z.number().int().nonnegative(),
  share: z.number().int().nonnegative(),
  distributor: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
  input: z.number().int().nonnegative(),
});
export type ChannelCounters = z.infer<typeof ChannelCounters>;

/** A list of channels with its counters (channel fetch, group channel details). */
export const ChannelList = z.object({ channels: z.array(ChannelLive), counters: ChannelCounters });
export type ChannelList = z.infer<typeof ChannelList>;

// ── Channel reads and admin channel calls (spec 001 §7 Channels) ───────────────────────────────

/** Spec 001 §3 Channel (config) modes. */
export const ChannelMode = z.enum(CHANNEL_MODES);
export type ChannelMode = z.infer<typeof ChannelMode>;

/** Versions are stored as 32-bit integers (PostgreSQL int4): a larger one can never match. */
const INT32_MAX = 2_147_483_647;
const PAGE_OFFSET_MAX = 2_147_483_647;

/** Spec 001 §5: names of channels are letters, numbers, underscores and hyphens only. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ChannelName = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(LIMITS.genericNameMax, VALIDATION.max255)
  .regex(CHANNEL_NAME_PATTERN, VALIDATION.unitNameCharacters);

/** A channel port (TCP/UDP). */
const Port = z.number({ error: VALIDATION.numericRequired }).int(VALIDATION.integer).min(1, VALIDATION.minValue(1)).max(65535, VALIDATION.maxValue(65535));
const SdiNo = z
  .number({ error: VALIDATION.numericRequired })
  .int(VALIDATION.integer)
  .min(1, VALIDATION.minValue(1))
  .max(LIMITS.channelSdiMax, VALIDATION.maxValue(LIMITS.channelSdiMax));

/**
 * The "general" tab of the manage-channel modal (spec 001 §2, §3 Channel config): what an admin
 * edits and what the device is configured with (`configureChannel` setting `general`). The type
 * follows from these flags (spec 001 §4): sdiNo set = the channel has an SDI board, `output` its
 * direction; forwardRtmp, ndi, sdi output, forceOutput or SMPTE 2110 (flavor) give an output;
 * distributor forces output (type distributor). `fourK`: the channel transmits 4K (needs a
 * 4K-capable channel and the server's PRO-4K licence, spec 001 §8).
 */
export const ChannelGeneral = z.object({
  name: z.string(),
  mode: ChannelMode.nullable(),
  port: z.number().int().nullable(),
  recording: z.boolean(),
  tally: z.string().nullable(),
  output: z.boolean(),
  preview: z.boolean(),
  forceOutput: z.boolean(),
  forwardRtmp: z.boolean(),
  distributor: z.boolean(),
  studio: z.boolean(),
  sharing: z.boolean(),
  ndi: z.boolean(),
  sdiNo: z.number().int().nullable(),
  flavor: z.literal('SMPTE2110').nullable(),
  fourK: z.boolean(),
});
export type ChannelGeneral = z.infer<typeof ChannelGeneral>;

/** One receiving machine of a point-to-multipoint channel (spec 001 §3 "Ptmp payload: uniqueID and machines with uid"). */
export const PtmpMachine = z.object({ uid: Id }).strict();
export type PtmpMachine = z.infer<typeof PtmpMachine>;

/** The multipoint tab and the ptmp reads: receivers chosen, and what the device reports of them. */
export const ChannelPtmp = z.object({
  uniqueID: Id,
  channelName: z.string(),
  serverId: Id,
  ptmpLu100: z.boolean(),
  machines: z.array(PtmpMachine),
  ptmpStatuses: z.array(PtmpStatus),
  /** ms */
  ptmpDelay: z.number().int().nullable(),
});
export type ChannelPtmp = z.infer<typeof ChannelPtmp>;

/** The audio interfaces tab: IFB and the hardware status of tally and audio. */
export const ChannelAudioInterfaces = z.object({
  ifb: z.boolean(),
  tallyHwStatus: z.string().nullable(),
  audioHwStatus: z.string().nullable(),
});

/**
 * The ingest tab and GET channels/{id}/ingest_association: the ingest server the channel takes
 * its input from (its own server when that is an ingest server), null when none.
 */
export const ChannelIngestAssociation = z.object({
  channelId: Id,
  associated: z.boolean(),
  serverId: Id.nullable(),
  serverName: z.string().nullable(),
  inputKind: z.string().nullable(),
});
export type ChannelIngestAssociation = z.infer<typeof ChannelIngestAssociation>;

/**
 * One channel for the manage-channel modal (fetch_details, admin read, admin create and update):
 * the live state, and the current values of the tabs this answer carries (input sources included).
 * Streaming destinations, ffmpeg, SMPTE 2110 and the graphics overlay are read through their own
 * calls (channel configuration).
 */
export const ChannelDetails = z.object({
  channel: ChannelLive,
  general: ChannelGeneral,
  multipoint: ChannelPtmp,
  audioInterfaces: ChannelAudioInterfaces,
  ingest: ChannelIngestAssociation,
  /** Licensed output channels of the channel's server (null: not limited) and how many are outputs now (spec 001 §8). */
  outputLicence: z.object({ licensed: z.number().int().nonnegative().nullable(), used: z.number().int().nonnegative() }),
  /**
   * The channel's input sources, as POST channels/{id}/inputSources answers them (secrets masked).
   * Spec 001 §7 has no read of them, so the modal's input sources part reads them here; a channel
   * that is no input has none.
   */
  inputSources: z.array(InputSource),
  /**
   * Whether the channel's server is sending the channel's logs (POST/DELETE channels/{id}/fetchlogs;
   * it ends by itself), as those calls answer it; spec 001 §7 has no read of it, so the modal's
   * logs part reads it here and follows it through channel.changed.
   */
  logs: z.object({ sending: z.boolean(), startedAt: IsoDate.nullable() }),
  createdAt: IsoDate,
});
export type ChannelDetails = z.infer<typeof ChannelDetails>;

/** Status classes a list can be filtered by (spec 001 §3 counters busy, idle, offline). */
export const ChannelStatusClassFilter = z.enum(['busy', 'idle', 'offline']);
export const ChannelKindFilter = z.enum(CHANNEL_KINDS);

/**
 * GET and POST channels/fetch: the caller's channels, optionally of one group or inventory; rows
 * filtered by type, status, status class, counter kind, or a name fragment. The counters count
 * every channel of the group / inventory asked for (before the row filters), so a screen's counters
 * stay put while its filters change.
 */
export const ChannelFetchQuery = z
  .object({
    group: Id.optional(),
    inventory: Id.optional(),
    type: ChannelType.optional(),
    status: ChannelStatus.optional(),
    statusClass: ChannelStatusClassFilter.optional(),
    kind: ChannelKindFilter.optional(),
    name: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).optional(),
  })
  .strict();
export type ChannelFetchQuery = z.infer<typeof ChannelFetchQuery>;

const MAX_IDS = 100;
/** GET channels/fetch_details: ids comma-separated. */
export const ChannelDetailsQuery = z
  .object({
    ids: z
      .string({ error: VALIDATION.required })
      .min(1, VALIDATION.required)
      .max(MAX_IDS * 129),
  })
  .strict();
/** POST channels/fetch_details. */
export const ChannelDetailsBody = z
  .object({ ids: z.array(Id, { error: VALIDATION.required }).min(1, VALIDATION.required).max(MAX_IDS, VALIDATION.maxValue(MAX_IDS)) })
  .strict();
export const ChannelDetailsList = z.object({ channels: z.array(ChannelDetails) });
export type ChannelDetailsList = z.infer<typeof ChannelDetailsList>;

/** GET channels/{id}/status. */
export const ChannelStatusInfo = z.object({
  channelId: Id,
  status: ChannelStatus,
  online: z.boolean(),
  offline: z.boolean(),
  busy: z.boolean(),
  allocatedToUnitUid: z.string().nullable(),
  uptime: z.number().int().nullable(),
});
export type ChannelStatusInfo = z.infer<typeof ChannelStatusInfo>;

/** GET v2/groups/{id}/channelDetails: the group's channels, their counters and the group status (spec 001 §4). */
export const GroupChannelDetails = ChannelList.extend({ groupId: Id, status: ChannelStatus });
export type GroupChannelDetails = z.infer<typeof GroupChannelDetails>;

/** GET channels/{id}/ips: the addresses units and players reach the channel at (its server's). */
export const ChannelIps = z.object({ channelId: Id, serverId: Id, ips: z.array(StoredJson) });
/** GET channels/{id}/capabilities. */
export const ChannelCapabilities = z.object({ channelId: Id, capabilities: StoredJsonObject });

/** POST channels/mediaAccessOutputInfo: output information of the channels named (those the caller sees). */
export const MediaAccessOutputInfoBody = z
  .object({ uniqueIds: z.array(Id, { error: VALIDATION.required }).min(1, VALIDATION.required).max(MAX_IDS, VALIDATION.maxValue(MAX_IDS)) })
  .strict();
export const MediaAccessOutput = z.object({
  uniqueId: Id,
  channelName: z.string(),
  type: ChannelType,
  status: ChannelStatus,
  isOutput: z.boolean(),
  sdiNo: z.number().int().nullable(),
  ndi: z.boolean(),
  flavor: z.string().nullable(),
  cdnName: z.string().nullable(),
  protocol: z.string().nullable(),
  forwardRtmp: z.boolean(),
});
export const MediaAccessOutputInfo = z.object({ outputs: z.array(MediaAccessOutput) });

/** GET fetchPtmpChannels: the caller's point-to-multipoint channels. */
export const PtmpChannelList = z.object({ channels: z.array(ChannelPtmp) });
/** POST updatePtmpChannels: the receivers of one channel (spec 001 §3 ptmp payload). */
export const UpdatePtmpBody = z
  .object({
    uniqueID: Id,
    machines: z.array(PtmpMachine, { error: VALIDATION.required }).max(LIMITS.ptmpMachinesMax, VALIDATION.maxValue(LIMITS.ptmpMachinesMax)),
  })
  .strict();
export type UpdatePtmpBody = z.infer<typeof UpdatePtmpBody>;

/** GET channels/sdi and channels/output. */
export const InventoryChannelsQuery = z.object({ inventoryId: Id }).strict();

// ── Admin channel calls ──────────────────────────────────────────────────────────────────────────

export const ADMIN_CHANNEL_SEARCH_KEYS = ['name', 'uniqueId', 'serverId', 'type', 'status'] as const;
export const ADMIN_CHANNEL_SORT_KEYS = ['name', 'uniqueId', 'serverId', 'type', 'status', 'createdAt', 'updatedAt'] as const;

/** GET v2/admin/channels: paging (default 50, spec 001 §9 search page size), search (contains, case-insensitive), sort. */
export const AdminChannelSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    searchKey: z.enum(ADMIN_CHANNEL_SEARCH_KEYS).optional(),
    searchValue: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).optional(),
    sortBy: z.enum(ADMIN_CHANNEL_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminChannelSearchQuery = z.infer<typeof AdminChannelSearchQuery>;
export const AdminChannelPage = pageOf(ChannelLive);
export type AdminChannelPage = z.infer<typeof AdminChannelPage>;

/** The general fields an admin may set: the general tab's, with the spec's limits on port, tally and SDI number. */
const AdminChannelGeneral = ChannelGeneral.omit({ name: true }).extend({
  port: Port.nullable(),
  tally: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).nullable(),
  sdiNo: SdiNo.nullable(),
});

/** POST v2/admin/channels: a channel on a server (name unique per server), in inventories and groups of theirs. */
export const CreateAdminChannelBody = z
  .object({
    name: ChannelName,
    serverId: Id,
    inventoryIds: z.array(Id).max(50).optional(),
    groupIds: z.array(Id).max(50).optional(),
    ...AdminChannelGeneral.partial().shape,
  })
  .strict();
export type CreateAdminChannelBody = z.infer<typeof CreateAdminChannelBody>;

/**
 * PUT v2/admin/channels/{id}: the general configuration. Sent to the device first and stored once
 * it accepted; with `version` it applies only while the channel is still at that version (409).
 */
export const UpdateAdminChannelBody = z
  .object({
    name: ChannelName.optional(),
    ...AdminChannelGeneral.partial().shape,
    version: z.number().int().nonnegative().max(INT32_MAX).optional(),
  })
  .strict();
export type UpdateAdminChannelBody = z.infer<typeof UpdateAdminChannelBody>;

export const AdminChannelDeleted = z.object({ uniqueId: Id, deleted: z.literal(true) });
export const AdminChannelInventoryParams = IdParams.extend({ inventoryId: Id }).strict();

/** A channel's inventory (admin view). */
export const ChannelInventoryRef = z.object({ id: Id, name: z.string(), region: z.string(), parentId: z.string().nullable() });
export const ChannelInventoryList = z.object({ uniqueId: Id, inventories: z.array(ChannelInventoryRef) });
/** A channel's group (admin view). */
export const ChannelGroupRef = z.object({ id: Id, name: z.string(), inventoryId: Id, inventoryName: z.string() });
export const ChannelGroupList = z.object({ uniqueId: Id, groups: z.array(ChannelGroupRef) });
