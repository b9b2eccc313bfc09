/**
 * Request and answer shapes of the channel calls (spec 001 §3 Channel, §7 Channels). The live
 * state below is the one shape every channel read answers with (fetch, fetch_details, admin
 * lists, group channel details) and the `/channels` screen and the realtime channel events use:
 * the spec's live-state fields, its classification flags, and the ids the console needs to scope
 * and edit a channel. Where the spec leaves a shape "not shown", the shape here is the one the
 * console's screens use.
 */
import { z } from 'zod';
import { ChannelStatus, ChannelType } from '../enums.js';
import { Id, IsoDate } from './common.js';

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
  capabilities: z.record(z.string(), z.json()),
  fetchedRtmpData: z.record(z.string(), z.json()),
  fileTransfer: z.object({ path: z.string().nullable(), status: z.string().nullable() }),
  recording: z.boolean(),
  serverProductType: z.string().nullable(),
  overlay: z.record(z.string(), z.json()),
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
