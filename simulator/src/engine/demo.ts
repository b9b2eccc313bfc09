/**
 * A demo preset on this shard: its motion becomes the fleet's spontaneous behaviour (what a calm
 * scenario switches off and back), its timeline plays (again every loopMs). A preset given at
 * start waits for the core's first assignment; a reset plays it again from the top.
 */
import type { DemoPresetFile, DeviceSpec } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { actOnItsOwn, DemoRun } from '../demo/run.js';
import type { DeviceTimings } from '../timings.js';
import { deviceOf, type DeviceStep } from '../scenarios/timeline.js';
import type { Injected, ShardContext } from './context.js';

/** What a demo asks of the rest of the shard. */
export interface DemoHooks {
  /** The spontaneous behaviour a calm scenario returns to (the preset's motion goes in it). */
  readonly baseTimings: DeviceTimings;
  unit(unitId: string): UnitDevice | undefined;
  /** Apply one device-side step (a unit's fault or a server's). */
  apply(step: DeviceStep): Injected;
  /** Restart the fleet from the current seed (simulated time from `startAt`). */
  reset(startAt: number | undefined): void;
  /** The spontaneous behaviour changed: every running unit picks up its own motion. */
  resumeMotion(): void;
}

export class DemoControl {
  /** The demo preset playing (restarted with the fleet by a reset). */
  private run: DemoRun | null = null;
  /** A preset given at start, waiting for the first assignment. */
  private pending: DemoPresetFile | null;

  constructor(
    private readonly ctx: ShardContext,
    private readonly hooks: DemoHooks,
    pending: DemoPresetFile | undefined,
  ) {
    this.pending = pending ?? null;
  }

  /** Run a preset; with `reset` the fleet first restarts from its seed, so the demo opens as it did the first time. */
  start(preset: DemoPresetFile, reset?: { startAt?: number | undefined }): void {
    this.run?.stop();
    this.run = null;
    this.pending = null;
    Object.assign(this.hooks.baseTimings, preset.motion);
    Object.assign(this.ctx.timings, preset.motion);
    if (reset) this.hooks.reset(reset.startAt);
    // Without a restart the units run on: under the new motion, those it makes autonomous start acting.
    else this.hooks.resumeMotion();
    this.play(preset);
  }

  /** The core assigned units: a preset given at start plays once there is a fleet. */
  assigned(specs: readonly DeviceSpec[]): void {
    if (this.pending && specs.length > 0) {
      this.play(this.pending);
      this.pending = null;
    }
  }

  /** The fleet restarted: the demo's timeline from the top, on the new clock. */
  restarted(): void {
    if (this.run) this.play(this.run.preset);
  }

  /** The preset's name (playing or waiting), or null. */
  name(): DemoPresetFile['name'] | null {
    return (this.run?.preset ?? this.pending)?.name ?? null;
  }

  private play(preset: DemoPresetFile): void {
    this.run?.stop();
    // A unit or server a scenario run reserved is left alone by the preset's timeline until the run ends;
    // a unit's step is its own act (a unit a person stopped is left alone a while: demo/run.ts).
    this.run = new DemoRun(preset, this.ctx.clock, (step) => {
      if (this.ctx.world.isReserved(deviceOf(step))) return;
      if (step.do === 'fault') actOnItsOwn(this.hooks.unit(step.unitId), () => this.hooks.apply(step), step.fault);
      else this.hooks.apply(step);
    });
  }
}
