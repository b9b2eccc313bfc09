import { TIMINGS, type Battery, type BitrateSample, type Location, type Modem } from '@fleet/contracts';

export interface UnitTelemetry {
  battery: Battery | null;
  location: Location | null;
  modems: Modem[];
  totalBitrate: number;
  cameraConnected: boolean;
  /** Ring buffer of bitrate samples, oldest first, at most TIMINGS.bitrateGraphMaxPoints. */
  samples: BitrateSample[];
}

/**
 * High-rate telemetry lives here, in bounded memory, not in the database (DESIGN.md "Storage").
 * Each unit keeps its last values and a ring of at most 360 bitrate samples.
 */
export class TelemetryStore {
  private readonly byUnit = new Map<string, UnitTelemetry>();
  constructor(private readonly maxSamples: number = TIMINGS.bitrateGraphMaxPoints) {}

  get(unitId: string): UnitTelemetry | undefined {
    return this.byUnit.get(unitId);
  }

  update(unitId: string, t: Omit<UnitTelemetry, 'samples'> & { sample: BitrateSample }): UnitTelemetry {
    const prev = this.byUnit.get(unitId);
    const samples = prev?.samples ?? [];
    samples.push(t.sample);
    if (samples.length > this.maxSamples) samples.splice(0, samples.length - this.maxSamples);
    const next: UnitTelemetry = {
      battery: t.battery,
      location: t.location,
      modems: t.modems,
      totalBitrate: t.totalBitrate,
      cameraConnected: t.cameraConnected,
      samples,
    };
    this.byUnit.set(unitId, next);
    return next;
  }

  /** A device went offline: its links carry nothing any more. */
  markOffline(unitId: string): void {
    const prev = this.byUnit.get(unitId);
    if (!prev) return;
    prev.totalBitrate = 0;
    prev.modems = prev.modems.map((m) => ({ ...m, connected: false, uplinkKbps: 0, downlinkKbps: 0 }));
  }

  delete(unitId: string): void {
    this.byUnit.delete(unitId);
  }
}
