/**
 * A scenario running on a shard: its device-side steps (faults on units and servers) are applied
 * at exactly their simulated times, so the same seed and scenario give the same event sequence.
 * Requests and expectations are the runner's part (runner.ts), against the core.
 */
import type { ScenarioFile, ScenarioStatus, ScenarioStep, ServerSpec } from '@fleet/contracts';
import type { SimClock } from '../clock.js';
import type { World } from '../world.js';

export type DeviceStep = Extract<ScenarioStep, { do: 'fault' | 'serverFault' }>;

export function isDeviceStep(s: ScenarioStep): s is DeviceStep {
  return s.do === 'fault' || s.do === 'serverFault';
}

/** The unit or server a device-side step acts on. */
export function deviceOf(step: DeviceStep): string {
  return step.do === 'fault' ? step.unitId : step.serverId;
}

export function deviceSteps(file: ScenarioFile): DeviceStep[] {
  return file.timeline.filter(isDeviceStep);
}

/**
 * Every id a scenario names — the units and servers of its steps, the channels its faults and
 * checks name, the path segments of its requests — as candidates: the engine keeps those that are
 * its units, servers or channels (a channel stands for its server) and reserves them for the run.
 */
export function namedIds(file: ScenarioFile): Set<string> {
  const ids = new Set<string>();
  const walk = (v: unknown, key: string | null): void => {
    if (typeof v === 'string') {
      if (key === 'path') for (const seg of v.split(/[/?&=]/)) ids.add(decodeURIComponent(seg));
      else ids.add(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(file.timeline, null);
  return ids;
}

/**
 * What a scenario reserves on a shard: the units it names (whichever shard runs them), the servers
 * it names, and the servers of the channels and video return channels it names.
 */
export function reservation(file: ScenarioFile, units: ReadonlySet<string>, world: World, servers: readonly ServerSpec[]): string[] {
  const out = new Set<string>();
  for (const id of namedIds(file)) {
    if (units.has(id) || world.server(id)) out.add(id);
    else {
      const channel = world.channel(id);
      const vr = channel ? undefined : servers.find((s) => s.vrChannels.some((c) => c.vrChannelId === id));
      if (channel) out.add(channel.server.id);
      else if (vr) out.add(vr.serverId);
    }
  }
  return [...out];
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
