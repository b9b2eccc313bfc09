/**
 * A unit's telemetry report (spec 000 §3 live values): its links as they are at `now`, its battery,
 * position and camera, and the bitrate sample their uplinks make. Read only: nothing moves and
 * nothing is drawn, so a report between two telemetry steps changes no seeded run.
 */
import type { DeviceToCore } from '@fleet/contracts';
import type { BatteryModel } from '../models/battery.js';
import type { LinkModel } from '../models/link.js';
import type { PositionModel } from '../models/position.js';

export interface TelemetrySource {
  readonly unitId: string;
  readonly links: readonly LinkModel[];
  readonly battery: BatteryModel;
  readonly position: PositionModel;
  readonly cameraConnected: boolean;
}

export function telemetryReport(source: TelemetrySource, now: number): { report: DeviceToCore; totalBitrate: number } {
  const iso = new Date(now).toISOString();
  const modems = source.links.map((l) => l.snapshot(iso));
  let totalBitrate = 0;
  for (const m of modems) if (m.connected && m.enabled) totalBitrate += m.uplinkKbps;
  return {
    totalBitrate,
    report: {
      kind: 'telemetry',
      unitId: source.unitId,
      battery: source.battery.snapshot(),
      location: source.position.snapshot(),
      modems,
      cameraConnected: source.cameraConnected,
      sample: { t: now, kbps: totalBitrate },
      at: now,
    },
  };
}
