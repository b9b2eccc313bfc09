/**
 * The applications (activities) a unit runs and how they come and go (spec 000 §4): a start goes
 * through `connecting` to its running state after the start-up time; a stop goes through
 * `disconnecting` (databridge and video return: `stopping`) to gone after the stop time. Every
 * change is reported at once: the core derives the unit's status from the applications
 * (packages/domain), never from anything the simulator decides.
 */
import type { ApplicationState, Applications, UnitApplicationKey } from '@fleet/contracts';

/** What the applications need from their unit. */
export interface ApplicationsHost {
  /** False once the unit went off: a transition it started then does nothing more. */
  isOnline(): boolean;
  schedule(ms: number, fn: () => void): void;
  /** Start-up and stop time of one transition (drawn each time). */
  startMs(): number;
  stopMs(): number;
  /** After every change (the unit reports its applications). */
  changed(): void;
}

export interface StartOptions {
  /** The state once started: `running` unless said otherwise (a speed test runs in `speedtest`). */
  running?: ApplicationState | (() => ApplicationState);
  /** Start-up time instead of the host's. */
  afterMs?: number;
  /** When the start-up is over (not when the start was stopped or the unit went off meanwhile). */
  onRunning?: () => void;
}

export interface StopOptions {
  /** When the application is gone (not when it was started again meanwhile). */
  onGone?: () => void;
}

/** Databridge and video return stop through `stopping`, the others through `disconnecting` (spec 000 §4). */
export function leavingState(key: UnitApplicationKey): ApplicationState {
  return key === 'databridge' || key === 'videoReturn' ? 'stopping' : 'disconnecting';
}

export class UnitApplications {
  private current: Applications = {};
  /** Bumped by every start and stop of a key: a transition overtaken by a newer one does nothing when its time comes. */
  private readonly turns = new Map<UnitApplicationKey, number>();

  constructor(private readonly host: ApplicationsHost) {}

  /** The applications as reported (a fresh object after every change). */
  get all(): Applications {
    return this.current;
  }

  state(key: UnitApplicationKey): ApplicationState | undefined {
    return this.current[key]?.state;
  }

  has(key: UnitApplicationKey): boolean {
    return this.current[key] !== undefined;
  }

  /** Going away (disconnecting / stopping) or failed: a new start replaces it. */
  isEnding(key: UnitApplicationKey): boolean {
    const s = this.state(key);
    return s === leavingState(key) || s === 'failed';
  }

  /** Set one application's state now and report it (undefined: gone). */
  set(key: UnitApplicationKey, state: ApplicationState | undefined): void {
    const next = { ...this.current };
    if (state === undefined) delete next[key];
    else next[key] = { state };
    this.current = next;
    this.host.changed();
  }

  /** Every application gone at once, unreported (the unit went off and reports that itself). */
  clear(): void {
    this.current = {};
    this.turns.clear();
  }

  /** A new transition of `key`: the ones before it are overtaken. */
  private turn(key: UnitApplicationKey): () => boolean {
    const n = (this.turns.get(key) ?? 0) + 1;
    this.turns.set(key, n);
    return () => this.turns.get(key) === n;
  }

  /**
   * connecting now, the running state after the start-up time. False (nothing done) when it is
   * already on or starting; an application that is ending or failed starts again.
   */
  start(key: UnitApplicationKey, opts: StartOptions = {}): boolean {
    if (this.has(key) && !this.isEnding(key)) return false;
    const current = this.turn(key);
    this.set(key, 'connecting');
    this.host.schedule(opts.afterMs ?? this.host.startMs(), () => {
      if (!current() || !this.host.isOnline() || this.state(key) !== 'connecting') return;
      const running = opts.running ?? 'running';
      this.set(key, typeof running === 'function' ? running() : running);
      opts.onRunning?.();
    });
    return true;
  }

  /**
   * disconnecting (or stopping) now, gone after the stop time. False (nothing done) when it is
   * not there or already going.
   */
  stop(key: UnitApplicationKey, opts: StopOptions = {}): boolean {
    if (!this.has(key)) return false;
    const leaving = leavingState(key);
    if (this.state(key) === leaving) return false;
    const current = this.turn(key);
    this.set(key, leaving);
    this.host.schedule(this.host.stopMs(), () => {
      if (!current() || this.state(key) !== leaving) return;
      this.set(key, undefined);
      opts.onGone?.();
    });
    return true;
  }

  /** Running at once, gone by itself after `ms` (a mode change being applied). */
  runFor(key: UnitApplicationKey, ms: number): void {
    const current = this.turn(key);
    this.set(key, 'running');
    this.host.schedule(ms, () => {
      if (!current() || !this.host.isOnline() || !this.has(key)) return;
      this.set(key, undefined);
    });
  }
}
