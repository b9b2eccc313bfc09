/**
 * What every part of a server (its channels, its upgrade, its load) gets from the device that
 * composes them (server-device.ts, the only implementation): who the server is, whether it is up
 * and owned by this shard, its timers, its one random stream, its timings and the way to report an
 * event to the core.
 */
import type { DeviceEvent, ServerSpec } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import type { ServerTimings } from '../timings.js';

export interface ServerHost {
  readonly id: string;
  readonly spec: ServerSpec;
  /** The server's random stream: a part draws from it at the moment the server always has. */
  readonly rng: Rng;
  readonly timings: ServerTimings;
  readonly online: boolean;
  /** This shard reports the server's periodic state. */
  readonly owner: boolean;
  /** Told when the server takes a channel back from the unit streaming to it (set by the shard's World). */
  readonly channelTaken: ((channelId: string, unitId: string) => void) | null;
  now(): number;
  /** Run `fn` after `ms` of simulated time (cancelled when the server stops). */
  schedule(ms: number, fn: () => void): void;
  reportEvent(e: DeviceEvent): void;
  /** Whether an upgrade of the server runs (its channels rest as upgrading meanwhile). */
  isUpgrading(): boolean;
  /** The owner reports the server again when what runs on it changed since its last report. */
  followApplications(): void;
}
