/**
 * Device gateway messages: the only way the core and the simulator (or real devices behind an
 * adapter) talk. In-process by default; the same messages travel as JSON over a websocket when the
 * simulator runs as separate shard processes.
 */
import { z } from 'zod';
import { UnitCommand, UnitTypeGroup } from './enums.js';
import { Applications, Battery, BitrateSample, Location, Modem } from './entities/unit.js';
import { ChannelStatus, ChannelType, ServerType, VR_INPUT_TYPES, VrChannelStatus } from './enums.js';
import { ClockModeSchema } from './control.js';
import { ControlRequest } from './shard-control.js';
import { ControlReply, DeviceEventMessage } from './gateway-events.js';

/**
 * The groups and inventories a unit or channel belongs to: who sees it. A unit told to stream
 * without a channel takes one its own people see (sharing a group with it, else an inventory).
 */
export const DeviceMembership = z.object({ groupIds: z.array(z.string()), inventoryIds: z.array(z.string()) });
export type DeviceMembership = z.infer<typeof DeviceMembership>;

/** What a simulated (or real) device needs to know about itself. */
export const DeviceSpec = z.object({
  unitId: z.string(),
  name: z.string(),
  productType: z.string(),
  typeGroup: UnitTypeGroup,
  swVersion: z.string(),
  capabilities: z.record(z.string(), z.boolean()),
  /**
   * Where the unit is stored as being (its seeded position, near the city its name carries): the
   * device starts there. Absent or null, the device draws a home city of its own.
   */
  home: Location.nullable().optional(),
  /** The unit's groups and inventories; absent: the unit may take any free channel. */
  memberOf: DeviceMembership.optional(),
  /**
   * Whether the unit's video licence is valid (the core's licence, spec 000 §5): without one the
   * device refuses every stream start, a person's or its own (UNIT_VIDEO_LICENSE_INVALID), and a
   * licence withdrawn ends the stream. Absent: valid.
   */
  videoLicensed: z.boolean().optional(),
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
  /** The channel's groups and inventories; absent: it belongs to none (only a unit of no group or inventory takes it by itself). */
  memberOf: DeviceMembership.optional(),
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

/**
 * What a unit sent since it was last switched on, as counters that only grow (they start again at
 * 0 when it restarts): the bytes its links carried while it streamed or forwarded files, and the
 * milliseconds it streamed. The core counts usage from their increase between two reports, so a
 * report after a clock step of a day counts the whole day. Optional: a device without them (a
 * recording made before them) is counted from its bitrate sample and the time between reports.
 */
export const SentCounters = z.object({ bytes: z.number().nonnegative(), streamingMs: z.number().int().nonnegative() });
export type SentCounters = z.infer<typeof SentCounters>;

export const DeviceTelemetry = z.object({
  kind: z.literal('telemetry'),
  unitId: z.string(),
  battery: Battery.nullable(),
  location: Location.nullable(),
  modems: z.array(Modem),
  cameraConnected: z.boolean(),
  sample: BitrateSample,
  at: z.number().int(),
  sent: SentCounters.optional(),
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
