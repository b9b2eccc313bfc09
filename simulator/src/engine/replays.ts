/**
 * Replays on this shard: the entries of a recording loaded in parts, then played on a clock of
 * their own while the shard is muted (its devices stopped: nothing of their own reaches the core,
 * and commands are acknowledged without acting, since what the devices did is in the recording).
 * When the replay ends the clock gets back the mode it had before.
 */
import type { ClockModeInput, ReplayEntry, ShardReplayStatus } from '@fleet/contracts';
import { SimClock, type ClockMode } from '../clock.js';
import { ReplayRun } from '../replay/run.js';
import type { ShardContext } from './context.js';

/** What a replay asks of the rest of the shard. */
export interface ReplayHooks {
  /** Stop what runs on its own (the scenario, the devices, the replicas, the telemetry wheel). */
  silence(): void;
  /** Run on this clock from now on (the current one is stopped first). */
  useClock(clock: SimClock): void;
  /** Simulate again from the current seed at the current time (as after a reset). */
  resume(): void;
}

export class ReplayControl {
  /** The replay loaded, playing or last played (kept for the status until the next one). */
  private run: ReplayRun | null = null;
  /** While a replay plays the devices are stopped (see the file's comment). */
  muted = false;
  /** The clock's mode before a replay took the clock over (a paused replay steps it): back when the replay ends. */
  private modeBefore: ClockMode | null = null;

  constructor(
    private readonly ctx: ShardContext,
    private readonly hooks: ReplayHooks,
  ) {}

  /**
   * Append entries to the pending replay of `replayId`; another id drops what was there before
   * (a replay still playing is stopped first, its devices restarted).
   */
  load(replayId: string, entries: readonly ReplayEntry[]): void {
    if (this.run?.replayId !== replayId || !this.run.loading) {
      this.stop();
      this.run = new ReplayRun(replayId);
    }
    this.run.load(entries);
  }

  /**
   * Mute the devices (units and servers stop; nothing reports on its own), restart the clock at
   * `startAt` in `mode` (a new clock, as a reset makes, that the 'clock' op steers), and play the
   * entries on it.
   */
  start(replayId: string, startAt: number, mode: ClockModeInput): { error?: 'REPLAY_NOT_LOADED' } {
    const run = this.run;
    if (run?.replayId !== replayId || !run.loading) return { error: 'REPLAY_NOT_LOADED' };
    this.hooks.silence();
    if (!this.muted) this.modeBefore = this.ctx.clock.mode();
    this.ctx.clock.stop();
    this.hooks.useClock(new SimClock(startAt, mode));
    this.muted = true;
    run.start(this.ctx.clock, (m) => this.ctx.send(m));
    return {};
  }

  /** Drop the replay and, when it had muted the devices, simulate again from the current seed (as after a reset). */
  stop(): void {
    if (this.endPlaying()) this.hooks.resume();
    else this.run?.stop(this.ctx.clock.now());
  }

  /** Stop a replay that has started (playing or finished) and unmute; true when there was one (the devices are then still stopped). */
  endPlaying(): boolean {
    if (!this.muted) return false;
    this.unmute();
    return true;
  }

  /** The shard stops: the replay with it, nothing muted. */
  halt(): void {
    this.run?.stop(this.ctx.clock.now());
    this.muted = false;
  }

  status(): ShardReplayStatus | null {
    return this.run ? this.run.status(this.ctx.clock.now()) : null;
  }

  /**
   * The replay stops and the devices may run again, on the clock's mode from before the replay (a
   * replay stopped while paused would otherwise leave the fleet on a stepped clock, frozen).
   */
  private unmute(): void {
    this.run?.stop(this.ctx.clock.now());
    this.muted = false;
    if (this.modeBefore) this.ctx.clock.setMode(this.modeBefore);
    this.modeBefore = null;
  }
}
