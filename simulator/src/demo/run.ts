/**
 * A demo preset playing on a shard: its timeline's device-side steps (faults on units and
 * servers) are applied at their simulated times from the start, and again every `loopMs` when the
 * preset repeats (alerts that come and clear, a story told again). Steps for devices another shard
 * runs are not applied here; refusals are part of a demo (a unit busy when its turn comes).
 */
import type { DemoPresetFile } from '@fleet/contracts';
import type { SimClock } from '../clock.js';
import type { DeviceStep } from '../scenarios/timeline.js';

export class DemoRun {
  /** The steps of the round playing (a new round cancels what is left of the one before). */
  private round: (() => void)[] = [];
  private stopLoop: (() => void) | null = null;

  constructor(
    readonly preset: DemoPresetFile,
    private readonly clock: SimClock,
    private readonly apply: (step: DeviceStep) => void,
  ) {
    this.playRound();
    if (preset.loopMs !== undefined) this.stopLoop = clock.every(preset.loopMs, () => this.playRound());
  }

  private playRound(): void {
    for (const cancel of this.round) cancel();
    this.round = [];
    for (const step of this.preset.timeline) {
      if (step.do !== 'fault' && step.do !== 'serverFault') continue;
      this.round.push(this.clock.after(step.at, () => this.apply(step)));
    }
  }

  stop(): void {
    this.stopLoop?.();
    this.stopLoop = null;
    for (const cancel of this.round) cancel();
    this.round = [];
  }
}
