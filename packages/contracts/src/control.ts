/**
 * The mock's control plane (tRPC at /mock/trpc): clock control, fault injection per device, fleet
 * size and mix, demo presets. Beside it: the scenario file format (scenario.ts), what the core
 * forwards to simulator shards (shard-control.ts), recordings and replays (replay-control.ts).
 *
 * Mock only: nothing here is part of the REST contract with the real core. The core forwards the
 * simulator-bound parts over the device gateway (gateway.ts `control` / `controlReply`).
 */
import { z } from 'zod';
import { ChannelStatus, SimSlot, UnitApplicationKey, UNIT_DEVICE_GROUPS } from './enums.js';

/** The unit-like type groups a generated fleet mixes (servers come from storage). */
export const UnitDeviceGroup = z.enum(UNIT_DEVICE_GROUPS);
export type UnitDeviceGroup = z.infer<typeof UnitDeviceGroup>;

// ── Clock ────────────────────────────────────────────────────────────────────────────────────────

const SIMULATED_DAY_MS = 24 * 3600_000;
/** A moment of simulated time in ms from a start (a scenario's, a demo round's), a day at the most. */
export const SimulatedMs = z.number().int().min(0).max(SIMULATED_DAY_MS);
/** A stretch of simulated time in ms (a clock step, a demo's loop), a day at the most. */
export const SimulatedPeriodMs = z.number().int().positive().max(SIMULATED_DAY_MS);

/** Real time, accelerated (factor × real time) or stepped by hand (see simulator/src/clock.ts). */
export const ClockModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('realtime') }),
  z.object({ kind: z.literal('accelerated'), factor: z.number().positive().max(10_000) }),
  z.object({ kind: z.literal('stepped') }),
]);
export type ClockModeInput = z.infer<typeof ClockModeSchema>;

export const ClockControlInput = z
  .object({
    /** Switch the clock's mode (time continues from where it is). */
    mode: ClockModeSchema.optional(),
    /** Stepped mode only: advance simulated time by this many ms, firing what falls due. */
    advanceMs: SimulatedPeriodMs.optional(),
  })
  .strict();
export type ClockControlInput = z.infer<typeof ClockControlInput>;

/**
 * A step of the stepped clock under way: from and to (simulated ms since the epoch); the clock's
 * `now` is how far it got. A step runs in slices, so the stack answers everyone meanwhile.
 */
export const ClockStep = z.object({ from: z.number(), to: z.number() });
export type ClockStep = z.infer<typeof ClockStep>;

export const ClockStatus = z.object({
  kind: z.enum(['realtime', 'accelerated', 'stepped']),
  factor: z.number(),
  /** Simulated time, ms since the epoch. */
  now: z.number(),
  /** The step under way (stepped mode), if any. */
  step: ClockStep.nullable().optional(),
});
export type ClockStatus = z.infer<typeof ClockStatus>;

// ── Faults (and device-side operations a scenario drives) ────────────────────────────────────────

/** A modem port, 1-based (faults and scenario checks name one). */
export const ModemPort = z.number().int().min(1).max(16).describe('Modem port, 1-based');
const modem = ModemPort;
const pct = z.number().min(0).max(100);
const ms = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 3600_000);

/**
 * What can be done to one simulated unit. Faults break something (a modem, the camera, the
 * battery, the link to the core); operations do what an operator on the unit itself would (start
 * a stream, record, upgrade, speed test) so a scenario can drive the spec's state rules without a
 * console. Each is applied by the shard that owns the unit, at simulated time.
 */
export const UnitFault = z.discriminatedUnion('type', [
  /** The modem loses its network (connected → false); `modemRecover` brings it back. */
  z.object({ type: z.literal('modemFail'), modem }),
  z.object({ type: z.literal('modemRecover'), modem }),
  /** Per-modem enable/disable as the unit applies it (the spec's "last one cannot be disabled" is the core's rule). */
  z.object({ type: z.literal('modemEnable'), modem, enabled: z.boolean() }),
  /** Scale the modem's capacity (0.05 = very weak signal, 1 = normal). */
  z.object({ type: z.literal('modemSignal'), modem, factor: z.number().min(0).max(4) }),
  z.object({ type: z.literal('modemRoaming'), modem, roaming: z.boolean() }),
  z.object({ type: z.literal('modemSim'), modem, sim: SimSlot }),
  /** Scale every link's capacity (a congested cell): total bitrate falls, bitrateDrop alerts follow. */
  z.object({ type: z.literal('bitrateDrop'), factor: z.number().min(0).max(1) }),
  z.object({ type: z.literal('bitrateRestore') }),
  /** Set the battery at once. */
  z.object({ type: z.literal('battery'), percentage: pct, charging: z.boolean().optional() }),
  /** Drain the battery linearly to `to` % over `overMs` of simulated time (unplugged). */
  z.object({ type: z.literal('batteryDrain'), to: pct, overMs: ms }),
  /** External power plugged in (charging) or pulled. */
  z.object({ type: z.literal('charging'), charging: z.boolean() }),
  z.object({ type: z.literal('camera'), connected: z.boolean() }),
  /** Power off (the unit goes offline, nothing reported) or on (boots, then idle). */
  z.object({ type: z.literal('power'), on: z.boolean() }),
  z.object({ type: z.literal('reboot') }),
  /** The unit stays up but stops answering the core's commands (→ "Configuration not sent, retry"). */
  z.object({ type: z.literal('unresponsive'), on: z.boolean() }),
  /** The unit is now at (lat, lng), which becomes its home; its address is the position's. */
  z.object({ type: z.literal('move'), lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  /**
   * The unit is now `northM` metres north and `eastM` metres east (negative: south, west) of where it
   * started (where the core had it: the city it is named after), which becomes its home. A demo's
   * tour written with it stays in the unit's own city whatever the seed named the unit after.
   */
  z.object({ type: z.literal('moveAround'), northM: z.number().min(-20_000).max(20_000), eastM: z.number().min(-20_000).max(20_000) }),
  /** SD card inserted or pulled: without one, Store & Forward is refused. */
  z.object({ type: z.literal('sdCard'), present: z.boolean() }),
  z.object({ type: z.literal('storageFill'), percent: pct }),
  /** Operator on the unit: start or stop the live stream (optionally to a channel). */
  z.object({ type: z.literal('stream'), start: z.boolean(), channelId: z.string().max(128).optional() }),
  /** Store (record to the SD card: files with _part numbering) on or off. */
  z.object({ type: z.literal('record'), start: z.boolean() }),
  /** Forward (upload recorded files with progress) on or off. */
  z.object({ type: z.literal('forward'), start: z.boolean() }),
  /** The next uploads fail (status failed) or are rejected by the receiving server. */
  z.object({ type: z.literal('uploadFailure'), mode: z.enum(['none', 'failed', 'rejected']) }),
  /** A stalled uplink: the file being sent and those queued after it wait where they are until the stall ends. */
  z.object({ type: z.literal('uploadStall'), on: z.boolean() }),
  /** Start a software upgrade to `target`. */
  z.object({ type: z.literal('upgrade'), target: z.string().max(32), supportedProducts: z.array(z.string().max(64)).max(64).optional() }),
  /** How the running or next upgrade ends: null = success; a spec code (101–107, -1, 6199, ...) = failure. */
  z.object({ type: z.literal('upgradeOutcome'), code: z.number().int().nullable() }),
  z.object({ type: z.literal('speedTest'), start: z.boolean() }),
  /** Select a channel (retried up to 7 times; not found or unlicensed → External). */
  z.object({ type: z.literal('selectChannel'), channelId: z.string().max(128) }),
  z.object({ type: z.literal('fetchLogs'), channelId: z.string().max(128) }),
  /** Start or stop any other application (databridge, videoReturn, audioRoom, ifb, multiCamera, ...). */
  z.object({ type: z.literal('app'), app: UnitApplicationKey, start: z.boolean() }),
  /** The next cellular scan fails ("Scan failed, please try again"). */
  z.object({ type: z.literal('scanFailure'), on: z.boolean() }),
  /**
   * The unit acts on its own now, as an autonomous unit of a lively demo does: when idle, streams
   * for a while to a channel it takes (none free: nothing), or records and then forwards.
   */
  z.object({ type: z.literal('autonomy') }),
]);
export type UnitFault = z.infer<typeof UnitFault>;

/** What can be done to one simulated server (and its channels, video return channels). */
export const ServerFault = z.discriminatedUnion('type', [
  z.object({ type: z.literal('serverPower'), on: z.boolean() }),
  /** Busy: upgrades are refused (6808), logs of another channel are being sent. */
  z.object({ type: z.literal('serverBusy'), busy: z.boolean() }),
  z.object({ type: z.literal('serverCpu'), percent: pct }),
  z.object({ type: z.literal('serverStorage'), percent: pct }),
  z.object({ type: z.literal('serverUpgrade'), target: z.string().max(32) }),
  z.object({ type: z.literal('serverUpgradeOutcome'), code: z.number().int().nullable() }),
  /** A channel loses (or regains) its licence: a unit selecting it ends External. */
  z.object({ type: z.literal('channelLicense'), channelId: z.string().max(128), licensed: z.boolean() }),
  z.object({ type: z.literal('channelStatus'), channelId: z.string().max(128), status: ChannelStatus }),
  z.object({ type: z.literal('vrInput'), vrChannelId: z.string().max(128), connected: z.boolean() }),
  /** The output licence the server holds changes (spec 001 §8); null: not limited. */
  z.object({ type: z.literal('outputLicence'), outputs: z.number().int().min(0).max(1000).nullable() }),
  /** One point-to-multipoint receiver of a channel drops (status lost, bitrate 0) or comes back. */
  z.object({ type: z.literal('ptmpReceiver'), channelId: z.string().max(128), uid: z.string().max(128), lost: z.boolean() }),
  /** The server fails to delete certificates (its certificate store is locked): spec 001 §8 "certificate deletion failed". */
  z.object({ type: z.literal('certificateDeletion'), fails: z.boolean() }),
  /** The server's tally or audio (IFB) interface hardware is unplugged or plugged back (spec 001 §3 tallyHwStatus, audioHwStatus). */
  z.object({ type: z.literal('interfaceHw'), hw: z.enum(['tally', 'audio']), connected: z.boolean() }),
]);
export type ServerFault = z.infer<typeof ServerFault>;

export const FaultTarget = z.union([
  z.object({ unitId: z.string().min(1).max(128), fault: UnitFault }).strict(),
  z.object({ serverId: z.string().min(1).max(128), fault: ServerFault }).strict(),
]);
export type FaultTarget = z.infer<typeof FaultTarget>;

/**
 * A fault the control plane injected that is still in effect (a failed modem, a unit powered off, a
 * server that is busy...): what the shards list (`faults`) and clear (`faultClear`). The id names
 * the target and what the fault holds (`unit:<id>:modemFail:2`), so a later fault on the same part
 * replaces it and the replicas of a server agree on it.
 */
export const ActiveFault = z.object({
  id: z.string(),
  target: FaultTarget,
  /** When it was injected: simulated time, ms since the epoch. */
  since: z.number(),
});
export type ActiveFault = z.infer<typeof ActiveFault>;

/** The control plane's fault.active answer: each active fault with its target's name (null: not in the core). */
export const ActiveFaultView = ActiveFault.extend({ targetName: z.string().nullable() });
export type ActiveFaultView = z.infer<typeof ActiveFaultView>;

/** The control plane's fault.clear: one active fault by its id, or every one. */
export const FaultClearInput = z.object({ id: z.string().min(1).max(400).optional() }).strict();
export type FaultClearInput = z.infer<typeof FaultClearInput>;

// ── Fleet size and mix ───────────────────────────────────────────────────────────────────────────

export const FleetGenerateInput = z
  .object({
    /** Units to generate (previously generated ones are replaced). */
    size: z.number().int().min(0).max(20_000),
    /** Relative weights per type group; default: mostly field units with some of every other. */
    mix: z.partialRecord(UnitDeviceGroup, z.number().min(0)).optional(),
    /** Group (and its inventory) the generated units join; default: the first group. */
    groupId: z.string().min(1).max(128).optional(),
  })
  .strict();
export type FleetGenerateInput = z.infer<typeof FleetGenerateInput>;

/** Generated units carry this id prefix (so they can be replaced without touching seeded ones). */
export const GENERATED_UNIT_PREFIX = 'SIM-';

export const DEFAULT_FLEET_MIX: Record<UnitDeviceGroup, number> = {
  fieldUnits: 60,
  liteUnits: 12,
  smartUnits: 12,
  ptpUnits: 4,
  ptmpUnits: 4,
  extenderDevices: 8,
};

// ── Demo presets (their files: demo.ts) ─────────────────────────────────────────────────────────

/** off: the seeded fleet, no motion; calm: a few units live, nothing failing; lively: the default; breaking-news: a story. */
export const DEMO_PRESET_NAMES = ['off', 'calm', 'lively', 'breaking-news'] as const;
export const DemoPresetName = z.enum(DEMO_PRESET_NAMES);
export type DemoPresetName = z.infer<typeof DemoPresetName>;

/** The control plane's demo.set: a preset, run after the fleet restarts from its seed unless `reset` is false. */
export const DemoSetInput = z.object({ preset: DemoPresetName, reset: z.boolean().optional() }).strict();
export type DemoSetInput = z.infer<typeof DemoSetInput>;
