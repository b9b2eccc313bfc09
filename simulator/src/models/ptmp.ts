/**
 * The point-to-multipoint receivers of one channel (its multipoint configuration: machines by
 * uid) and what each receives. While the channel collects, every receiver streams at a bitrate
 * that wanders around the mean (a mean-reverting walk on the seeded rng, stepped by the clock); a
 * dropped receiver is lost with bitrate 0 while the others keep streaming; without video they are
 * idle, with the channel offline (or upgrading) they are offline.
 */
import type { ChannelStatus } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import { PTMP } from './constants.js';

export type PtmpReceiverStatus = 'streaming' | 'idle' | 'lost' | 'offline';

export interface PtmpReceiverReport {
  uid: string;
  status: PtmpReceiverStatus;
  /** kbps */
  bitrate: number;
}

interface Receiver {
  readonly uid: string;
  lost: boolean;
  kbps: number;
}

export class PtmpReceivers {
  private receivers: Receiver[] = [];
  private delayMs: number = PTMP.baseDelayMs;

  constructor(
    private readonly rng: Rng,
    uids: readonly string[] = [],
  ) {
    this.set(uids);
  }

  get uids(): string[] {
    return this.receivers.map((r) => r.uid);
  }

  get size(): number {
    return this.receivers.length;
  }

  /** A new multipoint configuration: receivers still listed keep their state, new ones start at the mean. */
  set(uids: readonly string[]): void {
    const held = new Map(this.receivers.map((r) => [r.uid, r]));
    this.receivers = [...new Set(uids)].map((uid) => held.get(uid) ?? { uid, lost: false, kbps: PTMP.meanKbps });
  }

  /** A receiver drops (lost) or comes back; false when the channel has no such receiver. */
  setLost(uid: string, lost: boolean): boolean {
    const r = this.receivers.find((x) => x.uid === uid);
    if (!r) return false;
    r.lost = lost;
    if (!lost) r.kbps = PTMP.meanKbps;
    return true;
  }

  /** Advance the receivers' bitrates and the delay by `dtMs` of simulated time. */
  step(dtMs: number): void {
    const pull = Math.min(1, PTMP.revertPerSecond * (dtMs / 1000));
    for (const r of this.receivers) {
      if (r.lost) continue;
      const next = r.kbps + pull * (PTMP.meanKbps - r.kbps) + this.rng.normal() * PTMP.noiseKbps;
      r.kbps = Math.max(PTMP.minKbps, Math.min(PTMP.maxKbps, next));
    }
    this.delayMs = PTMP.baseDelayMs + Math.abs(this.rng.normal()) * PTMP.delayJitterMs;
  }

  /** What each receiver gets given the channel's status. */
  statuses(channel: ChannelStatus): PtmpReceiverReport[] {
    const down = channel === 'offline' || channel === 'upgrading' || channel === 'unavailable';
    return this.receivers.map((r) => {
      if (down) return { uid: r.uid, status: 'offline', bitrate: 0 };
      if (r.lost) return { uid: r.uid, status: 'lost', bitrate: 0 };
      if (channel !== 'collecting') return { uid: r.uid, status: 'idle', bitrate: 0 };
      return { uid: r.uid, status: 'streaming', bitrate: Math.round(r.kbps) };
    });
  }

  /** The distribution delay (ms) while the channel collects; null otherwise. */
  delay(channel: ChannelStatus): number | null {
    return channel === 'collecting' && this.receivers.length > 0 ? Math.round(this.delayMs) : null;
  }
}
