/**
 * One bonded link (cellular modem, Wi-Fi or LAN): capacity follows a mean-reverting random walk,
 * signal quality follows capacity, cellular links drop and come back now and then, roam and switch
 * SIM rarely, and what is carried depends on whether the unit streams.
 */
import type { Modem, ModemUiType, SimSlot } from '@fleet/contracts';
import type { Rng } from '../rng.js';

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

export class LinkModel {
  capacityKbps: number;
  enabled = true;
  /** False: no device in the slot (modem UI state no_device). */
  present = true;
  connected = true;
  roaming: boolean;
  activeSim: SimSlot | null;
  uplinkKbps = 0;
  downlinkKbps = 0;
  lastUpdated = 0;
  /** Fault: the network is gone until recovered (no spontaneous reconnect). */
  failed = false;
  /** Fault: capacity multiplier for this link (weak signal). */
  signalFactor = 1;
  private dropLeft = 0;

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

  /** Capacity after faults; `scale` is the unit-wide factor (congestion). */
  effectiveKbps(scale = 1): number {
    return this.capacityKbps * this.signalFactor * scale;
  }

  /** Whether the link carries traffic now. */
  carrying(): boolean {
    return this.present && this.enabled && this.connected;
  }

  /** One step: capacity drifts back towards the mean with noise; drops and roaming; load follows demand. */
  step(now: number, demandShare: number, scale = 1, spontaneous = true): void {
    const p = this.profile;
    const mean = p.meanKbps;
    const drift = 0.2 * (mean - this.capacityKbps);
    const noise = p.volatility * mean * this.rng.normal() * 0.5;
    this.capacityKbps = Math.max(50, this.capacityKbps + drift + noise);
    if (this.failed) {
      this.connected = false;
    } else if (this.dropLeft > 0) {
      if (--this.dropLeft === 0) this.connected = true;
    } else if (spontaneous && this.connected && p.dropChance > 0 && this.rng.next() < p.dropChance) {
      this.connected = false;
      this.dropLeft = this.rng.int(p.dropSteps[0], p.dropSteps[1]);
    }
    if (spontaneous && p.roamChance > 0 && this.rng.next() < p.roamChance) this.roaming = !this.roaming;
    const carrying = this.carrying();
    const capacity = this.effectiveKbps(scale);
    this.uplinkKbps = carrying ? Math.round(capacity * demandShare) : 0;
    this.downlinkKbps = carrying ? Math.round(Math.min(capacity * 0.05, 400) * this.rng.range(0.5, 1)) : 0;
    this.lastUpdated = now;
  }

  /** Fault: the network is lost (true) or back (false). */
  setFailed(failed: boolean): void {
    this.failed = failed;
    this.dropLeft = 0;
    this.connected = !failed;
  }

  /** Signal quality 0–100 follows capacity for radio links; LAN has none. */
  signalQuality(): number | null {
    if (this.profile.uiType === 'lan' || !this.connected) return null;
    const q = (this.capacityKbps * this.signalFactor) / (this.profile.meanKbps * 1.6);
    return Math.max(0, Math.min(100, Math.round(q * 100)));
  }

  /** `iso` is `lastUpdated` already formatted (shared by the links of one tick). */
  snapshot(iso = new Date(this.lastUpdated).toISOString()): Modem {
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
      lastUpdated: iso,
    };
  }
}
