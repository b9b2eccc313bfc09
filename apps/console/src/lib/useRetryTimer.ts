/**
 * The retry timer (retryTimer.ts, spec 001 §4) as a hook: one timer per hook, a new start cancels
 * the one under way, unmounting cancels it. `running` is true from the start until the end action
 * has run (or the timer was cancelled).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { startRetryTimer } from './retryTimer';
import type { RetryTimerOptions } from './retryTimer';

export function useRetryTimer() {
  const cancelRef = useRef<(() => void) | null>(null);
  const [running, setRunning] = useState(false);

  const cancel = useCallback(() => {
    cancelRef.current?.();
    cancelRef.current = null;
    setRunning(false);
  }, []);

  const start = useCallback((options: RetryTimerOptions) => {
    cancelRef.current?.();
    let ended = false;
    let stop: (() => void) | null = null;
    stop = startRetryTimer({
      ...options,
      onEnd: (end) => {
        ended = true;
        if (stop !== null && cancelRef.current === stop) cancelRef.current = null;
        setRunning(false);
        options.onEnd?.(end);
      },
    });
    if (ended) return;
    cancelRef.current = stop;
    setRunning(true);
  }, []);

  useEffect(
    () => () => {
      cancelRef.current?.();
      cancelRef.current = null;
    },
    [],
  );

  return { running, start, cancel };
}
