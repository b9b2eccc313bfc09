/**
 * The timers of one unit, by what they belong to:
 * - a **life** (one power-on): what the unit does while it runs — application start-up and stop
 *   times, channel selection retries, the speed test, sending logs, upgrade steps, uploads, scans,
 *   autonomy, its next outage. Powering off ends the life: every timer of it is cancelled, so none
 *   fires in a later life (a stream's start after the unit came back, a second autonomy chain).
 * - the **device** (until the engine stops it): what happens to the hardware whether it runs or
 *   not — being switched on again after an outage or a reboot, a link reconnecting.
 *
 * A life timer that fires anyway in a later life (it would be a bug of the scope) does nothing and
 * is counted (`staleFirings`): the fleet invariants report it.
 */
import type { SimClock } from '../clock.js';

export class TimerScope {
  private readonly pending = new Set<() => void>();

  constructor(private readonly clock: SimClock) {}

  /** Run `fn` after `ms` of simulated time unless the scope is cleared first. */
  after(ms: number, fn: () => void): void {
    const cancel = this.clock.after(ms, () => {
      this.pending.delete(cancel);
      fn();
    });
    this.pending.add(cancel);
  }

  /** Cancel every pending timer of the scope. */
  clear(): void {
    for (const cancel of this.pending) cancel();
    this.pending.clear();
  }

  /** Timers still pending. */
  get size(): number {
    return this.pending.size;
  }
}

/** The timers of a unit's lives: one life at a time, numbered from 1. */
export class LifeTimers {
  private readonly scope: TimerScope;
  private lifeNo = 0;
  private running = false;
  /** Life timers that fired after their life had ended (never, unless the scope is broken). */
  staleFirings = 0;

  constructor(clock: SimClock) {
    this.scope = new TimerScope(clock);
  }

  /** The current life (0 before the first power-on). */
  get life(): number {
    return this.lifeNo;
  }

  /** A new life begins (power on). */
  begin(): void {
    this.lifeNo += 1;
    this.running = true;
  }

  /** The life ends (power off): its pending timers are cancelled. */
  end(): void {
    this.running = false;
    this.scope.clear();
  }

  /** Run `fn` after `ms` in this life; it never runs in another one (nothing is set while the unit is off). */
  after(ms: number, fn: () => void): void {
    if (!this.running) return;
    const life = this.lifeNo;
    this.scope.after(ms, () => {
      if (life !== this.lifeNo || !this.running) {
        this.staleFirings += 1;
        return;
      }
      fn();
    });
  }

  /** Timers of the current life still pending. */
  get pending(): number {
    return this.scope.size;
  }
}
