/**
 * The retry timer of spec 001 §4: "runs an action at an interval, stops when the action returns
 * false or at the recurrence limit, then runs an end action", with the defaults of §9 ("Timer
 * default 5 recurrences at 1000 ms": TIMINGS.retryTimerDefaultRecurrences and
 * TIMINGS.retryTimerDefaultIntervalMs). Pure (timers injectable); useRetryTimer.ts is the hook.
 *
 * Readings: the first run comes one interval after the start (the caller has just tried once
 * itself); an action that throws or rejects counts as "go on" (a failed attempt is what a retry is
 * for); the end action runs once, with why the timer ended; a cancelled timer runs no end action.
 */
import { TIMINGS } from '@fleet/contracts';

export type RetryTimerEndReason = 'stopped' | 'limit';

export interface RetryTimerEnd {
  /** `stopped`: the action returned false; `limit`: it ran the recurrence limit's number of times. */
  readonly reason: RetryTimerEndReason;
  /** How many times the action ran. */
  readonly runs: number;
}

export interface RetryTimerOptions {
  /** Runs at each interval (1-based run number); false stops the timer. */
  readonly action: (run: number) => boolean | Promise<boolean>;
  /** Default TIMINGS.retryTimerDefaultIntervalMs (1000 ms). */
  readonly intervalMs?: number;
  /** At most this many runs; default TIMINGS.retryTimerDefaultRecurrences (5). */
  readonly recurrences?: number;
  /** Runs once when the timer ends by itself. */
  readonly onEnd?: (end: RetryTimerEnd) => void;
}

export interface RetryTimerClock {
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

const GLOBAL_CLOCK: RetryTimerClock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The number of runs that spread over `totalMs` at `intervalMs` (at least one). */
export function recurrencesWithin(totalMs: number, intervalMs: number = TIMINGS.retryTimerDefaultIntervalMs): number {
  return Math.max(1, Math.ceil(totalMs / intervalMs));
}

/** Starts the timer; the returned function cancels it (no end action then). */
export function startRetryTimer(options: RetryTimerOptions, clock: RetryTimerClock = GLOBAL_CLOCK): () => void {
  const intervalMs = options.intervalMs ?? TIMINGS.retryTimerDefaultIntervalMs;
  const recurrences = options.recurrences ?? TIMINGS.retryTimerDefaultRecurrences;
  let cancelled = false;
  let handle: unknown = null;
  let runs = 0;

  const end = (reason: RetryTimerEndReason) => {
    if (!cancelled) options.onEnd?.({ reason, runs });
  };

  const tick = async () => {
    handle = null;
    if (cancelled) return;
    runs += 1;
    let goOn = true;
    try {
      goOn = await options.action(runs);
    } catch {
      goOn = true;
    }
    if (cancelled) return;
    if (!goOn) {
      end('stopped');
      return;
    }
    if (runs >= recurrences) {
      end('limit');
      return;
    }
    handle = clock.setTimeout(() => void tick(), intervalMs);
  };

  if (recurrences <= 0) {
    end('limit');
    return () => undefined;
  }
  handle = clock.setTimeout(() => void tick(), intervalMs);
  return () => {
    cancelled = true;
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  };
}
