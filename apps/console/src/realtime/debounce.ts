/** Timer functions (injectable for tests). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/**
 * Trailing debounce: a burst of calls runs `fn` once, `ms` after the last one (spec 001 §7: the
 * device list refresh waits 3 s after device added/removed events).
 */
export function debounce(fn: () => void, ms: number, timers: Timers = realTimers) {
  let handle: ReturnType<typeof setTimeout> | null = null;
  return {
    /** (Re)starts the wait; `fn` runs once, `ms` after the last call. */
    call() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(() => {
        handle = null;
        fn();
      }, ms);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
    pending: () => handle !== null,
  };
}
