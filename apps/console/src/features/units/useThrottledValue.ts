import { useEffect, useRef, useState } from 'react';

/**
 * The value, passed on at most once per `intervalMs` (the first change at once, later ones at the
 * end of the interval). The unit list takes its units through this: with 10,000 units the
 * realtime client may patch the cache hundreds of times a second, and the list (filter, sort,
 * counters) then re-renders at most a few times a second instead of per event.
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastSent = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return undefined;
    const wait = Math.max(0, lastSent.current + intervalMs - Date.now());
    const timer = setTimeout(() => {
      lastSent.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
