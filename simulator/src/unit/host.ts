/**
 * What every part of a unit (links, stream, recording, upgrade, diagnostics, autonomy) gets from
 * the device that composes them: who the unit is, whether it is on, its timers, its one random
 * stream, its timings, the servers it sees, its applications, links, settings and faults, and the
 * way to report an event to the core. The device is the only implementation.
 */
import type { DeviceEvent, DeviceSpec, UnitApplicationKey } from '@fleet/contracts';
import type { LinkModel } from '../models/link.js';
import type { Reaction } from '../reaction.js';
import type { Rng } from '../rng.js';
import type { DeviceTimings, Range } from '../timings.js';
import type { World } from '../world.js';
import type { UnitApplications } from './applications.js';
import type { UnitFaultState, UnitSettings } from './state.js';

export interface UnitHost {
  readonly unitId: string;
  readonly spec: DeviceSpec;
  /**
   * The unit's random stream: a part draws from it at the moment the unit always has (the run is
   * reproducible from its seed only while the order of draws stays the same).
   */
  readonly rng: Rng;
  /** Shared with the engine, which may change them in place (a calm scenario): read them when used. */
  readonly timings: DeviceTimings;
  readonly world: World;
  readonly apps: UnitApplications;
  readonly links: readonly LinkModel[];
  /** What the core configured, as the unit applied it (parts record what they apply). */
  readonly settings: UnitSettings;
  /** Faults in force (a part clears a one-shot fault once it has used it). */
  readonly faults: UnitFaultState;
  isOnline(): boolean;
  now(): number;
  /** Run `fn` after `ms` of simulated time in this power-on (cancelled by a power-off). */
  schedule(ms: number, fn: () => void): void;
  /** One duration drawn from `range` (from the unit's random stream). */
  draw(range: Range): number;
  /** Report a device event (speed test, cellular scan, file, ...) to the core. */
  emitEvent(e: DeviceEvent): void;
  /** Start an application by key, as the unit's command dispatch does (its licence first). */
  startApp(key: UnitApplicationKey): Reaction;
  /** Stop an application by key, as the unit's command dispatch does (with what its part does when it goes). */
  stopApp(key: UnitApplicationKey): Reaction;
}
