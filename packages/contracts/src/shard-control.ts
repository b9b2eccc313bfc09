/**
 * What the core forwards to simulator shards over the device gateway (`control` / `controlReply`,
 * gateway.ts) and what they answer (mock only).
 */
import { z } from 'zod';
import { ChannelStatus, UnitStatus } from './enums.js';
import { ActiveFault, ClockControlInput, ClockStatus, DemoPresetName, FaultTarget } from './control.js';
import { ScenarioFile, ScenarioStatus } from './scenario.js';

// ── Requests the core forwards to simulator shards (gateway `control`) ───────────────────────────

export const ControlRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('status') }),
  z.object({ op: z.literal('fault'), target: FaultTarget }),
  /** The faults the control plane injected that are still in effect, answered in `faults`. */
  z.object({ op: z.literal('faults') }),
  /** Undo one active fault (by its id) or every one; the faults left are answered in `faults`. */
  z.object({ op: z.literal('faultClear'), id: z.string().optional() }),
  z.object({ op: z.literal('clock'), clock: ClockControlInput }),
  /** End the clock step under way where it got to (what happened until then stays). */
  z.object({ op: z.literal('clockCancel') }),
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
  /** For faults and faultClear: the faults the control plane injected that are still in effect. */
  faults: z.array(ActiveFault).optional(),
  /** For faultClear: the ids of the active faults it undid. */
  cleared: z.array(z.string()).optional(),
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
  /** The core's business time (ms since the epoch): what it compares a trial's end with; it follows the simulated clock. */
  coreNow: z.number(),
});
export type ScenarioStatusReply = z.infer<typeof ScenarioStatusReply>;
