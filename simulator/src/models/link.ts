/**
 * One bonded link (cellular modem, Wi-Fi or LAN): capacity follows a mean-reverting random walk,
 * signal quality follows capacity, and what is carried depends on whether the unit streams.
 */
import type { Modem, ModemUiType, SimSlot } from '@fleet/contracts';
import type { Rng } from '../rng.js';

export interface LinkProfile {
  uiType: ModemUiType;
  /** Typical uplink capacity, kbps. */
  meanKbps: number;
  /** Relative volatility per step (0.1 = ±10 %). */
  volatility: number;
}

export const LINK_PROFILES: Record<ModemUiType, LinkProfile> = {
  cell: { uiType: 'cell', meanKbps: 2500, volatility: 0.25 },
  wifi: { uiType: 'wifi', meanKbps: 6000, volatility: 0.15 },
  lan: { uiType: 'lan', meanKbps: 20000, volatility: 0.03 },
};

export class LinkModel {
  capacityKbps: number;
  enabled = true;
  present = true;
  connected = true;
  roaming: boolean;
  activeSim: SimSlot | null;
  uplinkKbps = 0;
  downlinkKbps = 0;
  lastUpdated = 0;

  constructor(
    readonly id: string,
    readonly port: number,
    readonly name: string,
    readonly profile: LinkProfile,
    private readonly rng: Rng,
  ) {
    this.capacityKbps = profile.meanKbps * rng.range(0.6, 1.4);
    this.roaming = profile.uiType === 'cell' && rng.chance(0.1);
    this.activeSim = profile.uiType === 'cell' ? (rng.chance(0.8) ? 'A' : 'B') : null;
  }

  /** One step: capacity drifts back towards the mean with noise; load follows demand. */
  step(now: number, demandShare: number): void {
    const mean = this.profile.meanKbps;
    const drift = 0.2 * (mean - this.capacityKbps);
    const noise = this.profile.volatility * mean * this.rng.normal() * 0.5;
    this.capacityKbps = Math.max(50, this.capacityKbps + drift + noise);
    const carrying = this.enabled && this.connected;
    this.uplinkKbps = carrying ? Math.round(this.capacityKbps * demandShare) : 0;
    this.downlinkKbps = carrying ? Math.round(Math.min(this.capacityKbps * 0.05, 400) * this.rng.range(0.5, 1)) : 0;
    this.lastUpdated = now;
  }

  /** Signal quality 0–100 follows capacity for radio links; LAN has none. */
  signalQuality(): number | null {
    if (this.profile.uiType === 'lan' || !this.connected) return null;
    return Math.max(0, Math.min(100, Math.round((this.capacityKbps / (this.profile.meanKbps * 1.6)) * 100)));
  }

  snapshot(): Modem {
    return {
      id: this.id,
      port: this.port,
      name: this.name,
      uiType: this.profile.uiType,
      connected: this.present && this.connected,
      enabled: this.enabled,
      uplinkKbps: this.uplinkKbps,
      downlinkKbps: this.downlinkKbps,
      signalQuality: this.signalQuality(),
      roaming: this.roaming,
      activeSim: this.activeSim,
      lastUpdated: new Date(this.lastUpdated).toISOString(),
    };
  }
}
