/**
 * The run's request rate: at most `rps` request starts per second, spread evenly (one every
 * 1000 / rps ms), for HTTP calls and `/ws` connects alike. 0 means no limit. Concurrent callers are
 * given consecutive slots in the order they asked.
 */
import { systemRunClock, type RunClock } from './clock.js';

export class RateLimiter {
  private next = 0;

  constructor(
    readonly rps: number,
    private readonly clock: RunClock = systemRunClock,
  ) {
    if (!Number.isFinite(rps) || rps < 0) throw new Error(`a rate of ${rps} requests per second is not a rate`);
  }

  /** Resolves when the caller may start its request. */
  async take(): Promise<void> {
    if (this.rps === 0) return;
    const gap = 1000 / this.rps;
    const now = this.clock.now();
    const slot = Math.max(now, this.next);
    this.next = slot + gap;
    if (slot > now) await this.clock.sleep(slot - now);
  }
}
