/**
 * The core's business time: what its business rules compare with "now" — a trial's end, a support
 * access's 8 hours, a password's expiry warning, a notification's 2 h / 24 h flags, a trial's hours,
 * the usage day. Against a real deployment it is the wall clock (the `Clock` it wraps); when the mock
 * runs with the simulator it follows the simulated clock the shards report (paused, ×N, stepped), so
 * QA can fast-forward those rules from the Simulator panel or the control plane.
 *
 * Security timers never use it: sessions, log-in lockouts, rate limits and signed links stay on
 * the wrapped (wall) clock (SECURITY.md, "Time").
 *
 * - With nothing to follow (no shard, or a simulator in real time at the wall clock's time) it *is*
 *   the wrapped clock: `now()` and timers are the wrapped clock's, so a test stepping a TestClock
 *   steps business time too.
 * - Following, `now()` is the simulated time last reported plus the wrapped clock's time since,
 *   times the factor (0 while paused or stepped); each report moves it to the shards' time.
 *   Its timers are due in business time: a pause holds them, a step fires those that fell due.
 */
import type { ClockStatus } from '@fleet/contracts';
import type { Clock, ClockTimer } from './clock.js';

/** A simulator in real time within this of the wall clock runs on the wall clock (what one message's way costs is no offset). */
const SAME_TIME_MS = 2_000;

interface Following {
  /** The wrapped clock's time at the last report. */
  base: number;
  /** The simulated time it reported. */
  sim: number;
  /** Simulated ms per ms of the wrapped clock: 1 real time, N accelerated, 0 stepped (paused). */
  rate: number;
}

class BusinessTimer implements ClockTimer {
  /** The wrapped clock's timer that fires this one. */
  inner: ClockTimer | null = null;
  refed = true;

  constructor(
    readonly fn: () => void,
    /** When it fires next, in business time. */
    public due: number,
    /** Its interval, or null for a timeout. */
    readonly every: number | null,
  ) {}

  unref(): this {
    this.refed = false;
    this.inner?.unref();
    return this;
  }
}

export class BusinessClock implements Clock {
  private following: Following | null = null;
  private readonly timers = new Set<BusinessTimer>();

  constructor(private readonly wall: Clock) {}

  now(): number {
    const f = this.following;
    if (f === null) return this.wall.now();
    return Math.floor(f.sim + (this.wall.now() - f.base) * f.rate);
  }

  date(): Date {
    return new Date(this.now());
  }

  /** Whether business time is the wall clock's (nothing simulated to follow). */
  isWallTime(): boolean {
    return this.following === null;
  }

  /**
   * The simulated clock as a shard reported it (every control reply carries it), or null: no
   * simulator any more, back to the wall clock. Timers are re-armed for the new pace, and those
   * that fell due (a step, a jump) fire.
   */
  follow(status: ClockStatus | null): void {
    const wallNow = this.wall.now();
    let next: Following | null = null;
    if (status !== null) {
      const rate = status.kind === 'stepped' ? 0 : status.kind === 'accelerated' ? status.factor : 1;
      next = rate === 1 && Math.abs(status.now - wallNow) < SAME_TIME_MS ? null : { base: wallNow, sim: status.now, rate };
    }
    const f = this.following;
    if (next === null && f === null) return;
    if (next !== null && f !== null && next.rate === f.rate && Math.abs(next.sim - this.now()) < 1) return;
    this.following = next;
    this.rearm();
  }

  setTimeout(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, ms, null);
  }

  setInterval(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, ms, Math.max(1, delayOf(ms)));
  }

  clearTimeout(timer: ClockTimer | null | undefined): void {
    if (!(timer instanceof BusinessTimer) || !this.timers.delete(timer)) return;
    this.wall.clearTimeout(timer.inner);
    timer.inner = null;
  }

  clearInterval(timer: ClockTimer | null | undefined): void {
    this.clearTimeout(timer);
  }

  private add(fn: () => void, ms: number, every: number | null): ClockTimer {
    const timer = new BusinessTimer(fn, this.now() + delayOf(ms), every);
    this.timers.add(timer);
    this.arm(timer);
    return timer;
  }

  /** Arms the wrapped clock's timer for the business time left (none while paused: a report re-arms it). */
  private arm(t: BusinessTimer): void {
    this.wall.clearTimeout(t.inner);
    t.inner = null;
    const rate = this.following?.rate ?? 1;
    const left = t.due - this.now();
    if (left > 0 && rate === 0) return;
    t.inner = this.wall.setTimeout(() => this.fireIfDue(t), left <= 0 ? 0 : Math.ceil(left / rate));
    if (!t.refed) t.inner.unref();
  }

  private rearm(): void {
    for (const t of [...this.timers]) this.arm(t);
  }

  private fireIfDue(t: BusinessTimer): void {
    t.inner = null;
    if (!this.timers.has(t)) return;
    const now = this.now();
    if (now < t.due) return this.arm(t);
    if (t.every === null) this.timers.delete(t);
    else {
      t.due = now + t.every;
      this.arm(t);
    }
    t.fn();
  }
}

/** A timer's delay: 0 unless it is a positive finite number. */
function delayOf(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}
