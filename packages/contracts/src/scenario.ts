/**
 * The simulator's scenario files (mock only): a timeline of steps, each a fault, a device-side
 * operation, a request to the core or a check of what the core reports, with the scenario's status
 * and start input. The library lives in simulator/scenarios/.
 */
import { z } from 'zod';
import {
  AlertLevel,
  AlertType,
  ApplicationState,
  ChannelStatus,
  Role,
  SimSlot,
  UnitApplicationKey,
  UnitStatus,
  UpgradeState,
  UploadedFileStatus,
  VrChannelStatus,
} from './enums.js';
import { ManagedServiceName, ManagedServiceState } from './entities/managed-services.js';
import { ModemPort, ServerFault, SimulatedMs, UnitFault } from './control.js';

// ── Scenario files ───────────────────────────────────────────────────────────────────────────────

/** Simulated ms from the scenario start. */
const at = SimulatedMs.describe('Simulated ms after the scenario starts');

/** A note for whoever reads the file (JSON has no comments); ignored by the runner. */
const $comment = z.string().max(2000).optional().describe('A note for whoever reads the file (JSON has no comments); ignored by the runner');

/**
 * A unit or a server a step names: its id (LU800-0001) or its name as the console shows it. The
 * runner resolves names against the fleet when the run starts (scenario-refs.ts); an id wins over
 * a name, a name two devices share is refused.
 */
const unitRef = z.string().min(1).max(128).describe('The unit: its id (e.g. LU800-0001) or its name as the console shows it');
const serverRef = z.string().min(1).max(128).describe('The server: its id (e.g. MMH-0001) or its name as the console shows it');

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
            port: ModemPort,
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
    upgrade: z
      .object({ state: UpgradeState.optional(), failureCode: z.number().int().nullable().optional(), targetVersion: z.string().optional() })
      .strict()
      .optional(),
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
    speedTest: z
      .object({ state: z.enum(['running', 'completed', 'cancelled', 'failed']).optional(), error: z.string().nullable().optional() })
      .strict()
      .optional(),
    fetchLogs: z
      .object({ state: z.enum(['running', 'completed', 'failed']).optional(), error: z.string().nullable().optional() })
      .strict()
      .optional(),
    server: z.object({ status: z.string().optional() }).strict().optional(),
    channel: z
      .object({
        channelId: z.string(),
        status: z.union([ChannelStatus, z.array(ChannelStatus).min(1)]).optional(),
        /** Point-to-multipoint receivers as the core stored them: each listed uid with its status and bitrate (kbps). */
        ptmp: z
          .array(z.object({ uid: z.string(), status: z.string().optional(), bitrate: range.optional() }).strict())
          .max(20)
          .optional(),
      })
      .strict()
      .optional(),
    vrChannel: z.object({ vrChannelId: z.string(), status: VrChannelStatus.optional() }).strict().optional(),
    /** A managed service's state as the core answers it now (read through GET v2/inventories/{id}/managedServices). */
    managedService: z
      .object({ inventoryId: z.string().min(1).max(128), serviceName: ManagedServiceName, state: ManagedServiceState })
      .strict()
      .optional(),
  })
  .strict();
export type CoreExpectation = z.infer<typeof CoreExpectation>;

const expectationWindow = {
  at,
  $comment,
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
  z
    .object({ do: z.literal('fault'), at, $comment, unitId: unitRef, fault: UnitFault, refusedWith })
    .strict()
    .describe('A fault the simulator applies to a unit at exactly `at`'),
  z
    .object({ do: z.literal('serverFault'), at, $comment, serverId: serverRef, fault: ServerFault, refusedWith })
    .strict()
    .describe('A fault the simulator applies to a server at exactly `at`'),
  /** A user's REST call to the core (path relative to the core prefix), with the answer expected. */
  z
    .object({
      do: z.literal('request'),
      at,
      $comment,
      as: Role.optional(),
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
      path: z.string().min(1).max(500),
      body: z.unknown().optional(),
      expect: z
        .object({ status: z.number().int().min(100).max(599).optional(), code: z.string().optional(), deviceCode: z.number().int().optional() })
        .strict()
        .optional(),
    })
    .strict()
    .describe("A user's REST call to the core (path relative to the core prefix), with the answer expected"),
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
      $comment,
      inventoryId: z.string().min(1).max(128),
      serviceName: ManagedServiceName,
      endsInMs: z.number().int().positive().max(3600_000),
    })
    .strict()
    .describe("Mock-only operator step: an inventory's managed service goes on a trial ending `endsInMs` simulated ms later"),
  z
    .object({ do: z.literal('expectUnit'), ...expectationWindow, unitId: unitRef, check: UnitExpectation })
    .strict()
    .describe('A check on what the core reports about a unit (GET v2/units/{id})'),
  /**
   * The fleet never contradicts itself: every fleet invariant holds on the shards (the simulator's
   * own: streams go to a channel allocated to them or a named External destination, a channel is
   * one unit's at most, a unit that is off holds nothing, ...), and the core's REST answers — unit
   * statuses and tallies, channel statuses and allocations, server statuses — equal what the shards
   * run. Within the window, or with hold for all of it (the core's answers may lag a moment).
   */
  z
    .object({ do: z.literal('expectFleet'), ...expectationWindow })
    .strict()
    .describe('The fleet keeps its invariants and the core agrees with what the shards run'),
  z
    .object({
      do: z.literal('expectCore'),
      ...expectationWindow,
      unitId: unitRef.optional(),
      serverId: serverRef.optional(),
      check: CoreExpectation,
    })
    .strict()
    .describe('A check on what the core recorded (upgrades, active alerts, files, channels, servers, managed services)'),
]);
export type ScenarioStep = z.infer<typeof ScenarioStep>;

/** A scenario's name: lower-case letters, digits and hyphens; a library file is `<name>.json`. */
export const SCENARIO_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export const ScenarioFile = z
  .object({
    /** The JSON Schema an editor checks the file against (simulator/scenarios/scenario.schema.json); ignored by the runner. */
    $schema: z.string().max(500).optional().describe('The JSON Schema editors check this file against; ignored by the runner'),
    $comment,
    name: z
      .string()
      .regex(SCENARIO_NAME_PATTERN, 'lower-case letters, digits and hyphens')
      .max(80)
      .describe("The scenario's name: lower-case letters, digits and hyphens; a library file is named <name>.json"),
    /** The one-line documentation of the scenario. */
    description: z
      .string()
      .min(1)
      .max(240)
      .regex(/^[^\n]*$/, 'one line')
      .describe('What the scenario shows, in one line (the README table and the panel list it)'),
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
    timeline: z.array(ScenarioStep).min(1).max(500).describe('The steps, each at a simulated time; device faults, requests and checks'),
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
  /** The units and servers the run reserves on the shard: the demo preset leaves them alone until it ends. */
  reserved: z.array(z.string()).optional(),
});
export type ScenarioStatus = z.infer<typeof ScenarioStatus>;

export const ScenarioStartInput = z
  .object({
    scenario: ScenarioFile,
    /** Restart the fleet from the scenario's seed first (default true). */
    reset: z.boolean().optional(),
    /**
     * Override the scenario's clock factor. With `stepped`, the pace the caller advances the clock
     * at (simulated time at most this many times wall time: the runner's ×N), which the clock's
     * readers are told (`clock.get`'s `pace`: the header says "Simulated ×N" while it runs).
     */
    speed: z.number().positive().max(1000).optional(),
    /**
     * Run on the stepped clock instead: simulated time moves only when the caller advances it
     * (`clock.set` with `advanceMs`), so every check sees exactly the simulated time it names,
     * however loaded the machine is.
     */
    stepped: z.boolean().optional(),
  })
  .strict();
export type ScenarioStartInput = z.input<typeof ScenarioStartInput>;

/**
 * The scenario runner's outcome of one step (simulator/src/scenarios/runner.ts): what the CLI
 * prints, the JUnit report holds and the panel's runs show. `index` is the step's position in the
 * file's timeline, -1 for a failure of the runner itself.
 */
export interface ScenarioStepResult {
  index: number;
  at: number;
  step: ScenarioStep['do'];
  ok: boolean;
  /** What was checked or done; the mismatches when it failed. */
  detail: string;
  /** Simulated ms into the scenario when the step finished. */
  doneAt: number;
}

/** The scenario runner's outcome of one run. */
export interface ScenarioResult {
  name: string;
  ok: boolean;
  /** The run was stopped before its end (its signal): neither passed nor failed. */
  stopped?: boolean;
  steps: ScenarioStepResult[];
  wallMs: number;
}
