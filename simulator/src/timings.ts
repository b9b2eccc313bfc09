/**
 * Timings of the simulator's device operations (issue 4), merged into DeviceTimings. Every
 * interval comes in from outside (engine options, defaults in engine.ts); nothing is hard-coded in
 * the device code.
 */
import type { StorageOptions } from './models/storage.js';
import type { UpgradeTimings } from './models/upgrade.js';

export interface SimulatorTimings {
  /** Software upgrades: progress step, steps, chance of failing by itself. */
  upgrade: UpgradeTimings;
  /** Wait between two channel selection attempts, and the chance one attempt fails by itself. */
  channelRetryMs: number;
  selectionFailureChance: number;
  /** How long sending logs takes once running. */
  fetchLogsMs: number;
  /** Recording parts and the unit's file list. */
  storage: StorageOptions;
  /** Share of units that act on their own (demo), and their mean pause between actions. */
  autonomyShare: number;
  autonomyMeanGapMs: number;
  /** Links drop and roam by themselves now and then (off in a calm scenario). */
  spontaneousLinkEvents: boolean;
}
