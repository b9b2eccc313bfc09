/**
 * The mock's control plane (tRPC at /mock/trpc) and the simulator's scenario files: fleet size and
 * mix, fault injection per device, clock control, reset to seed, scenario start/stop/status, and
 * the scenario file format (a timeline of steps with expectations on what the core reports).
 *
 * Mock only: nothing here is part of the REST contract with the real core. The core forwards the
 * simulator-bound parts over the device gateway (gateway.ts `control` / `controlReply`).
 */
import { z } from 'zod';
import {
  AlertLevel, AlertType, ApplicationState, ChannelStatus, Role, SimSlot, UnitApplicationKey, UnitStatus, UNIT_DEVICE_GROUPS,
  UpgradeState, UploadedFileStatus, VrChannelStatus,
} from './enums.js';
import { ManagedServiceName, ManagedServiceState } from './entities/managed-services.js';

/** The unit-like type groups a generated fleet mixes (servers come from storage). */
export const UnitDeviceGroup = z.enum(UNIT_DEVICE_GROUPS);
export type UnitDeviceGroup = z.infer<typeof UnitDeviceGroup>;

// ── Clock ────────────────────────────────────────────────────────────────────────────────────────

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
    advanceMs: z.number().int().positive().max(24 * 3600_000).optional(),
  })
  .strict();
export type ClockControlInput = z.infer<typeof ClockControlInput>;

export const ClockStatus = z.object({
  kind: z.enum(['realtime', 'accelerated', 'stepped']),
  factor: z.number(),
  /** Simulated time, ms since the epoch. */
  now: z.number(),
});
export type ClockStatus = z.infer<typeof ClockStatus>;

// ── Faults (and device-side operations a scenario drives) ────────────────────────────────────────

const modem = z.number().int().min(1).max(16).describe('Modem port, 1-based');
const pct = z.number().min(0).max(100);
const ms = z.number().int().min(0).max(7 * 24 * 3600_000);

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
  z.object({ type: z.literal('move'), lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
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

// ── Scenario files ───────────────────────────────────────────────────────────────────────────────

/** Simulated ms from the scenario start. */
const at = z.number().int().min(0).max(24 * 3600_000);

const range = z.object({ above: z.number().optional(), below: z.number().optional() }).strict();

/**
 * A check on what the core reports about a unit (GET v2/units/{id}, over REST). Every field given
 * must hold.
 */
export const UnitExpectation = z
  .object({
    status: z.union([UnitStatus, z.array(UnitStatus).min(1)]).optional(),
    /** Application keys that must be present / absent; `states` pins their reported state. */
    applications: z
      .object({
        has: z.array(UnitApplicationKey).optional(),
        lacks: z.array(UnitApplicationKey).optional(),
        states: z.partialRecord(UnitApplicationKey, ApplicationState).optional(),
      })
      .strict()
      .optional(),
    modems: z
      .array(
        z
          .object({
            port: modem,
            connected: z.boolean().optional(),
            enabled: z.boolean().optional(),
            roaming: z.boolean().optional(),
            activeSim: SimSlot.optional(),
            uplinkKbps: range.optional(),
          })
          .strict(),
      )
      .optional(),
    /** How many modems are connected (and enabled). */
    connectedModems: range.optional(),
    battery: z.object({ percentage: range.optional(), charging: z.boolean().optional() }).strict().optional(),
    totalBitrate: range.optional(),
    cameraConnected: z.boolean().optional(),
    /** The reported GPS position lies in these ranges. */
    location: z.object({ lat: range.optional(), lng: range.optional() }).strict().optional(),
    licenseValid: z.boolean().optional(),
    swVersion: z.string().optional(),
    /** The unit's tally: program (on air), preview, or null (off). */
    tally: z.string().nullable().optional(),
    alerts: z
      .object({
        has: z.array(z.object({ type: AlertType, level: AlertLevel.optional() }).strict()).optional(),
        lacks: z.array(AlertType).optional(),
      })
      .strict()
      .optional(),
    /** Bitrate samples kept for the graph (at most 360). */
    bitrateSamples: range.optional(),
  })
  .strict();
export type UnitExpectation = z.infer<typeof UnitExpectation>;

/**
 * A check on what the core recorded from devices but does not (yet) serve over REST: upgrade jobs,
 * active alerts (durable rows), files, channel selection, speed tests, servers, channels and video
 * return channels. Read through the control plane's `core.view`.
 */
export const CoreExpectation = z
  .object({
    upgrade: z.object({ state: UpgradeState.optional(), failureCode: z.number().int().nullable().optional(), targetVersion: z.string().optional() }).strict().optional(),
    activeAlerts: z
      .object({
        has: z.array(z.object({ type: AlertType, level: AlertLevel.optional() }).strict()).optional(),
        lacks: z.array(AlertType).optional(),
      })
      .strict()
      .optional(),
    files: z
      .object({
        count: range.optional(),
        /** At least one file with this upload status. */
        withStatus: UploadedFileStatus.optional(),
        /** Every file name matches this pattern (e.g. _part numbering). */
        namesMatch: z.string().max(200).optional(),
        transfersStarted: range.optional(),
        transfersCompleted: range.optional(),
      })
      .strict()
      .optional(),
    selection: z.object({ channelId: z.string().optional(), external: z.boolean().optional(), attempts: range.optional() }).strict().optional(),
    speedTest: z.object({ state: z.enum(['running', 'completed', 'cancelled', 'failed']).optional(), error: z.string().nullable().optional() }).strict().optional(),
    fetchLogs: z.object({ state: z.enum(['running', 'completed', 'failed']).optional(), error: z.string().nullable().optional() }).strict().optional(),
    server: z.object({ status: z.string().optional() }).strict().optional(),
    channel: z
      .object({
        channelId: z.string(),
        status: z.union([ChannelStatus, z.array(ChannelStatus).min(1)]).optional(),
        /** Point-to-multipoint receivers as the core stored them: each listed uid with its status and bitrate (kbps). */
        ptmp: z.array(z.object({ uid: z.string(), status: z.string().optional(), bitrate: range.optional() }).strict()).max(20).optional(),
      })
      .strict()
      .optional(),
    vrChannel: z.object({ vrChannelId: z.string(), status: VrChannelStatus.optional() }).strict().optional(),
    /** A managed service's state as the core answers it now (read through GET v2/inventories/{id}/managedServices). */
    managedService: z.object({ inventoryId: z.string().min(1).max(128), serviceName: ManagedServiceName, state: ManagedServiceState }).strict().optional(),
  })
  .strict();
export type CoreExpectation = z.infer<typeof CoreExpectation>;

const expectationWindow = {
  at,
  /** The check must come true within this many simulated ms (default 15 s)… */
  within: z.number().int().positive().max(3600_000).optional(),
  /** …or, with hold, stay true for all of that window. */
  hold: z.boolean().optional(),
  /** Shown when the check fails. */
  note: z.string().max(200).optional(),
};

/**
 * A device-side step the device refuses fails the scenario, unless the refusal is expected:
 * `refusedWith` names the ErrorCode (e.g. NO_MULTI_CAMERA_LICENSE, UPGRADE_6803).
 */
const refusedWith = z.string().max(64).optional();

/** One step of a scenario's timeline. `at` is simulated ms after the scenario starts. */
export const ScenarioStep = z.discriminatedUnion('do', [
  /** Applied by the simulator at exactly `at` (deterministic). */
  z.object({ do: z.literal('fault'), at, unitId: z.string().min(1).max(128), fault: UnitFault, refusedWith }).strict(),
  z.object({ do: z.literal('serverFault'), at, serverId: z.string().min(1).max(128), fault: ServerFault, refusedWith }).strict(),
  /** A user's REST call to the core (path relative to the core prefix), with the answer expected. */
  z
    .object({
      do: z.literal('request'),
      at,
      as: Role.optional(),
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
      path: z.string().min(1).max(500),
      body: z.unknown().optional(),
      expect: z.object({ status: z.number().int().min(100).max(599).optional(), code: z.string().optional(), deviceCode: z.number().int().optional() }).strict().optional(),
    })
    .strict(),
  /**
   * Mock-only operator step (the runner's, as the control-plane user, through the admin call PUT
   * v2/admin/inventories/{id}/managedServices/{serviceName}): the service goes on an active trial
   * that ends `endsInMs` simulated ms after the step (the core keeps trials on its own clock: on a
   * running clock the time is divided by the factor; on a stepped one the core's clock moves with
   * simulated time). Never a console's call.
   */
  z
    .object({
      do: z.literal('trialEnds'),
      at,
      inventoryId: z.string().min(1).max(128),
      serviceName: ManagedServiceName,
      endsInMs: z.number().int().positive().max(3600_000),
    })
    .strict(),
  z.object({ do: z.literal('expectUnit'), ...expectationWindow, unitId: z.string().min(1).max(128), check: UnitExpectation }).strict(),
  /**
   * The fleet never contradicts itself: every fleet invariant holds on the shards (the simulator's
   * own: streams go to a channel allocated to them or a named External destination, a channel is
   * one unit's at most, a unit that is off holds nothing, ...), and the core's REST answers — unit
   * statuses and tallies, channel statuses and allocations, server statuses — equal what the shards
   * run. Within the window, or with hold for all of it (the core's answers may lag a moment).
   */
  z.object({ do: z.literal('expectFleet'), ...expectationWindow }).strict(),
  z
    .object({
      do: z.literal('expectCore'),
      ...expectationWindow,
      unitId: z.string().min(1).max(128).optional(),
      serverId: z.string().min(1).max(128).optional(),
      check: CoreExpectation,
    })
    .strict(),
]);
export type ScenarioStep = z.infer<typeof ScenarioStep>;

export const ScenarioFile = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).max(80),
    /** The one-line documentation of the scenario. */
    description: z.string().min(1).max(240).regex(/^[^\n]*$/, 'one line'),
    /** The spec rules and failures the scenario exercises (e.g. "000 §8 Camera not connected"). */
    covers: z.array(z.string().max(200)).max(20).default([]),
    seed: z.number().int().default(1),
    /** Clock factor the scenario runs at (CI: accelerated). */
    speed: z.number().positive().max(1000).default(20),
    /**
     * Calm fleet (default): nothing fails or acts on its own beyond the timeline (no spontaneous
     * outages, link drops or roaming, no autonomous units, every unit boots at once), so the
     * expectations see only what the scenario does.
     */
    calm: z.boolean().default(true),
    timeline: z.array(ScenarioStep).min(1).max(500),
  })
  .strict();
export type ScenarioFile = z.infer<typeof ScenarioFile>;
export type ScenarioFileInput = z.input<typeof ScenarioFile>;

export const ScenarioStatus = z.object({
  name: z.string(),
  running: z.boolean(),
  /** Simulated time the scenario started at, and the simulated ms elapsed since. */
  startedAt: z.number(),
  elapsedMs: z.number(),
  /** Device-side steps (faults) applied so far / in all. */
  stepsApplied: z.number().int(),
  stepsTotal: z.number().int(),
  /** How each applied device-side step went on the shard that ran it: index in the timeline, ErrorCode when refused. */
  outcomes: z.array(z.object({ index: z.number().int(), error: z.string().nullable() })),
});
export type ScenarioStatus = z.infer<typeof ScenarioStatus>;

export const ScenarioStartInput = z
  .object({
    scenario: ScenarioFile,
    /** Restart the fleet from the scenario's seed first (default true). */
    reset: z.boolean().optional(),
    /** Override the scenario's clock factor. */
    speed: z.number().positive().max(1000).optional(),
    /**
     * Run on the stepped clock instead (the factor is then unused): simulated time moves only when
     * the caller advances it (`clock.set` with `advanceMs`), so every check sees exactly the
     * simulated time it names, however loaded the machine is.
     */
    stepped: z.boolean().optional(),
  })
  .strict();
export type ScenarioStartInput = z.input<typeof ScenarioStartInput>;

// ── Demo presets (their files: demo.ts) ─────────────────────────────────────────────────────────

/** off: the seeded fleet, no motion; calm: a few units live, nothing failing; lively: the default; breaking-news: a story. */
export const DEMO_PRESET_NAMES = ['off', 'calm', 'lively', 'breaking-news'] as const;
export const DemoPresetName = z.enum(DEMO_PRESET_NAMES);
export type DemoPresetName = z.infer<typeof DemoPresetName>;

/** The control plane's demo.set: a preset, run after the fleet restarts from its seed unless `reset` is false. */
export const DemoSetInput = z.object({ preset: DemoPresetName, reset: z.boolean().optional() }).strict();
export type DemoSetInput = z.infer<typeof DemoSetInput>;

// ── Requests the core forwards to simulator shards (gateway `control`) ───────────────────────────

export const ControlRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('status') }),
  z.object({ op: z.literal('fault'), target: FaultTarget }),
  z.object({ op: z.literal('clock'), clock: ClockControlInput }),
  /** Restart every device from `seed`, simulated time from `startAt`. */
  z.object({ op: z.literal('reset'), seed: z.number().int(), startAt: z.number().optional() }),
  /** Optionally restart from the scenario's seed first (at `startAt`), then schedule its faults. */
  z.object({ op: z.literal('scenarioStart'), scenario: ScenarioFile, reset: z.boolean(), startAt: z.number().optional() }),
  z.object({ op: z.literal('scenarioStop') }),
  /** The scenarios of the simulator's library (simulator/scenarios), answered in `library`. */
  z.object({ op: z.literal('scenarioLibrary') }),
  /** The fleet invariants over the shard now, with what it runs, answered in `fleet`. */
  z.object({ op: z.literal('fleetCheck') }),
  /**
   * Run a demo preset (the shard's simulator/demos/<preset>.json): its motion becomes the fleet's
   * spontaneous behaviour and its timeline plays; with `reset` the fleet restarts from its seed first
   * (at `startAt`), so the demo opens as it did the first time.
   */
  z.object({ op: z.literal('demo'), preset: DemoPresetName, reset: z.boolean(), startAt: z.number().optional() }),
]);
export type ControlRequest = z.infer<typeof ControlRequest>;

/** One shard's part of the running replay. */
export const ShardReplayStatus = z.object({
  replayId: z.string(),
  state: z.enum(['loading', 'running', 'finished', 'stopped']),
  /** Entries of this shard played / in all. */
  applied: z.number().int(),
  total: z.number().int(),
  /** Recording ms reached (simulated ms since the replay started). */
  elapsedMs: z.number(),
});
export type ShardReplayStatus = z.infer<typeof ShardReplayStatus>;

/** A shard's fleet check: the invariants it breaks now (in words) and what it runs, to compare with the core's answers. */
export const ShardFleetCheck = z.object({
  violations: z.array(z.string()),
  /** Each unit with the status the spec's §4 rule gives for what it runs, and its tally (null: off). */
  units: z.array(z.object({ unitId: z.string(), status: UnitStatus, tally: z.string().nullable() })),
  channels: z.array(z.object({ channelId: z.string(), status: ChannelStatus, allocatedTo: z.string().nullable() })),
  servers: z.array(z.object({ serverId: z.string(), status: z.string() })),
});
export type ShardFleetCheck = z.infer<typeof ShardFleetCheck>;

/** What one shard answers to any control request. */
export const ShardStatus = z.object({
  shardId: z.string(),
  seed: z.number().int(),
  devices: z.number().int(),
  servers: z.number().int(),
  clock: ClockStatus,
  scenario: ScenarioStatus.nullable(),
  /** Messages sent to the core, commands received. */
  sent: z.number().int(),
  commands: z.number().int(),
  /** For a fault: whether this shard owned the target and applied it. */
  applied: z.boolean().optional(),
  /** For a refused fault or control: why (an ErrorCode or a short reason). */
  error: z.string().optional(),
  /** For scenarioLibrary: the scenario files the shard can run. */
  library: z.array(ScenarioFile).optional(),
  /** The replay this shard plays, if any (see ShardReplayStatus). */
  replay: ShardReplayStatus.nullable().optional(),
  /** For fleetCheck: the shard's invariants and truth. */
  fleet: ShardFleetCheck.optional(),
  /** The demo preset the shard runs (null: none, the fleet as its timings say). */
  demo: DemoPresetName.nullable().optional(),
});
export type ShardStatus = z.infer<typeof ShardStatus>;

/** The control plane's scenario.status answer. */
export const ScenarioStatusReply = z.object({
  scenario: ScenarioStatus.nullable(),
  clock: ClockStatus,
  /** The core's own time (ms since the epoch): what it compares a trial's or a link's end with. */
  coreNow: z.number(),
});
export type ScenarioStatusReply = z.infer<typeof ScenarioStatusReply>;

// ── Recordings and replays (mock only; the file format is recording.ts) ─────────────────────────

/** A recording's name: what the panel and the CLI show; the id is made by the core. */
export const RecordingName = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes').max(80);

export const RecordingStartInput = z.object({ name: RecordingName }).strict();
export type RecordingStartInput = z.infer<typeof RecordingStartInput>;

/** A recording the core holds (being written while `active`). */
export const RecordingSummary = z.object({
  id: z.string(),
  name: z.string(),
  /**
   * `mock`: made by this core (device reports, REST writes and events); `core`: from any core, the
   * events of its /ws (and, made through the CLI's proxy, the REST exchanges as `answer` lines).
   */
  source: z.enum(['mock', 'core']),
  /** Wall clock of the start, ms since the epoch. */
  startedAt: z.number(),
  durationMs: z.number(),
  /** Lines of each kind (`answer`: REST exchanges a proxy recorded; absent from summaries kept before they were counted). */
  counts: z.object({ device: z.number().int(), request: z.number().int(), event: z.number().int(), answer: z.number().int().optional() }),
  /** Size of the gzip file. */
  bytes: z.number().int(),
  active: z.boolean(),
});
export type RecordingSummary = z.infer<typeof RecordingSummary>;

export const RecordingIdInput = z.object({ id: z.string().min(1).max(128) }).strict();

export const ReplayStartInput = z
  .object({
    recordingId: z.string().min(1).max(128),
    /** Clock factor: 1 = the recording's own pace, 20 = twenty times faster. */
    speed: z.number().positive().max(1000).default(1),
    /** Start paused (stepped clock): nothing is played until a step or a resume. */
    paused: z.boolean().default(false),
    /** Restart the fleet from the recording's seed first (default true; a `core` recording has none: the current seed). */
    reset: z.boolean().default(true),
  })
  .strict();
export type ReplayStartInput = z.input<typeof ReplayStartInput>;

/** Two recordings' event logs compared (recording.compare), as `pnpm replay compare` compares two files. */
export const RecordingCompareInput = z.object({ a: z.string().min(1).max(128), b: z.string().min(1).max(128) }).strict();
export type RecordingCompareInput = z.infer<typeof RecordingCompareInput>;
export const RecordingComparison = z.object({
  /** The event logs are the same once normalised (equal digests). */
  identical: z.boolean(),
  events: z.object({ a: z.number().int(), b: z.number().int() }),
  digests: z.object({ a: z.string(), b: z.string() }),
  /** The first difference in words (null when identical). */
  difference: z.string().nullable(),
});
export type RecordingComparison = z.infer<typeof RecordingComparison>;

/**
 * Build the mock's fleet from what a recording saw (recording.importFleet): the inventories,
 * groups, units, servers, channels and video return channels its answers and events show, with
 * the units' live values; then replay its events as replay.start does (the replay keeps the
 * fleet's own devices muted, so the recorded values stand).
 */
export const FleetImportInput = z
  .object({
    recordingId: z.string().min(1).max(128),
    /** Clock factor of the replay: 1 = the recording's own pace. */
    speed: z.number().positive().max(1000).default(1),
    /** Start the replay paused: the fleet stays as imported until a step or a resume. */
    paused: z.boolean().default(false),
  })
  .strict();
export type FleetImportInput = z.input<typeof FleetImportInput>;

/** How many objects of each kind an import made or changed. */
export const FleetImportCounts = z.object({
  inventories: z.number().int(),
  groups: z.number().int(),
  units: z.number().int(),
  servers: z.number().int(),
  channels: z.number().int(),
  vrChannels: z.number().int(),
});
export type FleetImportCounts = z.infer<typeof FleetImportCounts>;

/** Play the next `entries` entries of the recording (across every shard), then stay paused. */
export const ReplayStepInput = z.object({ entries: z.number().int().min(1).max(10_000).default(1) }).strict();
export type ReplayStepInput = z.input<typeof ReplayStepInput>;


/** The replay as the control plane reports it: every shard's part together. */
export const ReplayStatus = z.object({
  replayId: z.string(),
  recordingId: z.string(),
  name: z.string(),
  state: z.enum(['running', 'paused', 'finished', 'stopped']),
  /** Entries played / in all (device reports and REST writes). */
  applied: z.number().int(),
  total: z.number().int(),
  elapsedMs: z.number(),
  durationMs: z.number(),
  clock: ClockStatus,
  /** REST writes of the recording run again, as their recorded user: answered as recorded / otherwise. */
  requests: z.object({ ok: z.number().int(), failed: z.number().int() }),
  /** Events of an events-only recording that no device report reproduces (a user's change on that core): counted, not played. */
  notReplayable: z.number().int(),
  /** The last problems met (a REST write answered otherwise than recorded, …), newest last. */
  errors: z.array(z.string()).max(20),
});
export type ReplayStatus = z.infer<typeof ReplayStatus>;
export const ReplayStatusReply = z.object({ replay: ReplayStatus.nullable() });
export type ReplayStatusReply = z.infer<typeof ReplayStatusReply>;

/** What recording.importFleet did: the objects made or changed, the live values set, and the replay it started (null without one). */
export const FleetImportResult = z.object({
  recordingId: z.string(),
  counts: FleetImportCounts,
  /** Units given their recorded live values (servers', channels' and video return channels' statuses are among their columns). */
  live: z.number().int(),
  replay: ReplayStatus.nullable(),
});
export type FleetImportResult = z.infer<typeof FleetImportResult>;
