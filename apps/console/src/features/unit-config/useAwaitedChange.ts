/**
 * Waiting for a unit to report a change it was sent: spec 000 §9 "Wi-Fi or modem toggle: up to one
 * minute" (TIMINGS.wifiOrModemToggleMaxMs) and "Operator switch: up to 30 seconds"
 * (TIMINGS.operatorSwitchMaxMs). Once the unit took the command, the retry timer (spec 001 §4, one
 * run every TIMINGS.retryTimerDefaultIntervalMs, as many as fit in the wait) looks at what the unit
 * reports (its detail and configuration, kept current over /ws) and stops when the change shows;
 * at the end of the wait without it the state is `late`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@fleet/contracts';
import { recurrencesWithin } from '../../lib/retryTimer';
import { useRetryTimer } from '../../lib/useRetryTimer';

/** `waiting`: sent, not reported yet; `late`: not reported within the wait. */
export type AwaitedState = 'idle' | 'waiting' | 'late';

/**
 * `current`: the value as the unit reports it now. `target`: what is waited for (the last one), or
 * null; `await(target)` waits until the unit reports it (a new wait replaces the one under way).
 */
export function useAwaitedChange<T>(current: T, maxMs: number) {
  const timer = useRetryTimer();
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  const [wait, setWait] = useState<{ target: T; late: boolean } | null>(null);
  const { start } = timer;

  const awaitChange = useCallback(
    (target: T) => {
      setWait({ target, late: false });
      start({
        intervalMs: TIMINGS.retryTimerDefaultIntervalMs,
        recurrences: recurrencesWithin(maxMs),
        action: () => !Object.is(currentRef.current, target),
        onEnd: (end) => setWait(end.reason === 'limit' ? { target, late: true } : null),
      });
    },
    [maxMs, start],
  );

  // The change shows at once, whatever the timer's next run.
  const reached = wait !== null && Object.is(current, wait.target);
  const state: AwaitedState = wait === null || reached ? 'idle' : wait.late ? 'late' : 'waiting';
  return { state, target: wait?.target ?? null, await: awaitChange };
}
