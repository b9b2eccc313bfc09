/**
 * Battery: drains while unplugged (faster while streaming), charges on external power. Its crew
 * plugs an idle unit in when low and unplugs it once full (BATTERY_MODEL), over a step of any
 * length. A scenario can set it, or drain it linearly to a target over a given time: the crew then
 * leaves it alone.
 */
import type { Battery } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import { BATTERY_MODEL, DEFAULT_BATTERY_RATES, type BatteryRates } from './constants.js';

export class BatteryModel {
  percentage: number;
  charging: boolean;
  /** A forced drain: linear to `to` % at `perMs` % per ms (then normal behaviour resumes). */
  private forced: { to: number; perMs: number } | null = null;
  /** Plugged in by its crew (unplugged again once full); false for a unit on the mains from the start. */
  private toppingUp = false;
  /** Set by a scenario or a fault: the crew leaves it as it is. */
  private scripted = false;

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
    // Piecewise over the span: a day's step may plug the unit in and unplug it again (a cycle takes
    // hours, so a few pieces; the bound is a guard).
    let left = dtMs;
    for (let piece = 0; left > 0 && piece < 8; piece++) {
      if (!this.scripted) this.tend(streaming);
      const perMs = (this.charging ? this.rates.charging : streaming ? -this.rates.streaming : -this.rates.idle) / 3600_000;
      // Where the crew acts next: full while topping up, the plug-in level while idle on the battery.
      const bound = this.scripted || perMs === 0 ? null : this.toppingUp ? 100 : !this.charging && !streaming ? BATTERY_MODEL.plugInAt : null;
      const untilBound = bound === null ? Infinity : (bound - this.percentage) / perMs;
      if (bound !== null && untilBound >= 0 && untilBound < left) {
        this.percentage = bound;
        left -= untilBound;
      } else {
        this.percentage = Math.max(0, Math.min(100, this.percentage + perMs * left));
        left = 0;
      }
    }
  }

  /** The crew's care at the level now: plugged in when low and idle, unplugged once topped up. */
  private tend(streaming: boolean): void {
    if (this.toppingUp && this.percentage >= 100) {
      this.toppingUp = false;
      this.charging = false;
    } else if (!this.charging && !streaming && this.percentage <= BATTERY_MODEL.plugInAt) {
      this.plugIn();
    }
  }

  /** Plugged in by the crew (a unit that ran empty, or an idle one running low): unplugged again once full. */
  plugIn(): void {
    if (this.scripted || this.charging) return;
    this.charging = true;
    this.toppingUp = true;
  }

  set(percentage: number, charging?: boolean): void {
    this.scripted = true;
    this.toppingUp = false;
    this.forced = null;
    this.percentage = Math.max(0, Math.min(100, percentage));
    if (charging !== undefined) this.charging = charging;
  }

  /** Unplug and drain linearly to `to` % within `overMs` (at once when overMs is 0). */
  drainTo(to: number, overMs: number): void {
    this.scripted = true;
    this.toppingUp = false;
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
