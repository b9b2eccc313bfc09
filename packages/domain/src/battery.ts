/**
 * Battery indicator: spec 000 §4 "Battery icon levels ... Colour".
 */
import type { BatteryColour, BatteryIconLevel } from '@fleet/contracts';

/** Battery as reported by a unit (spec 000 §3: connected, charging, percentage). */
export interface BatteryReading {
  readonly connected: boolean;
  readonly charging: boolean;
  readonly percentage: number | null | undefined;
}

/** Icon level thresholds (lowest percentage of each level), nearest-fill reading. */
export const BATTERY_ICON_THRESHOLDS = [
  { min: 75, level: '100' },
  { min: 40, level: '50' },
  { min: 20, level: '30' },
  { min: 1, level: '10' },
] as const satisfies readonly { min: number; level: BatteryIconLevel }[];

/** A percentage is usable when it is a finite number in 0..100. */
function isValidPercentage(percentage: number | null | undefined): percentage is number {
  return typeof percentage === 'number' && Number.isFinite(percentage) && percentage >= 0 && percentage <= 100;
}

/**
 * Spec 000 §4 battery icon level. Choices: not connected, or a percentage that is null, NaN or
 * outside 0..100 → `unknown`; charging → `charge_100` at 100 %, `charging` below (including 0 %,
 * a just-plugged empty battery); not charging → `100` from 75 %, `50` from 40 %, `30` from 20 %,
 * `10` from 1 % (each level is the nearest fill), and 0 % → `unknown` (a discharging battery cannot
 * report 0 % and still power the unit; the colour rule also treats 0 as unknown).
 */
export function batteryIconLevel(battery: BatteryReading): BatteryIconLevel {
  if (!battery.connected || !isValidPercentage(battery.percentage)) return 'unknown';
  const { percentage } = battery;
  if (battery.charging) return percentage >= 100 ? 'charge_100' : 'charging';
  for (const { min, level } of BATTERY_ICON_THRESHOLDS) if (percentage >= min) return level;
  return 'unknown';
}

/**
 * Spec 000 §4 battery colour: green at 50 or more, yellow 20 to 49, red 1 to 19 or unknown.
 * Unknown = null, NaN, 0 or outside 0..100 → red. Fractions fall to the lower band (49.5 yellow,
 * 19.9 red).
 */
export function batteryColour(percentage: number | null | undefined): BatteryColour {
  if (!isValidPercentage(percentage) || percentage === 0) return 'red';
  if (percentage >= 50) return 'green';
  if (percentage >= 20) return 'yellow';
  return 'red';
}

/** Icon level and colour together; a disconnected battery is unknown, hence red. */
export function describeBattery(battery: BatteryReading): { level: BatteryIconLevel; colour: BatteryColour } {
  return {
    level: batteryIconLevel(battery),
    colour: battery.connected ? batteryColour(battery.percentage) : 'red',
  };
}
