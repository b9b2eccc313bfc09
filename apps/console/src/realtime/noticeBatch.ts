/**
 * Collects the fleet notices of a short window and hands them over together, so that a burst
 * relayed over several /ws frames (a hub going down, a fleet coming online) is told as one grouped
 * notice (unitNotices.ts groupNotices) rather than a toast per frame. The window opens with the
 * first notice and is not extended by later ones: a steady stream is told every window, never held.
 */
import type { Timers } from './debounce';

/** How long the first notice of a burst waits for the rest. */
export const NOTICE_WINDOW_MS = 400;

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

export function noticeBatch<T>(flush: (items: T[]) => void, windowMs: number = NOTICE_WINDOW_MS, timers: Timers = realTimers) {
  let items: T[] = [];
  let handle: ReturnType<typeof setTimeout> | null = null;
  return {
    push(more: readonly T[]) {
      if (more.length === 0) return;
      items.push(...more);
      handle ??= timers.setTimeout(() => {
        handle = null;
        const batch = items;
        items = [];
        flush(batch);
      }, windowMs);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      items = [];
    },
  };
}
