/**
 * The core's one source of time. Every service, plugin and route reads "now" and arms its timers
 * through the `Clock` it is given (`BuildAppOptions.clock`, default {@link systemClock}), never
 * from the wall clock or through Node's timers directly, so a test can step time: a session,
 * a support access (8 h), a verification link (72 h), a trial (30 d) or a sweep's interval passes
 * when the test says so, without waiting for it.
 *
 * It is the contracts' `Clock` (`now()`, shared with the simulator and the packages) with a Date and
 * timers added.
 *
 * - {@link systemClock}: the wall clock and Node's timers (what production runs on).
 * - {@link TestClock}: real time plus an offset. Its timers run on real time as well, and
 *   `advance(ms)` moves the offset forward and fires, in due order, every timer that fell due.
 */

import { systemClock as wallClock, type Clock as TimeSource } from '@fleet/contracts';

/** An armed timer. `unref()`: the timer no longer keeps the process alive (Node's `unref`). */
export interface ClockTimer {
  unref(): ClockTimer;
}

export interface Clock extends TimeSource {
  /** `now()` as a Date. */
  date(): Date;
  setTimeout(fn: () => void, ms: number): ClockTimer;
  setInterval(fn: () => void, ms: number): ClockTimer;
  /** Disarms a timer of this clock (either kind); nothing happens for null, undefined or a timer that already fired. */
  clearTimeout(timer: ClockTimer | null | undefined): void;
  clearInterval(timer: ClockTimer | null | undefined): void;
  /**
   * A clock that can be stepped ({@link TestClock}) has this: the control plane moves it with a
   * stepped simulator's clock, so that what the core compares with its own time (a trial's end) moves too.
   */
  advance?(ms: number): Promise<void>;
}

/** The wall clock and Node's timers; a handle is Node's own `Timeout`. */
export const systemClock: Clock = {
  now: () => wallClock.now(),
  date: () => new Date(wallClock.now()),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  setInterval: (fn, ms) => setInterval(fn, ms),
  // Handles of this clock are Node's Timeouts (see above).
  clearTimeout: (timer) => clearTimeout((timer ?? undefined) as NodeJS.Timeout | undefined),
  clearInterval: (timer) => clearInterval((timer ?? undefined) as NodeJS.Timeout | undefined),
};

/** Node's longest timer delay; a longer one is armed in steps. */
const MAX_DELAY_MS = 2_147_483_647;

class TestTimer implements ClockTimer {
  /** The Node timer that fires this one on real time. */
  real: NodeJS.Timeout | null = null;
  refed = true;

  constructor(
    private readonly clock: TestClock,
    readonly fn: () => void,
    /** When it fires next, by the test clock (ms since the epoch). */
    public due: number,
    /** Its interval, or null for a timeout. */
    readonly every: number | null,
    /** Creation order: timers due at the same instant fire in the order they were armed. */
    readonly seq: number,
  ) {}

  unref(): this {
    this.refed = false;
    this.real?.unref();
    return this;
  }

  /** (Re)arms the Node timer for the time left by the test clock. */
  arm(onReal: (t: TestTimer) => void): void {
    if (this.real !== null) clearTimeout(this.real);
    const left = Math.min(MAX_DELAY_MS, Math.max(0, this.due - this.clock.now()));
    this.real = setTimeout(() => {
      this.real = null;
      onReal(this);
    }, left);
    if (!this.refed) this.real.unref();
  }

  disarm(): void {
    if (this.real !== null) clearTimeout(this.real);
    this.real = null;
  }
}

/**
 * Real time plus an offset, for tests: `now()` is the wall clock's plus an offset. Its timers are armed on
 * Node's timers for their time left, so they fire on real time as the system clock's would; and
 * {@link advance} moves the offset forward and fires every timer that fell due by then.
 *
 * Within one `advance`:
 * - timers fire in the order they fall due (armed first, first, at the same instant), each seeing
 *   `now()` at the advanced time;
 * - an interval fires once, however many of its periods passed (as Node's intervals do after a
 *   blocked event loop): a 2-second sweep stepped over by 30 days sweeps once, not 1.3 million
 *   times. It goes on a whole period after it fired (as Node's: an interval's runs are never closer
 *   than its period), not on the phase it started with: a realtime heartbeat that pings at the end
 *   of a step checks for the answer a full period later, never a few real milliseconds later;
 * - timers armed by the callbacks fire later (on real time, or at the next advance), so a timer
 *   that re-arms itself cannot keep an advance going.
 */
export class TestClock implements Clock {
  private offset: number;
  private seq = 0;
  private readonly timers = new Set<TestTimer>();
  private readonly onReal = (t: TestTimer) => this.fireOnRealTime(t);

  /** `start`: the clock's time now (ms since the epoch); by default the wall clock's. */
  constructor(start?: number) {
    this.offset = start === undefined ? 0 : start - wallClock.now();
  }

  now(): number {
    return wallClock.now() + this.offset;
  }

  date(): Date {
    return new Date(this.now());
  }

  setTimeout(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, ms, null);
  }

  setInterval(fn: () => void, ms: number): ClockTimer {
    // As Node's: an interval below 1 ms is 1 ms.
    return this.add(fn, ms, Math.max(1, delayOf(ms)));
  }

  clearTimeout(timer: ClockTimer | null | undefined): void {
    if (!(timer instanceof TestTimer) || !this.timers.delete(timer)) return;
    timer.disarm();
  }

  clearInterval(timer: ClockTimer | null | undefined): void {
    this.clearTimeout(timer);
  }

  /** Timers armed and not fired (a timeout) or not cleared (an interval). */
  pending(): number {
    return this.timers.size;
  }

  /**
   * Moves the clock `ms` forward and fires every timer that fell due, in due order (see the class).
   * Resolves once their callbacks have run (their synchronous part; what they start continues: poll
   * for its effects) and the event loop has taken one turn. A callback that throws does not stop
   * the others; the first error rejects the promise.
   */
  async advance(ms: number): Promise<void> {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`TestClock.advance: ${ms} is not a duration`);
    this.offset += ms;
    const at = this.now();
    const before = this.seq;
    let failure: { error: unknown } | null = null;
    for (;;) {
      let next: TestTimer | null = null;
      for (const t of this.timers) {
        if (t.seq >= before || t.due > at) continue;
        if (next === null || t.due < next.due || (t.due === next.due && t.seq < next.seq)) next = t;
      }
      if (next === null) break;
      try {
        this.fire(next, at);
      } catch (error) {
        failure ??= { error };
      }
    }
    // What is still armed has less time left now.
    for (const t of this.timers) t.arm(this.onReal);
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (failure) throw failure.error;
  }

  private add(fn: () => void, ms: number, every: number | null): ClockTimer {
    const timer = new TestTimer(this, fn, this.now() + delayOf(ms), every, this.seq++);
    this.timers.add(timer);
    timer.arm(this.onReal);
    return timer;
  }

  /** Runs the timer's callback as of `at`: a timeout is done, an interval is due again a period after `at`. */
  private fire(t: TestTimer, at: number): void {
    if (t.every === null) {
      this.timers.delete(t);
      t.disarm();
    } else {
      t.due = at + t.every;
      t.arm(this.onReal);
    }
    t.fn();
  }

  /** A Node timer ran out: the timer fires, unless the clock says it is not due yet (a delay armed in steps). */
  private fireOnRealTime(t: TestTimer): void {
    if (!this.timers.has(t)) return;
    const at = this.now();
    if (at < t.due) return t.arm(this.onReal);
    this.fire(t, at);
  }
}

/** A timer's delay: 0 unless it is a positive finite number. */
function delayOf(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}
