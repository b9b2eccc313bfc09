/**
 * A scenario run on this shard: in a calm fleet (the file's `calm`) nothing fails or acts on its
 * own; the units and servers it names are reserved (a demo's timeline leaves them alone); its
 * device-side steps (faults) are applied at their simulated times.
 */
import type { DeviceSpec, ScenarioFile, ServerSpec } from '@fleet/contracts';
import type { DeviceTimings } from '../timings.js';
import { reservation, ScenarioRun, type DeviceStep } from '../scenarios/timeline.js';
import type { Injected, ShardContext } from './context.js';

/** What a scenario reads of the rest of the shard. */
export interface ScenarioHooks {
  /** The spontaneous behaviour when not calm (the demo's motion may have changed it). */
  readonly baseTimings: DeviceTimings;
  units(): readonly DeviceSpec[];
  servers(): readonly ServerSpec[];
  /** Apply one device-side step (a unit's fault or a server's). */
  apply(step: DeviceStep): Injected;
  /** Restart the fleet from `seed` (simulated time from `startAt`). */
  reset(seed: number, startAt: number | undefined): void;
  /** The spontaneous behaviour is back: every running unit picks up its own motion. */
  resumeMotion(): void;
}

export class ScenarioControl {
  run: ScenarioRun | null = null;

  constructor(
    private readonly ctx: ShardContext,
    private readonly hooks: ScenarioHooks,
  ) {}

  /** Start a scenario; with `reset` the fleet first restarts from the scenario's seed. */
  start(file: ScenarioFile, reset?: { startAt?: number | undefined }): ScenarioRun {
    this.end();
    this.setCalm(file.calm);
    const units = new Set(this.hooks.units().map((d) => d.unitId));
    this.ctx.world.reserve(reservation(file, units, this.ctx.world, this.hooks.servers()));
    if (reset) this.hooks.reset(file.seed, reset.startAt);
    // A run that is not calm leaves the fleet its motion (units that came up during a calm run pick it up).
    if (!file.calm) this.hooks.resumeMotion();
    this.run = new ScenarioRun(file, this.ctx.clock, (step) => this.hooks.apply(step));
    return this.run;
  }

  /**
   * Stop the run: its reservations end and the fleet acts on its own again — every unit, those
   * that came up during a calm run (restarted by its reset) included: they plan their outages and,
   * autonomous under the preset's share, what they do on their own.
   */
  stop(): void {
    this.end();
    this.hooks.resumeMotion();
  }

  private end(): void {
    this.run?.stop();
    this.ctx.world.release();
    this.setCalm(false);
  }

  /** Stop the run and forget it (a reset or a replay), leaving the reservations and the calm as they are. */
  drop(): void {
    this.run?.stop();
    this.run = null;
  }

  private setCalm(calm: boolean): void {
    Object.assign(
      this.ctx.timings,
      calm ? { meanTimeBetweenOutagesMs: 0, initiallyOffShare: 0, autonomyShare: 0, spontaneousLinkEvents: false } : spontaneous(this.hooks.baseTimings),
    );
  }
}

function spontaneous(t: DeviceTimings): Partial<DeviceTimings> {
  const { meanTimeBetweenOutagesMs, initiallyOffShare, autonomyShare, spontaneousLinkEvents } = t;
  return { meanTimeBetweenOutagesMs, initiallyOffShare, autonomyShare, spontaneousLinkEvents };
}
