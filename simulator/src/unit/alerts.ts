/**
 * The alerts a unit raises and clears from its own state: battery (its level while it runs on the
 * battery), cameraDisconnected (critical while live, else a warning) and bitrateDrop (after
 * BITRATE_DROP_SAMPLES consecutive telemetry samples below the threshold while live).
 */
import { isStreaming } from '@fleet/domain';
import { levelAbove, levelBelow, type AlertMonitor } from '../models/alerts.js';
import type { BatteryModel } from '../models/battery.js';
import { BITRATE_DROP_SAMPLES, STREAM_DEMAND_KBPS } from '../models/constants.js';
import type { UnitApplications } from './applications.js';

export class UnitAlerts {
  /** Consecutive telemetry samples below the bitrate-drop threshold. */
  private lowSamples = 0;

  constructor(
    private readonly monitor: AlertMonitor,
    private readonly battery: BatteryModel,
    private readonly apps: UnitApplications,
    private readonly cameraConnected: () => boolean,
  ) {}

  /** Evaluate every alert; `totalKbps` null: no new sample (only battery and camera are evaluated). */
  evaluate(totalKbps: number | null): void {
    const t = this.monitor.config.thresholds;
    const b = this.battery;
    const pct = Math.round(b.percentage);
    this.monitor.set('battery', b.connected && !b.charging ? levelBelow(pct, t.battery) : null, `Battery ${pct}%`, pct);
    const live = isStreaming(this.apps.all) && this.apps.state('video') === 'running';
    this.monitor.set('cameraDisconnected', this.cameraConnected() ? null : live ? 'critical' : 'warning', 'Camera not connected', null);
    if (totalKbps === null) return;
    const drop = live ? Math.max(0, Math.round((1 - totalKbps / STREAM_DEMAND_KBPS) * 100)) : 0;
    const level = levelAbove(drop, t.bitrateDrop);
    this.lowSamples = level ? this.lowSamples + 1 : 0;
    if (level === null || this.lowSamples >= BITRATE_DROP_SAMPLES)
      this.monitor.set('bitrateDrop', level, `Bitrate dropped ${drop}% (${Math.round(totalKbps)} kbps)`, drop);
  }
}
