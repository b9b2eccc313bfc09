/**
 * Channel rows as the contract answers them: the stored JSON read leniently, and a channel's live
 * state (`toChannelLive`, shared by every read of the platform slice).
 */
import { z } from 'zod';
import {
  ChannelGeneral as ChannelGeneralSchema,
  ChannelStatus as ChannelStatusSchema,
  PtmpMachine,
  PtmpStatus,
  type AdminChannelSearchQuery,
  type ChannelGeneral,
  type ChannelLive,
  type ChannelType,
} from '@fleet/contracts';
import { channelStatusClass, deriveChannelType, isOutputChannel } from '@fleet/domain';
import type { ChannelRecord, ServerRow } from '../../platform/storage/read-model.js';
import { parseOr } from '../../platform/storage/json-column.js';
import { compareText } from '../../platform/order.js';

// ── Stored JSON, read leniently ────────────────────────────────────────────────────────────────
const JsonRecord = z.record(z.string(), z.json()).catch({});
const FileTransfer = z.object({ path: z.string().nullable().catch(null), status: z.string().nullable().catch(null) }).catch({ path: null, status: null });
const SmpteMetadata = z.object({ isConfigured: z.boolean().catch(false) }).catch({ isConfigured: false });
const Assignment = z.object({ productId: z.string().nullable().catch(null) }).catch({ productId: null });
const PtmpStatuses = z
  .array(z.unknown())
  .catch([])
  .transform((xs) =>
    xs.flatMap((x) => {
      const r = PtmpStatus.safeParse(x);
      return r.success ? [r.data] : [];
    }),
  );
/** The parts of `Channel.configuration` this service owns; other tabs' keys are kept untouched. */
const ChannelConfiguration = z
  .object({
    general: z
      .object({ fourK: z.boolean().catch(false) })
      .partial()
      .catch({}),
    multipoint: z
      .object({ machines: z.array(PtmpMachine).catch([]) })
      .partial()
      .catch({}),
    ingest: z
      .object({ serverId: z.string().nullable().catch(null) })
      .partial()
      .catch({}),
  })
  .partial()
  .catch({});
type ChannelConfiguration = z.infer<typeof ChannelConfiguration>;

/** The server's PRO-4K service (spec 001 §3 service tiers "pro-4k") in its services data. */
export const ServicesData = z.record(z.string(), z.unknown()).catch({});

export function channelConfiguration(row: ChannelRecord): ChannelConfiguration {
  return ChannelConfiguration.parse(row.configuration);
}

/** The flags that decide a channel's type (spec 001 §4). */
export function typeFlags(c: Pick<ChannelGeneral, 'sdiNo' | 'output' | 'forwardRtmp' | 'ndi' | 'forceOutput' | 'flavor' | 'distributor'>) {
  return {
    sdi: c.sdiNo !== null,
    output: c.output,
    forwardRtmp: c.forwardRtmp,
    ndi: c.ndi,
    forceOutput: c.forceOutput,
    smpte: c.flavor === 'SMPTE2110',
    distributor: c.distributor,
  };
}

/** Type of a channel: encoder/SRT/RTMP/WebRTC inputs are inputs; group channels stay group; otherwise derived (spec 001 §4). */
export function channelType(row: Pick<ChannelRecord, 'type' | 'inputKind'>, general: ChannelGeneral): ChannelType {
  if (row.inputKind !== null) return 'input';
  if (row.type === 'group') return 'group';
  return deriveChannelType(typeFlags(general));
}

export function generalOf(row: ChannelRecord): ChannelGeneral {
  return {
    name: row.name,
    mode: parseOr(ChannelGeneralSchema.shape.mode, row.mode, null),
    port: row.port,
    recording: row.recording,
    tally: row.tally,
    output: row.output,
    preview: row.preview,
    forceOutput: row.forceOutput,
    forwardRtmp: row.forwardRtmp,
    distributor: row.distributor,
    studio: row.studio,
    sharing: row.sharing,
    ndi: row.ndi,
    sdiNo: row.sdiNo,
    flavor: row.flavor === 'SMPTE2110' ? 'SMPTE2110' : null,
    fourK: channelConfiguration(row).general?.fourK === true,
  };
}

const liveCache = new WeakMap<ChannelRecord, { server: ServerRow | undefined; live: ChannelLive }>();

/**
 * A channel's live state (spec 001 §3) from its read-model row and its server's row: flags and
 * type by packages/domain, the status class, the stored JSON read leniently. Built once per row
 * object (rows are frozen and replaced on change) and server row.
 */
export function toChannelLive(row: ChannelRecord, server: ServerRow | undefined): ChannelLive {
  const held = liveCache.get(row);
  if (held && held.server === server) return held.live;
  const general = generalOf(row);
  const status = parseOr(ChannelStatusSchema, row.status, 'offline' as const);
  const cls = channelStatusClass(status);
  const type = channelType(row, general);
  const flags = typeFlags(general);
  const live: ChannelLive = {
    channelId: row.id,
    channelName: row.name,
    serverId: row.serverId,
    serverName: server?.name ?? '',
    type,
    status,
    online: cls !== 'offline',
    offline: cls === 'offline',
    busy: cls === 'busy',
    isDistributor: row.distributor,
    isStudio: row.studio,
    isInput: type === 'input',
    isOutput: type !== 'input' && type !== 'group' && isOutputChannel(flags),
    hasSdi: row.sdiNo !== null,
    hasCdn: row.forwardRtmp || row.mode === 'cdn' || row.cdnName !== null,
    hasSmpte: general.flavor === 'SMPTE2110',
    isSharing: row.sharing,
    output: row.output,
    preview: type === 'preview',
    sharing: row.sharing,
    distributor: row.distributor,
    forceOutput: row.forceOutput,
    forwardRtmp: row.forwardRtmp,
    ndi: row.ndi,
    sdiNo: row.sdiNo,
    studio: row.studio,
    flavor: row.flavor,
    cdnName: row.cdnName,
    protocol: row.protocol,
    broadcasterName: row.broadcasterName,
    allocatedTo: row.allocatedTo,
    allocatedToUnitAlias: row.allocatedToUnitAlias,
    allocatedToUnitUid: row.allocatedToUnitUid,
    allocatedToByApp: row.allocatedToByApp,
    tallyName: row.tally,
    ifb: row.ifb,
    onAir: row.onAir,
    supportedByUnit: row.supportedByUnit,
    tallyHwStatus: row.tallyHwStatus ?? server?.tallyHwStatus ?? null,
    audioHwStatus: row.audioHwStatus ?? server?.audioHwStatus ?? null,
    capabilities: JsonRecord.parse(row.capabilities),
    fetchedRtmpData: JsonRecord.parse(row.fetchedRtmpData),
    fileTransfer: FileTransfer.parse(row.fileTransfer),
    recording: row.recording,
    serverProductType: row.serverProductType ?? server?.serverType ?? null,
    overlay: JsonRecord.parse(row.overlay),
    smpteMetadata: SmpteMetadata.parse(row.smpteMetadata),
    liveuVersion: row.liveuVersion,
    ptmpLu100: row.ptmpLu100,
    ptmpStatuses: PtmpStatuses.parse(row.ptmpStatuses),
    ptmpDelay: row.ptmpDelay,
    uptime: row.uptime,
    assignment: Assignment.parse(row.assignment),
    bandwidthLimit: row.bandwidthLimit,
    privateSession: row.privateSession,
    swVersion: row.swVersion,
    inventoryIds: row.inventories.map((i) => i.inventoryId).sort(compareText),
    groupIds: row.groups.map((g) => g.groupId).sort(compareText),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
  Object.freeze(live);
  liveCache.set(row, { server, live });
  return live;
}

/** What the admin channel search sorts by (a channel's creation time is not kept apart from its last change). */
export const ADMIN_SORT_KEY: Record<AdminChannelSearchQuery['sortBy'], (c: ChannelLive) => string> = {
  name: (c) => c.channelName,
  uniqueId: (c) => c.channelId,
  serverId: (c) => c.serverId,
  type: (c) => c.type,
  status: (c) => c.status,
  createdAt: (c) => c.updatedAt,
  updatedAt: (c) => c.updatedAt,
};
