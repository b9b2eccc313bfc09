/**
 * A shard's part of a replay ("Record and replay"): the entries the core loaded, played
 * at exactly their simulated times on the shard's clock, like a scenario's device-side steps
 * (scenarios/timeline.ts). A device entry is sent again as that device, with its times moved to
 * the clock's now so the core sees current times; a request entry is announced to the core
 * (`replayDue`), which runs the recorded REST write itself. Entries due at the same time keep
 * their order, so the same entries on the same clock always give the same sequence.
 */
import type { DeviceToCore, RecordedDeviceMessage, ReplayEntry, ShardReplayStatus } from '@fleet/contracts';
import type { SimClock } from '../clock.js';

type ReplayState = ShardReplayStatus['state'];

/** A recorded device report with its times moved to `now` (a telemetry sample keeps its offset from `at`). */
export function retime(message: RecordedDeviceMessage, now: number): RecordedDeviceMessage {
  if (message.kind === 'telemetry') return { ...message, sample: { ...message.sample, t: now + (message.sample.t - message.at) }, at: now };
  return { ...message, at: now };
}

export class ReplayRun {
  private readonly entries: ReplayEntry[] = [];
  private state: ReplayState = 'loading';
  private applied = 0;
  private startedAt = 0;
  /** Elapsed ms frozen when the run ended (finished or stopped); null while loading or running. */
  private endedAt: number | null = null;
  private readonly cancels: (() => void)[] = [];

  constructor(readonly replayId: string) {}

  get running(): boolean {
    return this.state === 'running';
  }

  get loading(): boolean {
    return this.state === 'loading';
  }

  /** Append entries of a later `replayLoad`; only before the start (the core loads first, then starts). */
  load(entries: readonly ReplayEntry[]): void {
    if (this.state !== 'loading') throw new Error(`replay ${this.replayId} is ${this.state}: it takes no more entries`);
    this.entries.push(...entries);
  }

  /**
   * Schedule every entry at the clock's now + its `t` and play it through `send` when due. The
   * entries are put in time order first (a stable sort: chunks arrive in order, and equal times
   * keep the recording's order).
   */
  start(clock: SimClock, send: (m: DeviceToCore) => void): void {
    if (this.state !== 'loading') throw new Error(`replay ${this.replayId} is ${this.state}: it cannot start again`);
    this.entries.sort((a, b) => a.t - b.t);
    this.startedAt = clock.now();
    this.state = 'running';
    if (this.entries.length === 0) {
      this.finish(0);
      return;
    }
    for (const entry of this.entries) {
      this.cancels.push(
        clock.at(this.startedAt + entry.t, () => {
          this.applied++;
          send(entry.kind === 'device' ? retime(entry.message, clock.now()) : { kind: 'replayDue', replayId: this.replayId, index: entry.index });
          if (this.applied === this.entries.length) this.finish(entry.t);
        }),
      );
    }
  }

  /** Cancel what is still scheduled; the run keeps its counts for the status. */
  stop(now: number): void {
    for (const cancel of this.cancels.splice(0)) cancel();
    if (this.state === 'stopped') return;
    if (this.endedAt === null) this.endedAt = this.state === 'running' ? now - this.startedAt : 0;
    this.state = 'stopped';
  }

  private finish(elapsedMs: number): void {
    this.cancels.length = 0;
    this.state = 'finished';
    this.endedAt = elapsedMs;
  }

  status(now: number): ShardReplayStatus {
    return {
      replayId: this.replayId,
      state: this.state,
      applied: this.applied,
      total: this.entries.length,
      elapsedMs: this.endedAt ?? (this.state === 'running' ? now - this.startedAt : 0),
    };
  }
}
