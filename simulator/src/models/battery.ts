/** Battery: drains faster while streaming, charges on external power. */
import type { Battery } from '@fleet/contracts';
import type { Rng } from '../rng.js';

export class BatteryModel {
  percentage: number;
  charging: boolean;
  constructor(
    readonly connected: boolean,
    rng: Rng,
  ) {
    this.percentage = rng.range(25, 100);
    this.charging = rng.chance(0.3);
  }

  /** Advance by `dtMs`; drain in % per hour depends on load. */
  step(dtMs: number, streaming: boolean): void {
    if (!this.connected) return;
    const hours = dtMs / 3600_000;
    const rate = this.charging ? +40 : streaming ? -35 : -6;
    this.percentage = Math.max(0, Math.min(100, this.percentage + rate * hours));
  }

  snapshot(): Battery | null {
    if (!this.connected) return null;
    return { connected: true, charging: this.charging, percentage: Math.round(this.percentage * 10) / 10 };
  }
}
