/**
 * A demo preset playing on a shard: its timeline's device-side steps (faults on units and
 * servers) are applied at their simulated times from the start, and again every `loopMs` when the
 * preset repeats (alerts that come and clear, a story told again). Steps for devices another shard
 * runs are not applied here; refusals are part of a demo (a unit busy when its turn comes).
 */
import type { DemoPresetFile, UnitFault } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
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

/**
 * A demo's unit step is the simulation acting on its own: it leaves a unit a person stopped alone
 * (unit/autonomy.ts), and what it starts counts as the unit's own doing (the person-stop invariant).
 */
export function actOnItsOwn(device: UnitDevice | undefined, apply: () => void, fault: UnitFault): void {
  const starts = fault.type === 'autonomy' || ('start' in fault && fault.start === true);
  if (device && starts && device.autonomy.held()) return;
  const before = device?.autonomy.runningNow();
  apply();
  if (device && before) device.autonomy.afterOwnAct(before);
}
