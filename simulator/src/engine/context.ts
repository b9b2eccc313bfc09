/**
 * What the engine's parts share: the clock and the seed's generator (both replaced by a reset or a
 * replay, so read them each time), the world of server replicas, the timings the devices share, and
 * the one way to the core. The engine (engine.ts) is the only implementation; the parts import this
 * file, never the engine.
 */
import type { DeviceToCore } from '@fleet/contracts';
import type { SimClock } from '../clock.js';
import type { AlertConfig } from '../models/alerts.js';
import type { Rng } from '../rng.js';
import type { DeviceTimings, ServerTimings } from '../timings.js';
import type { World } from '../world.js';

export interface ShardContext {
  /** The simulated clock now in use. */
  readonly clock: SimClock;
  /** The generator of the current seed (each device forks its own from it). */
  readonly seedRng: Rng;
  readonly world: World;
  /** The timings the unit devices share (a calm scenario switches spontaneous behaviour off in place). */
  readonly timings: DeviceTimings;
  readonly serverTimings: ServerTimings;
  readonly alertConfig: AlertConfig;
  send(m: DeviceToCore): void;
}

/** A fault applied (or not: the device is not on this shard), with the device's refusal if any. */
export interface Injected {
  applied: boolean;
  error?: string;
}
