/**
 * Spec 000 §9 "switcher update guard 5000 ms" (TIMINGS.switcherUpdateGuardMs). Reading: for that
 * long after the console sends a switcher change, what the unit reports about the switcher is not
 * taken into the form; the values sent stay shown (a report the unit sent before it applied the
 * change would otherwise put the old channels back for a moment). After the guard the form follows
 * the unit again, whatever it reports.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** `value`: those sent while the guard holds, else the reported ones; `hold(sent)` holds them for `guardMs` from now (a new hold restarts the guard). */
export function useUpdateGuard<T>(reported: T, guardMs: number) {
  const [held, setHeld] = useState<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hold = useCallback(
    (sent: T) => {
      if (timer.current !== null) clearTimeout(timer.current);
      setHeld({ value: sent });
      timer.current = setTimeout(() => {
        timer.current = null;
        setHeld(null);
      }, guardMs);
    },
    [guardMs],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return { value: held === null ? reported : held.value, holding: held !== null, hold };
}
