/**
 * The one reading of the wall clock. Whatever needs "now" takes a {@link Clock} (so a test can step
 * time) and defaults to {@link systemClock}; nothing else reads `Date.now` or makes a Date of no
 * argument. The core's clock (timers, a test clock: apps/core/src/platform/clock.ts) and the
 * simulator's (real-time, accelerated or stepped: simulator/src/clock.ts) are Clocks too.
 * Plain values only (no zod, no Node): the console's first route may import it.
 */

/** A source of time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
};
