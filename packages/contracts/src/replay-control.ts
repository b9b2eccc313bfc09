/**
 * Recordings and replays as the control plane offers them (mock only): start, list, compare,
 * import into the fleet, replay and its status. The file format is recording.ts.
 */
import { z } from 'zod';
import { ClockStatus } from './control.js';

// ── Recordings and replays (mock only; the file format is recording.ts) ─────────────────────────

/** A recording's name: what the panel and the CLI show; the id is made by the core. */
export const RecordingName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes')
  .max(80);

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
  /** Units and servers whose configuration (a server's: its configuration tabs) was laid on the stored one. */
  unitConfigurations: z.number().int(),
  serverConfigurations: z.number().int(),
  alerts: z.number().int(),
  alertConfigurations: z.number().int(),
  /** Users made or changed (one made from a recording has no usable password until one is set). */
  users: z.number().int(),
  audioRooms: z.number().int(),
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
