/**
 * A scenario running on a shard: its device-side steps (faults on units and servers) are applied
 * at exactly their simulated times, so the same seed and scenario give the same event sequence.
 * Requests and expectations are the runner's part (runner.ts), against the core.
 */
import type { ScenarioFile, ScenarioStatus, ScenarioStep } from '@fleet/contracts';
import type { SimClock } from '../clock.js';

export type DeviceStep = Extract<ScenarioStep, { do: 'fault' | 'serverFault' }>;

export function isDeviceStep(s: ScenarioStep): s is DeviceStep {
  return s.do === 'fault' || s.do === 'serverFault';
}

export function deviceSteps(file: ScenarioFile): DeviceStep[] {
  return file.timeline.filter(isDeviceStep);
}

/** What applying a step gave: not applied (another shard runs the device), or applied with an error or none. */
export type StepOutcome = { applied: false } | { applied: true; error?: string | undefined };

export class ScenarioRun {
  readonly startedAt: number;
  private applied = 0;
  private readonly total: number;
  private running = true;
  private readonly cancels: (() => void)[] = [];
  private readonly outcomes: { index: number; error: string | null }[] = [];

  constructor(
    readonly file: ScenarioFile,
    clock: SimClock,
    apply: (step: DeviceStep) => StepOutcome,
  ) {
    this.startedAt = clock.now();
    this.total = deviceSteps(file).length;
    file.timeline.forEach((step, index) => {
      if (!isDeviceStep(step)) return;
      this.cancels.push(
        clock.after(step.at, () => {
          this.applied++;
          const r = apply(step);
          if (r.applied) this.outcomes.push({ index, error: r.error ?? null });
        }),
      );
    });
  }

  stop(): void {
    this.running = false;
    for (const c of this.cancels.splice(0)) c();
  }

  status(now: number): ScenarioStatus {
    return {
      name: this.file.name,
      running: this.running,
      startedAt: this.startedAt,
      elapsedMs: now - this.startedAt,
      stepsApplied: this.applied,
      stepsTotal: this.total,
      outcomes: [...this.outcomes],
    };
  }
}
