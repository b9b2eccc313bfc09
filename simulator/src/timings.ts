/**
 * Every interval of the simulator in one place: the device timings (engine options override
 * them, tests shorten them), server timings, upgrade and recording timings. The spec's own values
 * come from `@fleet/contracts` (TIMINGS); nothing is hard-coded in the device code.
 */
import { TIMINGS } from '@fleet/contracts';

/** A duration drawn uniformly from [min, max] ms each time it is needed. */
export type Range = readonly [number, number];

export interface UpgradeTimings {
  /** Simulated ms between two progress steps. */
  stepMs: number;
  /** Steps from 0 to 100 %. */
  steps: number;
  /** Chance that an upgrade without a forced outcome fails (with a code of its device type). */
  failureRate: number;
}
export const DEFAULT_UPGRADE_TIMINGS: UpgradeTimings = { stepMs: 5000, steps: 12, failureRate: 0.05 };

export interface StorageOptions {
  /** Length of one recorded part in simulated ms (then `_part<n+1>` starts). */
  partMs: number;
  /** Files kept in the unit's list (oldest uploaded ones are dropped first). */
  maxFiles: number;
}
export const DEFAULT_STORAGE_OPTIONS: StorageOptions = { partMs: 60_000, maxFiles: 50 };

export interface DeviceTimings {
  /** How often telemetry (links, battery, position, one bitrate sample) is reported. */
  telemetryIntervalMs: number;
  /** Start-up time after assignment. */
  bootMs: Range;
  /**
   * connecting → running when an application starts; disconnecting (stopping) → gone when it
   * stops. A file the core asks the unit to upload also advances one step per start-up time.
   */
  streamStartMs: Range;
  streamStopMs: Range;
  /** Mean time between outages and their duration; 0 disables outages. */
  meanTimeBetweenOutagesMs: number;
  outageMs: Range;
  /** Share of devices powered off at start. */
  initiallyOffShare: number;
  /** Offline time of a reboot (the reboot command, a scenario's reboot, the end of an upgrade). */
  rebootMs: Range;
  /** A link's reconnection after it is enabled, its SIM changed or Wi-Fi joined (spec 000 §9: up to 1 min). */
  linkToggleMs: Range;
  /** A cellular scan (spec 000 §9: 1 to 2 minutes). */
  networkScanMs: Range;
  /** An operator switch (spec 000 §9: up to 30 s). */
  operatorSwitchMs: Range;
  /** A speed test's duration, at most its timeout (spec 000 §9: 10 s). */
  speedTestMs: number;
  /** Applying an operational mode change ("a few seconds", spec 000 §4). */
  settingApplyMs: Range;
  /** Software upgrades: progress step, steps, chance of failing by itself. */
  upgrade: UpgradeTimings;
  /** Wait between two channel selection attempts, and the chance one attempt fails by itself. */
  channelRetryMs: number;
  selectionFailureChance: number;
  /** How long sending logs takes once running. */
  fetchLogsMs: number;
  /** Recording parts and the unit's file list. */
  storage: StorageOptions;
  /** Share of units that act on their own (demo), their mean pause between actions and how long one lasts. */
  autonomyShare: number;
  /**
   * After a person (a command of the core) stops something a unit runs, its autonomy leaves it
   * alone this long (simulated ms), or until a person starts something on it again.
   */
  personStopHoldMs: number;
  autonomyMeanGapMs: number;
  autonomyActivityMs: Range;
  /**
   * A demo alive from its start: each autonomous unit acts first within this many ms of its
   * power-on (uniformly), then at the mean pause; 0: the first action waits a pause like the others.
   */
  autonomyFirstWithinMs: number;
  /** When its turn comes, the chance an autonomous unit streams, else records (and then forwards), else rests. */
  autonomyStreamShare: number;
  autonomyRecordShare: number;
  /** Links drop and roam by themselves now and then (off in a calm scenario). */
  spontaneousLinkEvents: boolean;
}

export const DEFAULT_TIMINGS: DeviceTimings = {
  telemetryIntervalMs: TIMINGS.bitrateGraphRefreshMs,
  bootMs: [500, 3000],
  streamStartMs: [1000, 2500],
  streamStopMs: [500, 1500],
  meanTimeBetweenOutagesMs: 45 * 60_000,
  outageMs: [20_000, 120_000],
  initiallyOffShare: 0.1,
  rebootMs: [5_000, 9_000],
  linkToggleMs: [5_000, TIMINGS.wifiOrModemToggleMaxMs / 3],
  networkScanMs: [TIMINGS.networkScanMinMs, TIMINGS.networkScanMaxMs],
  operatorSwitchMs: [5_000, TIMINGS.operatorSwitchMaxMs],
  speedTestMs: TIMINGS.speedTestTimeout * 1000,
  settingApplyMs: [2_000, 5_000],
  upgrade: DEFAULT_UPGRADE_TIMINGS,
  channelRetryMs: TIMINGS.transitionPollIntervalMs,
  selectionFailureChance: 0.1,
  fetchLogsMs: 20_000,
  storage: DEFAULT_STORAGE_OPTIONS,
  autonomyShare: 0,
  personStopHoldMs: 30 * 60_000,
  autonomyMeanGapMs: 10 * 60_000,
  autonomyActivityMs: [2 * 60_000, 20 * 60_000],
  autonomyFirstWithinMs: 0,
  autonomyStreamShare: 0.6,
  autonomyRecordShare: 0.25,
  spontaneousLinkEvents: true,
};

export interface ServerTimings {
  bootMs: Range;
  upgrade: UpgradeTimings;
  /** A reset of the server's instance: offline this long, then back with its channels. */
  resetMs: Range;
  /** An IP pipe connecting, until it is connected (or failed). */
  ipPipeConnectMs: Range;
}
export const DEFAULT_SERVER_TIMINGS: ServerTimings = {
  bootMs: [20_000, 60_000],
  upgrade: DEFAULT_UPGRADE_TIMINGS,
  resetMs: [5_000, 15_000],
  ipPipeConnectMs: [1_000, 3_000],
};
