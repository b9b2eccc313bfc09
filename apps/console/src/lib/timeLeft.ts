/**
 * The time left until something ends (a sandbox), in whole minutes as people read a countdown: a
 * minute and a half left reads "2 min", thirty seconds "1 min", and nothing once it has ended. The
 * hook moves on exactly when the shown minute changes, not on a free-running tick.
 */
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';

const MINUTE_MS = 60_000;

/** Below this many minutes left the end is near (the header's badge turns orange). */
export const ENDING_SOON_MINUTES = 10;

/** Whole minutes left until `endsAt` at `now`, rounded up; 0 once it has ended (or when `endsAt` is unreadable). */
export function minutesLeft(endsAt: string, now: number): number {
  const ms = Date.parse(endsAt) - now;
  return Number.isNaN(ms) || ms <= 0 ? 0 : Math.ceil(ms / MINUTE_MS);
}

/** Milliseconds from `now` until {@link minutesLeft} changes next; null once it has ended. */
export function msUntilNextChange(endsAt: string, now: number): number | null {
  const ms = Date.parse(endsAt) - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  return ms % MINUTE_MS || MINUTE_MS;
}

/** The minutes left until `endsAt`, updated as each minute runs out (and at the end). */
export function useMinutesLeft(endsAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Timed from when this runs, not from the last render's time, so the ticks do not drift; a minute
    // that ran out between the render and now is shown at once.
    const current = Date.now();
    const stale = minutesLeft(endsAt, current) !== minutesLeft(endsAt, now);
    const wait = stale ? 0 : msUntilNextChange(endsAt, current);
    if (wait === null) return undefined;
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);
  return minutesLeft(endsAt, now);
}

/**
 * Minutes as the console writes a span: "42 min", "1 h 5 min", "2 h"; `short` (a phone's header)
 * keeps the hours alone from an hour on ("1 h" until the last hour).
 */
export function spanText(t: TFunction, minutes: number, short = false): string {
  if (minutes < 60) return t('sandbox.time.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return short || rest === 0 ? t('sandbox.time.hours', { hours }) : t('sandbox.time.hoursMinutes', { hours, minutes: rest });
}
