/**
 * A unit's telemetry report (spec 000 §3 live values): its links as they are at `now`, its battery,
 * position and camera, and the bitrate sample their uplinks make. Read only: nothing moves and
 * nothing is drawn, so a report between two telemetry steps changes no seeded run.
 */
import type { Applications, DeviceToCore, SentCounters } from '@fleet/contracts';
import { deriveUnitStatus, usageCounted } from '@fleet/domain';
import type { BatteryModel } from '../models/battery.js';
import { LINK_LOAD, STREAM_DEMAND_KBPS } from '../models/constants.js';
import type { LinkModel } from '../models/link.js';
import type { PositionModel } from '../models/position.js';

export interface TelemetrySource {
  readonly unitId: string;
  readonly links: readonly LinkModel[];
  readonly battery: BatteryModel;
  readonly position: PositionModel;
  readonly cameraConnected: boolean;
}

/** `sent`: the unit's counters of what it sent, given the bitrate its links make now (`SentMeter`), reported with it. */
export function telemetryReport(
  source: TelemetrySource,
  now: number,
  sent?: (totalBitrate: number) => SentCounters,
): { report: DeviceToCore; totalBitrate: number } {
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
      ...(sent ? { sent: sent(totalBitrate) } : {}),
    },
  };
}

/**
 * How loaded a unit's links are: the share of their capacity they carry (while streaming the encoder
 * spreads its demand over the bonded links; uploads use most of what is left; idle links carry
 * keep-alives) at the bitrate scale a fault sets, and the kbps that makes over the links carrying now.
 */
export function linkLoad(links: readonly LinkModel[], scale: number, streaming: boolean, uploading: boolean): { share: number; kbps: number } {
  let capacity = 0;
  for (const l of links) if (l.carrying()) capacity += l.effectiveKbps(scale);
  const share = streaming
    ? Math.min(LINK_LOAD.streamingMax, STREAM_DEMAND_KBPS / Math.max(capacity, 1))
    : uploading
      ? LINK_LOAD.uploading
      : LINK_LOAD.keepAlive;
  return { share, kbps: share * capacity };
}

/**
 * What a unit sent since it was switched on, as its reports' `sent` counters: the bytes its links
 * carried while it streamed or forwarded files, and the time it streamed (the statuses the core
 * counts as usage). Integrated over time: each telemetry step and each change of its applications
 * closes the interval since the last one at the rate and state it had, so a clock step whose rounds
 * are skipped (one tick at its end) still counts the forty minutes a unit streamed in it. After a
 * change of applications the rate is what the links will make for the new activity (`linkLoad`)
 * until the next telemetry step measures it.
 */
export class SentMeter {
  private bytes = 0;
  private streamingMs = 0;
  private since = 0;
  private kbps = 0;
  private data = false;
  private time = false;

  /** Switched on at `now`: counting starts again, idle. */
  reset(now: number): void {
    this.bytes = 0;
    this.streamingMs = 0;
    this.since = now;
    this.kbps = 0;
    this.data = false;
    this.time = false;
  }

  /** From `now` on the unit runs `apps`, its links making `kbps`; answers the counters as of `now`. */
  set(now: number, apps: Applications, kbps: number): SentCounters {
    this.accrue(now);
    const counted = usageCounted(deriveUnitStatus(apps));
    this.data = counted.data;
    this.time = counted.time;
    this.kbps = kbps;
    return this.counters();
  }

  /** The counters as of `now`. */
  at(now: number): SentCounters {
    this.accrue(now);
    return this.counters();
  }

  private accrue(now: number): void {
    const dt = now - this.since;
    if (dt <= 0) return;
    this.since = now;
    if (this.data) this.bytes += (this.kbps * dt) / 8;
    if (this.time) this.streamingMs += dt;
  }

  private counters(): SentCounters {
    return { bytes: Math.round(this.bytes), streamingMs: Math.round(this.streamingMs) };
  }
}
