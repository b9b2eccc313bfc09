/**
 * The Simulator panel's arithmetic and checks, kept out of the components so they are tested
 * without a DOM: progress of a replay and of a scenario, the recording name rule, durations, sizes.
 */
import { RecordingName } from '@fleet/contracts';
import type { RecordingSummary, ReplayStatus, ScenarioStatus } from '@fleet/contracts';
import { formatDuration as formatSeconds } from '../files/fileFormat';

/** Replay speeds the panel offers (the contract allows any factor up to 1000). */
export const REPLAY_SPEEDS = [1, 5, 20, 100] as const;

/** Whole percent of `done` over `total`, 0..100; an empty total counts as done only when `finished`. */
export function percent(done: number, total: number, finished = false): number {
  if (total <= 0) return finished ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)));
}

export function replayProgress(status: ReplayStatus) {
  const ended = status.state === 'finished' || status.state === 'stopped';
  return {
    percent: percent(status.applied, status.total, status.state === 'finished'),
    /** Still playing or waiting for a step: the controls that change it apply. */
    live: !ended,
    paused: status.state === 'paused',
    /**
     * The shards still hold the replay (its devices muted, its recording kept): until it is stopped,
     * even once finished. Stop applies while this is true.
     */
    holdsFleet: status.state !== 'stopped',
  };
}

export function scenarioProgress(status: ScenarioStatus) {
  /** Applied device-side steps the shard refused, with their index in the timeline and the reason. */
  const refused = status.outcomes.flatMap((o) => (o.error === null ? [] : [{ index: o.index, error: o.error }]));
  return { percent: percent(status.stepsApplied, status.stepsTotal, !status.running), refused };
}

/**
 * Why `name` cannot name a recording, in the contract's words (RecordingName), or null when it can.
 * An empty field is `'required'` (the form says so in the user's language).
 */
export function recordingNameProblem(name: string): string | null {
  if (name.trim() === '') return 'required';
  const parsed = RecordingName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
}

/** `h:mm:ss` past an hour, else `m:ss` (the Files screen's); negative and non-finite values show as 0:00. */
export function formatDuration(ms: number): string {
  return formatSeconds(Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0);
}

/** A gzip file's size: bytes, KiB or MiB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Recordings a replay can start from: finished ones (the active one is still being written). */
export function replayable(recordings: readonly RecordingSummary[]): RecordingSummary[] {
  return recordings.filter((r) => !r.active);
}

/** The content type the upload declares: gzip by its name or its first two bytes, else NDJSON text. */
export function uploadContentType(fileName: string, head: Uint8Array): 'application/gzip' | 'application/x-ndjson' {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'application/gzip';
  return /\.gz$/i.test(fileName) ? 'application/gzip' : 'application/x-ndjson';
}
