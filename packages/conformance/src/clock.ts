/**
 * The run's time: the contracts' `Clock` and a wait on it. The rate limit, the /ws checks and the
 * report's start and duration read it; a test can give a clock of its own (`ConformanceOptions.clock`).
 */
import { systemClock, type Clock } from '@fleet/contracts';

export interface RunClock extends Clock {
  /** Resolves once `ms` have passed on this clock. */
  sleep(ms: number): Promise<void>;
}

/** The wall clock and Node's timers. */
export const systemRunClock: RunClock = {
  now: () => systemClock.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
