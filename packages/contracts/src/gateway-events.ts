/**
 * Device gateway messages from devices to the core (gateway.ts has the rest): the events a device
 * raises besides its state and telemetry, and the control plane's replies.
 */
import { z } from 'zod';
import { AlertLevel, AlertType, ChannelStatus, IpPipeState, UpgradeState, UploadedFileStatus } from './enums.js';
import { ShardStatus } from './shard-control.js';
import { HW_INTERFACE_STATUSES, SERVER_RUN_STATES } from './enum-values.js';
import { CellularOperator } from './entities/unit-commands.js';
import { Applications } from './entities/unit.js';

// ── Device events, control replies, batches (device → core) ─────────────────────────────────────
const percent = z.number().min(0).max(100);

/** A server's state (spec 001 §3 Server: state, serverUsage); cpu and storage in %. */
export const ServerStateEvent = z.object({
  type: z.literal('serverState'),
  serverId: z.string(),
  online: z.boolean(),
  status: z.enum(['online', 'offline', 'busy', 'upgrading']),
  cpu: percent,
  storage: percent,
  swVersion: z.string(),
  /** Seconds since the server came up (spec 001 §3 Server upTime); null while it is down, absent when not known. */
  upTime: z.number().int().nonnegative().nullable().optional(),
  /** Whether the server runs (spec 001 §3 Server state): `running` while it is up, `stopped` while it is down; absent when not known. */
  state: z.enum(SERVER_RUN_STATES).optional(),
  /**
   * The tally and audio (IFB) interface hardware as the server sees it (spec 001 §3 Server
   * tallyHwStatus, audioHwStatus): null when the server has no such interface or is down; absent
   * when not known.
   */
  tallyHwStatus: z.enum(HW_INTERFACE_STATUSES).nullable().optional(),
  audioHwStatus: z.enum(HW_INTERFACE_STATUSES).nullable().optional(),
  /** The applications running on the server (spec 001 §3 Server applications), as `applications` of a unit; absent when not known. */
  applications: Applications.optional(),
});
/** A channel's live state (spec 001 §3 Channel live state, §4 channel status). */
export const ChannelStateEvent = z.object({
  type: z.literal('channelState'),
  serverId: z.string(),
  channelId: z.string(),
  status: ChannelStatus,
  allocatedToUnitUid: z.string().nullable(),
  licensed: z.boolean(),
  /** A point-to-multipoint channel's receivers as the server sees them: status and bitrate (kbps) each. */
  ptmpStatuses: z.array(z.object({ uid: z.string(), status: z.string(), bitrate: z.number().nonnegative() })).optional(),
  /** The point-to-multipoint delay (ms). */
  ptmpDelay: z.number().int().nonnegative().nullable().optional(),
});
/** A server-level setting's state moved on the device (the IP pipe connecting → connected or failed; spec 001 §4). */
export const ServerConfigStateEvent = z.object({
  type: z.literal('serverConfigState'),
  serverId: z.string(),
  setting: z.literal('ippipe'),
  state: IpPipeState,
});
/**
 * What a receiving server tells about itself when it comes up (spec 001 §3 Server; §7 GET
 * servers/{id}/ips, capabilities, specifications, GET v2/vrChannels/{id}/ips, channels/{id}/ips):
 * the addresses it is reached at (a reset instance may come back on another public address), its
 * hardware and the features it has, what each channel can do, and each video return channel's
 * receiving addresses. The core
 * stores what changed; licences (servicesData) are not the device's to say.
 */
export const ServerInfoEvent = z.object({
  type: z.literal('serverInfo'),
  serverId: z.string(),
  ips: z.array(z.object({ name: z.string().max(64), address: z.string().max(64) })).max(16),
  specifications: z.record(z.string().max(64), z.union([z.string().max(255), z.number(), z.boolean()])),
  capabilities: z.record(z.string().max(64), z.boolean()),
  /** What each channel's hardware can do (4K, NDI, SMPTE 2110, logs...): spec 001 §3 Channel capabilities, §8 "no 4K transmission on the channel". */
  channels: z.array(z.object({ channelId: z.string(), capabilities: z.record(z.string().max(64), z.boolean()) })),
  vrChannels: z.array(z.object({ vrChannelId: z.string(), ips: z.array(z.string().max(64)).max(16) })),
  /** The server's device id (spec 001 §3 Server deviceId): the same for the server whatever its instance; absent when not known. */
  deviceId: z.string().max(64).optional(),
  /** The cloud instance the server runs on (spec 001 §3 Server cloud instance): a reset instance comes back on a new one; absent when not known. */
  cloudInstance: z.string().max(64).optional(),
});
/**
 * A video return channel's status as the device words it: the core maps it (spec 001 §4: unknown
 * → offline) and ignores the connecting and stopping updates.
 */
export const VrChannelStateEvent = z.object({ type: z.literal('vrChannelState'), vrChannelId: z.string(), serverId: z.string(), status: z.string().max(64) });
/** An alert raised (level set) or cleared (level null) on a unit, a server or a channel (spec 000 §3 Alerts). */
export const AlertEvent = z.object({
  type: z.literal('alert'),
  unitId: z.string().nullable(),
  serverId: z.string().nullable(),
  channelId: z.string().nullable(),
  alertType: AlertType,
  level: AlertLevel.nullable(),
  message: z.string(),
  /** The measured value (battery %, bitrate drop %, cpu %, storage %), null for camera. */
  value: z.number().nullable(),
  /** Alert sound by the default alert settings (critical on, warning off; spec 000 §9). */
  sound: z.boolean(),
});
/** A store-and-forward file on a unit: recorded, then uploaded with progress (spec 000 §3 File, §4 file transfer). */
export const FileEvent = z.object({
  type: z.literal('file'),
  unitId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  path: z.string(),
  storageId: z.string(),
  sizeBytes: z.number().nonnegative(),
  /** Upload status; null while the file is only recorded. */
  status: UploadedFileStatus.nullable(),
  progress: z.number().min(0).max(100),
  isTransferring: z.boolean(),
  channelId: z.string().nullable(),
  /** What happened: recorded (a new file or part), started / progress / completed of its transfer. */
  transfer: z.enum(['recorded', 'started', 'progress', 'completed']),
});
/** A software upgrade of a unit or a server (spec 001 §4 states, §8 codes). */
export const UpgradeEvent = z.object({
  type: z.literal('upgrade'),
  deviceType: z.enum(['unit', 'server']),
  deviceId: z.string(),
  fromVersion: z.string(),
  targetVersion: z.string(),
  state: UpgradeState,
  progress: z.number().min(0).max(100),
  /** 101–107, -1, 6802, 6803, 6199, 6808, 6810 when failed or rejected. */
  failureCode: z.number().int().nullable(),
});
/** The outcome of a channel selection (retried up to 7 times; not found or unlicensed → External). */
export const ChannelSelectionEvent = z.object({
  type: z.literal('channelSelection'),
  unitId: z.string(),
  channelId: z.string(),
  /** True when the channel was selected (External counts as selected, as the spec marks it). */
  ok: z.boolean(),
  external: z.boolean(),
  attempts: z.number().int(),
});
export const SpeedTestEvent = z.object({
  type: z.literal('speedTest'),
  unitId: z.string(),
  state: z.enum(['running', 'completed', 'cancelled', 'failed']),
  uplinkKbps: z.number().nullable(),
  downlinkKbps: z.number().nullable(),
  /** An ErrorCode (TEST_CANCELLED, CHANNEL_CHANGED_SPEED_TEST) when not completed. */
  error: z.string().nullable(),
});
export const FetchLogsEvent = z.object({
  type: z.literal('fetchLogs'),
  unitId: z.string(),
  channelId: z.string(),
  state: z.enum(['running', 'completed', 'failed']),
  error: z.string().nullable(),
});
/** A server ended sending one channel's logs (spec 001 §7 POST channels/{id}/fetchlogs): all sent, or stopped. */
export const ChannelLogsEvent = z.object({
  type: z.literal('channelLogs'),
  serverId: z.string(),
  channelId: z.string(),
  state: z.enum(['completed', 'stopped']),
});
export const StorageInfo = z.object({
  id: z.string(),
  name: z.string(),
  present: z.boolean(),
  totalBytes: z.number().nonnegative(),
  usedBytes: z.number().nonnegative(),
});
export type StorageInfo = z.infer<typeof StorageInfo>;
export const StoragesEvent = z.object({ type: z.literal('storages'), unitId: z.string(), storages: z.array(StorageInfo) });
/** The unit's tally as its channel drives it: on air (program), in preview, or off (spec 000 §3 tally). */
export const TallyEvent = z.object({ type: z.literal('tally'), unitId: z.string(), tally: z.enum(['program', 'preview', 'off']) });

/** A cellular scan finished (1–2 minutes after it was asked): operators found, or the failure. */
export const CellularScanEvent = z.object({
  type: z.literal('cellularScan'),
  unitId: z.string(),
  modemId: z.string(),
  state: z.enum(['completed', 'failed']),
  operators: z.array(CellularOperator),
  /** An ErrorCode (SCAN_FAILED) when failed. */
  error: z.string().nullable(),
});

export const DeviceEvent = z.discriminatedUnion('type', [
  ServerStateEvent,
  ChannelStateEvent,
  VrChannelStateEvent,
  ServerConfigStateEvent,
  ServerInfoEvent,
  AlertEvent,
  FileEvent,
  UpgradeEvent,
  ChannelSelectionEvent,
  SpeedTestEvent,
  FetchLogsEvent,
  ChannelLogsEvent,
  StoragesEvent,
  TallyEvent,
  CellularScanEvent,
]);
export type DeviceEvent = z.infer<typeof DeviceEvent>;
export const DeviceEventMessage = z.object({ kind: z.literal('event'), event: DeviceEvent, at: z.number().int() });
export type DeviceEventMessage = z.infer<typeof DeviceEventMessage>;
export const ControlReply = z.object({ kind: z.literal('controlReply'), requestId: z.string(), status: ShardStatus });
export type ControlReply = z.infer<typeof ControlReply>;
