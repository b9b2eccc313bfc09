/**
 * One bonded link (cellular modem, Wi-Fi or LAN): capacity follows a mean-reverting random walk,
 * signal quality follows capacity, cellular links drop and come back now and then, roam and switch
 * SIM rarely, and what is carried depends on whether the unit streams.
 */
import type { Modem, SimSlot } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import { LINK_MODEL, type LinkProfile } from './constants.js';

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
    this.capacityKbps = profile.meanKbps * rng.range(...LINK_MODEL.initialCapacity);
    this.roaming = profile.uiType === 'cell' && rng.chance(LINK_MODEL.roamingShare);
    this.activeSim = profile.uiType === 'cell' ? (rng.chance(LINK_MODEL.simAShare) ? 'A' : 'B') : null;
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
    const drift = LINK_MODEL.meanReversion * (mean - this.capacityKbps);
    const noise = p.volatility * mean * this.rng.normal() * LINK_MODEL.noiseWeight;
    this.capacityKbps = Math.max(LINK_MODEL.minCapacityKbps, this.capacityKbps + drift + noise);
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
    this.downlinkKbps = carrying
      ? Math.round(Math.min(capacity * LINK_MODEL.downlinkShare, LINK_MODEL.downlinkCapKbps) * this.rng.range(...LINK_MODEL.downlinkJitter))
      : 0;
    this.lastUpdated = now;
  }

  /** Fault: the network is lost (true) or back (false). */
  setFailed(failed: boolean): void {
    this.failed = failed;
    this.dropLeft = 0;
    this.connected = !failed;
  }

  /** Enabled or disabled by configuration (a disabled link carries nothing). */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
  }

  /** Off the air now (scanning, re-registering, Wi-Fi left); `reconnect()` brings it back. */
  disconnect(): void {
    this.connected = false;
  }

  /** Back on the air, unless it was disabled or its network failed meanwhile. */
  reconnect(): void {
    if (this.enabled && !this.failed) this.connected = true;
  }

  /** Cellular links only: switch to SIM A or B. */
  useSim(sim: SimSlot): void {
    this.activeSim = sim;
  }

  /** Fault: roaming on or off. */
  setRoaming(roaming: boolean): void {
    this.roaming = roaming;
  }

  /** Fault: capacity multiplier for this link (weak signal). */
  setSignalFactor(factor: number): void {
    this.signalFactor = factor;
  }

  /** Signal quality 0–100 follows capacity for radio links; LAN has none. */
  signalQuality(): number | null {
    if (this.profile.uiType === 'lan' || !this.connected) return null;
    const q = (this.capacityKbps * this.signalFactor) / (this.profile.meanKbps * LINK_MODEL.fullSignalCapacity);
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
