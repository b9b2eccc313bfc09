/**
 * The simulation's parameters in one place: what the emulated hardware is made of and how its
 * signals behave. Intervals are in `../timings.ts`; the spec's own values (timeouts, retries,
 * versions, codes) come from `@fleet/contracts`.
 */
import type { ModemUiType, StoreAndForwardProfile, UnitTypeGroup } from '@fleet/contracts';

// ── units ───────────────────────────────────────────────────────────────────────────────────────

/** Links per unit family: which interfaces a unit of this type group has, in port order. */
export const LINKS_BY_GROUP: Record<UnitTypeGroup, readonly ModemUiType[]> = {
  fieldUnits: ['cell', 'cell', 'cell', 'cell', 'cell', 'cell', 'wifi', 'lan'],
  liteUnits: ['cell', 'cell', 'wifi'],
  smartUnits: ['cell', 'wifi'],
  ptpUnits: ['lan', 'cell'],
  ptmpUnits: ['lan', 'cell'],
  extenderDevices: ['cell', 'cell', 'wifi'],
  mmhServer: ['lan'],
  videoReturnServer: ['lan'],
  transceiverServer: ['lan'],
  ingestServer: ['lan'],
};

/** Families powered from the mains (no battery). */
export const MAINS_POWERED: readonly UnitTypeGroup[] = ['ptpUnits', 'ptmpUnits'];

/** Share of units whose camera is connected when they start. */
export const CAMERA_CONNECTED_SHARE = 0.92;

/** Encoder demand while streaming, kbps (bounded by the bonded capacity). */
export const STREAM_DEMAND_KBPS = 6000;

/** Share of a link's capacity it carries: streaming (at most), uploading, keep-alives when idle. */
export const LINK_LOAD = { streamingMax: 0.95, uploading: 0.8, keepAlive: 0.004 } as const;

/** Consecutive low telemetry samples before a bitrateDrop alert is raised. */
export const BITRATE_DROP_SAMPLES = 2;

/** A speed test's downlink result relative to the links' uplink capacity. */
export const SPEED_TEST_DOWNLINK_FACTOR = 1.8;

/** Recording stops (and cannot start) once the SD card is this full, %. */
export const SD_CARD_FULL_PERCENT = 99;

/** The store-and-forward profile a unit records with until the core sets one. */
export const DEFAULT_RECORDING_PROFILE: StoreAndForwardProfile = 'standard_h264';

/** A file the core asks the unit to upload is reported in this many steps (25, 50, 75, 100 %). */
export const UPLOAD_PROGRESS_STEPS = 4;

/**
 * A unit that is off at start, or shut down by the core, is switched on again (by someone on
 * site) after this many outage durations.
 */
export const SWITCH_ON_AFTER_OUTAGES = 3;

// ── links ───────────────────────────────────────────────────────────────────────────────────────

export interface LinkProfile {
  uiType: ModemUiType;
  /** Typical uplink capacity, kbps. */
  meanKbps: number;
  /** Relative volatility per step (0.1 = ±10 %). */
  volatility: number;
  /** Chance per step that a connected link drops by itself (coverage loss). */
  dropChance: number;
  /** Steps a spontaneous drop lasts (uniform). */
  dropSteps: readonly [number, number];
  /** Chance per step that a cellular link starts or stops roaming. */
  roamChance: number;
}

export const LINK_PROFILES: Record<ModemUiType, LinkProfile> = {
  cell: { uiType: 'cell', meanKbps: 2500, volatility: 0.25, dropChance: 0.0015, dropSteps: [2, 12], roamChance: 0.0003 },
  wifi: { uiType: 'wifi', meanKbps: 6000, volatility: 0.15, dropChance: 0.0008, dropSteps: [1, 6], roamChance: 0 },
  lan: { uiType: 'lan', meanKbps: 20000, volatility: 0.03, dropChance: 0, dropSteps: [1, 1], roamChance: 0 },
};

/** The random walk of a link's capacity and what it starts from. */
export const LINK_MODEL = {
  /** Initial capacity relative to the profile's mean. */
  initialCapacity: [0.6, 1.4],
  /** Share of cellular links roaming at start, and on SIM A at start. */
  roamingShare: 0.1,
  simAShare: 0.8,
  /** Pull back towards the mean per step, and the noise's weight. */
  meanReversion: 0.2,
  noiseWeight: 0.5,
  minCapacityKbps: 50,
  /** Downlink: this share of capacity at most, capped, times a random factor in the range. */
  downlinkShare: 0.05,
  downlinkCapKbps: 400,
  downlinkJitter: [0.5, 1],
  /** Capacity at which radio signal quality reads 100 %, relative to the mean. */
  fullSignalCapacity: 1.6,
} as const;

/** Wi-Fi networks and cellular operators a unit may see (which ones depends on the unit). */
export const WIFI_NAMES = ['Newsroom', 'Stadium-Press', 'Hotel-Guest', 'OB-Van', 'Cafe-Free', 'Venue-Media'] as const;
export const WIFI_SECURITIES = ['open', 'wpa2', 'wpa2', 'wpa3'] as const;
export const CELLULAR_OPERATORS = [
  { mcc: '262', mnc: '01', name: 'Telekom.de' },
  { mcc: '262', mnc: '02', name: 'Vodafone.de' },
  { mcc: '262', mnc: '03', name: 'O2-de' },
  { mcc: '310', mnc: '410', name: 'AT&T' },
  { mcc: '234', mnc: '15', name: 'Vodafone UK' },
] as const;
export const CELLULAR_TECHNOLOGIES = ['3G', '4G', '4G', '5G'] as const;
/** Chance that a network or operator is in range, and the signal quality (%) it shows. */
export const RADIO_SCAN = {
  wifiVisibleShare: 0.6,
  wifiSignal: [20, 95],
  /** Signal quality of a joined network that did not show in the scan. */
  joinedWifiSignal: 50,
  operatorVisibleShare: 0.7,
  operatorSignal: [10, 95],
} as const;

// ── battery ─────────────────────────────────────────────────────────────────────────────────────

/** Drain and charge rates in % per hour. */
export interface BatteryRates {
  idle: number;
  streaming: number;
  charging: number;
}
export const DEFAULT_BATTERY_RATES: BatteryRates = { idle: 6, streaming: 35, charging: 40 };
/**
 * Charge (%) a battery starts at, and the share of units plugged in at start (on the mains for good).
 * Crews look after the others: an idle unit is plugged in when its battery is down to `plugInAt` %
 * (below the warning, above the critical alert) and unplugged once full; a unit whose battery ran
 * out while it streamed is plugged in and switched on again `restartAfterEmptyMs` later. A battery
 * a scenario or a fault sets is left as it is set (no crew steps in).
 */
export const BATTERY_MODEL = { initialPercent: [25, 100], chargingShare: 0.3, plugInAt: 15, restartAfterEmptyMs: 30 * 60_000 } as const;

// ── position ────────────────────────────────────────────────────────────────────────────────────

/** Cities where broadcasters work; a unit starts near one of them. */
export const HOMES = [
  { lat: 51.5074, lng: -0.1278, address: 'London' },
  { lat: 40.7128, lng: -74.006, address: 'New York' },
  { lat: 48.8566, lng: 2.3522, address: 'Paris' },
  { lat: 35.6762, lng: 139.6503, address: 'Tokyo' },
  { lat: 31.2304, lng: 121.4737, address: 'Shanghai' },
  { lat: -33.8688, lng: 151.2093, address: 'Sydney' },
  { lat: 32.0853, lng: 34.7818, address: 'Tel Aviv' },
  { lat: 52.52, lng: 13.405, address: 'Berlin' },
  { lat: -23.5505, lng: -46.6333, address: 'São Paulo' },
  { lat: 19.4326, lng: -99.1332, address: 'Mexico City' },
] as const;

export const POSITION_MODEL = {
  /** Spread of a unit's home point around its city, degrees. */
  homeSpreadDeg: 0.05,
  /** Mean seconds before a parked crew drives off, and before a driving one parks. */
  parkedMeanS: 1200,
  drivingMeanS: 600,
  /** City speeds, m/s. */
  speedMs: [5, 17],
  /** How much the heading wanders per step, radians (times a normal draw). */
  headingNoise: 0.15,
  /** A driving crew steers home when farther than this, degrees (about 2 km: it stays among its city's streets). */
  homeRadiusDeg: 0.02,
  /** GPS jitter while parked, degrees (times a normal draw). */
  jitterDeg: 0.00003,
} as const;

// ── storage ─────────────────────────────────────────────────────────────────────────────────────

const GIB = 1024 ** 3;
export const STORAGE_MODEL = {
  sdCardBytes: 64 * GIB,
  internalBytes: 8 * GIB,
  /** Share of each storage in use at start. */
  sdUsedShare: [0.05, 0.4],
  internalUsedShare: [0.2, 0.5],
} as const;

/** Recording bitrate (kbps) by the quality of a store-and-forward profile. */
export const RECORDING_KBPS = { high: 8000, standard: 4000, low: 1500 } as const;

// ── upgrades ────────────────────────────────────────────────────────────────────────────────────

/** Spec 001 §8 codes a unit upgrade may fail with by itself; servers may fail with every code. */
export const UNIT_UPGRADE_FAILURE_CODES = [105, 106, 101, -1] as const;
export const SERVER_UPGRADE_FAILURE_CODES = [107, 105, 106, 103, 101, 104, 102, -1] as const;
/** Spec 001 §8 generic failure ("Generic error, reboot server"): a device going down mid-upgrade. */
export const GENERIC_UPGRADE_FAILURE = -1;

// ── servers ─────────────────────────────────────────────────────────────────────────────────────

/** A server's CPU follows its load; its storage grows while channels collect. */
export const SERVER_LOAD = {
  initialCpu: [10, 35],
  initialStorage: [30, 60],
  /** CPU % with nothing to do, per collecting channel, and while upgrading. */
  baseCpu: 15,
  cpuPerCollectingChannel: 9,
  upgradeCpu: 30,
  /** Share of the distance to the target CPU covered per step, and the noise (times a normal draw). */
  cpuApproach: 0.3,
  cpuNoise: 3,
  /** Storage % each collecting channel adds per hour. */
  storagePerChannelHour: 1,
} as const;

/** Point-to-multipoint receivers of a channel (what each receives while the channel collects). */
export const PTMP = {
  /** Mean bitrate a receiver gets (kbps), how far it strays, and the share of the way back to the mean per second. */
  meanKbps: 5500,
  noiseKbps: 400,
  revertPerSecond: 0.1,
  minKbps: 1500,
  maxKbps: 8000,
  /** End-to-end delay of the multipoint distribution (ms): base and jitter. */
  baseDelayMs: 180,
  delayJitterMs: 40,
  /** Receivers of a new multipoint configuration connect after this long (simulated ms). */
  connectMs: 1_000,
} as const;
