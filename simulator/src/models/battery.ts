/**
 * Battery: drains while unplugged (faster while streaming), charges on external power. A scenario
 * can set it, or drain it linearly to a target over a given time.
 */
import type { Battery } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import { BATTERY_MODEL, DEFAULT_BATTERY_RATES, type BatteryRates } from './constants.js';

export class BatteryModel {
  percentage: number;
  charging: boolean;
  /** A forced drain: linear to `to` % at `perMs` % per ms (then normal behaviour resumes). */
  private forced: { to: number; perMs: number } | null = null;

  constructor(
    readonly connected: boolean,
    rng: Rng,
    private readonly rates: BatteryRates = DEFAULT_BATTERY_RATES,
  ) {
    this.percentage = rng.range(...BATTERY_MODEL.initialPercent);
    this.charging = rng.chance(BATTERY_MODEL.chargingShare);
  }

  /** Advance by `dtMs`; drain in % per hour depends on load. */
  step(dtMs: number, streaming: boolean): void {
    if (!this.connected) return;
    if (this.forced) {
      const f = this.forced;
      this.percentage = Math.max(f.to, this.percentage - f.perMs * dtMs);
      if (this.percentage <= f.to) this.forced = null;
      return;
    }
    const hours = dtMs / 3600_000;
    const rate = this.charging ? +this.rates.charging : streaming ? -this.rates.streaming : -this.rates.idle;
    this.percentage = Math.max(0, Math.min(100, this.percentage + rate * hours));
  }

  set(percentage: number, charging?: boolean): void {
    this.forced = null;
    this.percentage = Math.max(0, Math.min(100, percentage));
    if (charging !== undefined) this.charging = charging;
  }

  /** Unplug and drain linearly to `to` % within `overMs` (at once when overMs is 0). */
  drainTo(to: number, overMs: number): void {
    this.charging = false;
    if (overMs <= 0 || to >= this.percentage) {
      this.set(Math.min(this.percentage, to), false);
      return;
    }
    this.forced = { to, perMs: (this.percentage - to) / overMs };
  }

  /** Empty and unplugged: the unit shuts down. */
  empty(): boolean {
    return this.connected && !this.charging && this.percentage <= 0;
  }

  snapshot(): Battery | null {
    if (!this.connected) return null;
    return { connected: true, charging: this.charging, percentage: Math.round(this.percentage * 10) / 10 };
  }
}
