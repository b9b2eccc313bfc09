/**
 * Device gateway messages: the only way the core and the simulator (or real devices behind an
 * adapter) talk. In-process by default; the same messages travel as JSON over a websocket when the
 * simulator runs as separate shard processes.
 */
import { z } from 'zod';
import { UnitCommand, UnitTypeGroup } from './enums.js';
import { Applications, Battery, BitrateSample, Location, Modem } from './entities/unit.js';
import {
  AlertLevel, AlertType, ChannelStatus, ChannelType, IpPipeState, ServerType, UpgradeState, UploadedFileStatus, VR_INPUT_TYPES, VrChannelStatus,
} from './enums.js';
import { ClockModeSchema } from './control.js';
import { ControlRequest, ShardStatus } from './shard-control.js';
import { HW_INTERFACE_STATUSES, SERVER_RUN_STATES } from './enum-values.js';
import { CellularOperator } from './entities/unit-commands.js';

/** What a simulated (or real) device needs to know about itself. */
export const DeviceSpec = z.object({
  unitId: z.string(),
  name: z.string(),
  productType: z.string(),
  typeGroup: UnitTypeGroup,
  swVersion: z.string(),
  capabilities: z.record(z.string(), z.boolean()),
});
export type DeviceSpec = z.infer<typeof DeviceSpec>;

export const DeviceCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('startStream'), channelId: z.string().nullable() }),
  z.object({ type: z.literal('stopStream') }),
  z.object({ type: z.literal('rename'), name: z.string() }),
  /** POST devices/{id}/commands/{command}: the command kind and its (validated) body. */
  z.object({ type: z.literal('command'), command: UnitCommand, payload: z.unknown() }),
  /** A configuration change (unit updates): which setting and its new (validated) value. */
  z.object({ type: z.literal('configure'), setting: z.string(), payload: z.unknown() }),
  /** A unit action (services, stream variants, IP pipe, intercom, shutdown, files, ...). */
  z.object({ type: z.literal('action'), action: z.string(), payload: z.unknown() }),
  /**
   * Upgrade to a version (spec 001 §4, §5): the device downloads, installs and reboots, reporting
   * `upgrade` events; `supportedProducts` lists the models the version supports when it does not
   * support the unit's (the unit then refuses with 6810).
   */
  z.object({ type: z.literal('upgrade'), targetVersion: z.string(), supportedProducts: z.array(z.string()).optional() }),
]);
export type DeviceCommand = z.infer<typeof DeviceCommand>;

// ── Servers with their channels, and the control plane (core → device) ──────────────────────────
/** A channel of a server as the simulator emulates it (spec 001 §3 Channel). */
export const ChannelSpec = z.object({
  channelId: z.string(),
  name: z.string(),
  type: ChannelType,
  swVersion: z.string(),
  /** A unit selecting an unlicensed channel ends with the selection External (spec 000 §4). */
  licensed: z.boolean(),
  /** Whether the channel supports logs sending (spec 000 §8). */
  supportsLogs: z.boolean(),
  status: ChannelStatus,
  /** What an input channel receives (encoder, srt, rtmp, webrtc); null or absent for the others (their type follows their flags). */
  inputKind: z.string().nullable().optional(),
  /** Point-to-multipoint receivers (unit uids) of the channel's multipoint configuration. */
  ptmpReceivers: z.array(z.string()).optional(),
});
export type ChannelSpec = z.infer<typeof ChannelSpec>;

/** A video return channel (spec 001 §3). */
export const VrChannelSpec = z.object({
  vrChannelId: z.string(),
  name: z.string(),
  inputType: z.enum(VR_INPUT_TYPES),
  status: VrChannelStatus,
});
export type VrChannelSpec = z.infer<typeof VrChannelSpec>;

/** A server (multimedia hub, video return, transceiver, ingest) with its channels. */
export const ServerSpec = z.object({
  serverId: z.string(),
  name: z.string(),
  serverType: ServerType,
  productType: z.string(),
  swVersion: z.string(),
  maxChannels: z.number().int(),
  /** Output channels the server is licensed for (spec 001 §8 output licence); null or absent: not limited. */
  licensedOutputs: z.number().int().nonnegative().nullable().optional(),
  channels: z.array(ChannelSpec),
  vrChannels: z.array(VrChannelSpec),
});
export type ServerSpec = z.infer<typeof ServerSpec>;

/**
 * Every shard knows every server (units select their channels, upgrade from them); each server's
 * periodic state is reported by the one shard listed as its owner.
 */
export const AssignServers = z.object({ kind: z.literal('assignServers'), servers: z.array(ServerSpec), owned: z.array(z.string()) });
/** A control-plane request forwarded to a shard; answered by one `controlReply`. */
export const ControlMessage = z.object({ kind: z.literal('control'), requestId: z.string(), control: z.lazy(() => ShardControlRequest) });

/**
 * A command to a receiving server (spec 001 §7 Servers, Channels, Video return channels): answered
 * by one `ack` from the shard owning the server (ok, or refused with an ErrorCode of the catalogue).
 * `setting` names what is configured (e.g. `smpte`, `ippipe`, `ifbMode`), `payload` the values.
 */
export const ServerCommand = z.discriminatedUnion('type', [
  /** Server-wide configuration (multimedia hub / video return configuration, SMPTE, IP pipe, IFB mode...). */
  z.object({ type: z.literal('configureServer'), setting: z.string(), payload: z.json() }),
  /** Restart the server's cloud instance. */
  z.object({ type: z.literal('resetInstance') }),
  /** One channel's configuration (output mode, NDI, SMPTE 2110, recording, tally, force output, ffmpeg...). */
  z.object({ type: z.literal('configureChannel'), channelId: z.string(), setting: z.string(), payload: z.json() }),
  /** A channel-level action (fetch logs start/stop, input source add/remove, private session...). */
  z.object({ type: z.literal('channelAction'), channelId: z.string(), action: z.string(), payload: z.json() }),
  /** One video return channel's configuration (input type, URL, passphrase, port, latency). */
  z.object({ type: z.literal('configureVrChannel'), vrChannelId: z.string(), setting: z.string(), payload: z.json() }),
  /** Upgrade the server to a version (spec 001 §4, §5: only when idle); it reports `upgrade` events and reboots into it. */
  z.object({ type: z.literal('upgrade'), targetVersion: z.string() }),
]);
export type ServerCommand = z.infer<typeof ServerCommand>;

export const CoreToDevice = z.discriminatedUnion('kind', [
  /** The devices this shard is to emulate (replaces the previous assignment). */
  z.object({ kind: z.literal('assign'), devices: z.array(DeviceSpec) }),
  z.object({ kind: z.literal('command'), commandId: z.string(), unitId: z.string(), command: DeviceCommand }),
  z.object({ kind: z.literal('serverCommand'), commandId: z.string(), serverId: z.string(), command: ServerCommand }),
  AssignServers,
  ControlMessage,
]);
export type CoreToDevice = z.infer<typeof CoreToDevice>;

export const DeviceState = z.object({
  kind: z.literal('state'),
  unitId: z.string(),
  /** False: the device is not reachable (no applications reported). */
  online: z.boolean(),
  applications: Applications,
  at: z.number().int(),
});
export type DeviceState = z.infer<typeof DeviceState>;

export const DeviceTelemetry = z.object({
  kind: z.literal('telemetry'),
  unitId: z.string(),
  battery: Battery.nullable(),
  location: Location.nullable(),
  modems: z.array(Modem),
  cameraConnected: z.boolean(),
  sample: BitrateSample,
  at: z.number().int(),
});
export type DeviceTelemetry = z.infer<typeof DeviceTelemetry>;

export const DeviceAck = z.object({
  kind: z.literal('ack'),
  commandId: z.string(),
  ok: z.boolean(),
  /** An ErrorCode of the catalogue when ok is false. */
  error: z.string().optional(),
  deviceCode: z.number().int().optional(),
  /** A refusal's values for the catalogue message's placeholders ({0}, {1}, …), as the device knows them. */
  params: z.array(z.string()).optional(),
  /** What an accepted command answers at once (the networks of a wifi query). */
  result: z.json().optional(),
});
export type DeviceAck = z.infer<typeof DeviceAck>;

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
export const ChannelLogsEvent = z.object({ type: z.literal('channelLogs'), serverId: z.string(), channelId: z.string(), state: z.enum(['completed', 'stopped']) });
export const StorageInfo = z.object({ id: z.string(), name: z.string(), present: z.boolean(), totalBytes: z.number().nonnegative(), usedBytes: z.number().nonnegative() });
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

// ── Replays (mock only; recording.ts has the file format, control.ts the control plane) ─────────

/** What a device reports, as a recording keeps it and a replay sends it again. */
export const RecordedDeviceMessage = z.discriminatedUnion('kind', [DeviceState, DeviceTelemetry, DeviceEventMessage]);
export type RecordedDeviceMessage = z.infer<typeof RecordedDeviceMessage>;

/**
 * One entry of a shard's part of a replay, due `t` ms (simulated) after the replay starts: a
 * device report the shard sends as that device, or a recorded REST write the shard announces
 * (`replayDue`) and the core runs as the recorded user (the core holds the recording; `index` is
 * the line's position in it).
 */
export const ReplayEntry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('device'), t: z.number().int().min(0), message: RecordedDeviceMessage }),
  z.object({ kind: z.literal('request'), t: z.number().int().min(0), index: z.number().int().min(0) }),
]);
export type ReplayEntry = z.infer<typeof ReplayEntry>;

/** The most entries one `replayLoad` carries (a replay is loaded in several). */
export const REPLAY_LOAD_CHUNK = 2000;

/**
 * What the core asks of a shard: the control plane's requests, and a replay's. During a replay the
 * shard's own devices are muted (they report nothing of their own and acknowledge every command
 * without acting on it: what they did is in the recording); its clock drives the entries.
 */
export const ShardControlRequest = z.discriminatedUnion('op', [
  ...ControlRequest.options,
  /** Entries of this shard's part, in time order, appended to what earlier loads of the same replay brought. */
  z.object({ op: z.literal('replayLoad'), replayId: z.string(), entries: z.array(ReplayEntry).max(REPLAY_LOAD_CHUNK) }),
  /** Mute the devices, restart the clock at `startAt` in `clock` mode, play the loaded entries at their `t`. */
  z.object({ op: z.literal('replayStart'), replayId: z.string(), startAt: z.number(), clock: ClockModeSchema }),
  /** Drop the replay; the devices simulate again. */
  z.object({ op: z.literal('replayStop') }),
]);
export type ShardControlRequest = z.infer<typeof ShardControlRequest>;

/** A shard's replay reached a recorded REST write: the core runs line `index` of the recording. */
export const ReplayDue = z.object({ kind: z.literal('replayDue'), replayId: z.string(), index: z.number().int().min(0) });
export type ReplayDue = z.infer<typeof ReplayDue>;

/** Several messages in one frame (websocket shards batch what they emit in one turn of the loop). */
export const DeviceBatch = z.object({
  kind: z.literal('batch'),
  messages: z.array(z.discriminatedUnion('kind', [DeviceState, DeviceTelemetry, DeviceAck, DeviceEventMessage, ControlReply, ReplayDue])),
});

export const DeviceToCore = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello'), shardId: z.string() }),
  DeviceState,
  DeviceTelemetry,
  DeviceAck,
  DeviceEventMessage,
  ControlReply,
  ReplayDue,
  DeviceBatch,
]);
export type DeviceToCore = z.infer<typeof DeviceToCore>;

/**
 * One end of a gateway link. The core holds one end per shard; the simulator the other. An
 * in-process link passes objects; a websocket link passes the same objects as JSON.
 */
export interface GatewayEnd<Out, In> {
  send(message: Out): void;
  onMessage(handler: (message: In) => void): void;
  onClose(handler: () => void): void;
  close(): void;
}
export type CoreGatewayEnd = GatewayEnd<CoreToDevice, DeviceToCore>;
export type DeviceGatewayEnd = GatewayEnd<DeviceToCore, CoreToDevice>;

export const GATEWAY = {
  wsPath: '/gateway',
  /**
   * Deepest nesting of arrays and objects in a message (or batch member) that is validated by
   * schema: the schemas' free JSON (an acknowledgement's `result`) is walked recursively.
   */
  maxJsonDepth: 64,
} as const;

// ── Hot path: telemetry validated without copying ───────────────────────────────────────────────
/*
 * A shard reports every unit's telemetry once a second: at 10,000 units, `DeviceToCore.safeParse`
 * copied every object of 10,000 messages a second (zod returns new objects), and those copies were
 * what the core kept. `parseDeviceToCore` accepts exactly what `DeviceToCore` accepts (a property
 * test in apps/core holds it to that), checks telemetry by hand, and returns the parsed JSON
 * itself when it already has the schemas' shape — exactly their keys, in their order, which is
 * what zod would have returned — so the result always serialises to the same JSON as zod's.
 * Everything else (and telemetry with other keys or another key order) goes through zod.
 */

/** Keys of the telemetry objects in schema order (a unit test checks them against the schemas). */
export const TELEMETRY_KEYS = {
  telemetry: ['kind', 'unitId', 'battery', 'location', 'modems', 'cameraConnected', 'sample', 'at'],
  battery: ['connected', 'charging', 'percentage'],
  location: ['lat', 'lng', 'address'],
  modem: ['id', 'port', 'name', 'uiType', 'connected', 'enabled', 'uplinkKbps', 'downlinkKbps', 'signalQuality', 'roaming', 'activeSim', 'lastUpdated'],
  sample: ['t', 'kbps'],
} as const;

/** invalid: DeviceTelemetry rejects it; exact: accepted, already zod's output shape; valid: accepted, zod would reshape it. */
export type TelemetryVerdict = 'invalid' | 'exact' | 'valid';

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
/** z.number(): finite. */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** z.number().min(0).max(100). */
const isPercent = (v: unknown): boolean => isNumber(v) && v >= 0 && v <= 100;
const hasOwn = Object.prototype.hasOwnProperty;

/** Own enumerable keys exactly `keys`, in that order, nothing inherited (for…in allocates nothing). */
function hasExactKeys(o: Fields, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (k !== keys[i] || !hasOwn.call(o, k)) return false;
    i++;
  }
  return i === keys.length;
}

function batteryVerdict(v: unknown): TelemetryVerdict {
  if (v === null) return 'exact';
  if (!isObject(v)) return 'invalid';
  if (typeof v.connected !== 'boolean' || typeof v.charging !== 'boolean') return 'invalid';
  if (v.percentage !== null && !isPercent(v.percentage)) return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.battery) ? 'exact' : 'valid';
}

function locationVerdict(v: unknown): TelemetryVerdict {
  if (v === null) return 'exact';
  if (!isObject(v)) return 'invalid';
  if (!isNumber(v.lat) || !isNumber(v.lng)) return 'invalid';
  if (v.address !== null && typeof v.address !== 'string') return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.location) ? 'exact' : 'valid';
}

function modemVerdict(v: unknown): TelemetryVerdict {
  if (!isObject(v)) return 'invalid';
  if (typeof v.id !== 'string' || !Number.isSafeInteger(v.port) || typeof v.name !== 'string') return 'invalid';
  if (v.uiType !== 'wifi' && v.uiType !== 'lan' && v.uiType !== 'cell') return 'invalid';
  if (typeof v.connected !== 'boolean' || typeof v.enabled !== 'boolean' || typeof v.roaming !== 'boolean') return 'invalid';
  if (!isNumber(v.uplinkKbps) || v.uplinkKbps < 0 || !isNumber(v.downlinkKbps) || v.downlinkKbps < 0) return 'invalid';
  if (v.signalQuality !== null && !isPercent(v.signalQuality)) return 'invalid';
  if (v.activeSim !== null && v.activeSim !== 'A' && v.activeSim !== 'B') return 'invalid';
  if (typeof v.lastUpdated !== 'string') return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.modem) ? 'exact' : 'valid';
}

function sampleVerdict(v: unknown): TelemetryVerdict {
  if (!isObject(v)) return 'invalid';
  if (!Number.isSafeInteger(v.t) || !isNumber(v.kbps) || v.kbps < 0) return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.sample) ? 'exact' : 'valid';
}

/** `DeviceTelemetry.safeParse(v).success`, without building anything; see {@link TelemetryVerdict}. */
export function checkDeviceTelemetry(v: unknown): TelemetryVerdict {
  if (!isObject(v) || v.kind !== 'telemetry' || typeof v.unitId !== 'string') return 'invalid';
  if (typeof v.cameraConnected !== 'boolean' || !Number.isSafeInteger(v.at)) return 'invalid';
  let exact = hasExactKeys(v, TELEMETRY_KEYS.telemetry);
  let r = batteryVerdict(v.battery);
  if (r === 'invalid') return r;
  exact &&= r === 'exact';
  r = locationVerdict(v.location);
  if (r === 'invalid') return r;
  exact &&= r === 'exact';
  r = sampleVerdict(v.sample);
  if (r === 'invalid') return r;
  exact &&= r === 'exact';
  const modems = v.modems;
  if (!Array.isArray(modems)) return 'invalid';
  for (let i = 0; i < modems.length; i++) {
    r = modemVerdict(modems[i]);
    if (r === 'invalid') return r;
    exact &&= r === 'exact';
  }
  return exact ? 'exact' : 'valid';
}

const BatchMember = DeviceBatch.shape.messages.element;
type BatchMember = z.infer<typeof BatchMember>;

/**
 * Whether a parsed JSON value nests arrays/objects deeper than `limit` (a top-level `[]` is depth
 * 1). Iterative: it must not overflow the stack on the very values it is there to refuse.
 */
export function jsonNestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (typeof c === 'object' && c !== null) {
        values.push(c);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * zod's verdict, for values that nest no deeper than GATEWAY.maxJsonDepth: zod walks free JSON
 * recursively, so deeper text (a shard's message is parsed by the iterative `JSON.parse`, with no
 * bound of its own) is refused before it.
 */
function viaSchema<T>(schema: z.ZodType<T>, raw: unknown): T | undefined {
  if (jsonNestsDeeperThan(raw, GATEWAY.maxJsonDepth)) return undefined;
  return schema.safeParse(raw).data;
}

/** Telemetry by hand (see above); zod for what the hand check would reshape. */
function telemetryOf(raw: Fields): DeviceTelemetry | undefined {
  const verdict = checkDeviceTelemetry(raw);
  if (verdict === 'exact') return raw as DeviceTelemetry;
  if (verdict === 'invalid') return undefined;
  return viaSchema(DeviceTelemetry, raw);
}

/**
 * A device → core message parsed from JSON, validated: `undefined` exactly when
 * `DeviceToCore.safeParse(raw)` fails or a message (batch member) handed to it nests deeper than
 * GATEWAY.maxJsonDepth, else a message that serialises to the same JSON as that
 * parse's result. Telemetry in the schema's shape (what shards send) is not copied.
 */
export function parseDeviceToCore(raw: unknown): DeviceToCore | undefined {
  if (!isObject(raw)) return undefined;
  if (raw.kind === 'telemetry') return telemetryOf(raw);
  if (raw.kind === 'batch') {
    const messages: unknown = raw.messages;
    if (!Array.isArray(messages)) return undefined;
    // The members as received while they need no copy; a new array from the first one that does.
    let out: BatchMember[] | null = null;
    for (let i = 0; i < messages.length; i++) {
      const m: unknown = messages[i];
      let member: BatchMember | undefined;
      if (isObject(m) && m.kind === 'telemetry') {
        member = telemetryOf(m);
      } else {
        member = viaSchema(BatchMember, m);
      }
      if (member === undefined) return undefined;
      if (out) out.push(member);
      else if (member !== m) {
        out = messages.slice(0, i) as BatchMember[];
        out.push(member);
      }
    }
    return { kind: 'batch', messages: out ?? (messages as BatchMember[]) };
  }
  return viaSchema(DeviceToCore, raw);
}
