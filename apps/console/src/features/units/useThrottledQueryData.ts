import { startTransition, useEffect, useState } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';

/** How often a held update looks again whether it may go (see `holdWhile`). */
const HOLD_RECHECK_MS = 100;

export interface ThrottleOptions<T> {
  /** The least time between two updates passed on, from the data passed on last (a larger list: longer). */
  readonly intervalMs: (data: T | undefined) => number;
  /** While this answers true, a due update waits (the person is scrolling the list it would redraw). */
  readonly holdWhile?: () => boolean;
}

/**
 * A cached query's data, passed on at most once per interval (the first change at once, later ones
 * at the end of the interval), without the caller being rendered for every change in between. The
 * unit list takes its units through this: with 1,000 units the realtime client patches the cache
 * on every /ws frame (a few hundred times a second), and the page (filter, sort, counters, and the
 * Mantine header around them) then renders a few times a second instead of per frame. Undefined
 * until the query has data.
 */
export function useThrottledQueryData<T>(queryKey: QueryKey, { intervalMs, holdWhile }: ThrottleOptions<T>): T | undefined {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  const [shown, setShown] = useState<T | undefined>(() => queryClient.getQueryData<T>(queryKey));
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastSent = 0;
    let interval = 0;
    const send = () => {
      if (holdWhile?.()) {
        timer = setTimeout(send, HOLD_RECHECK_MS);
        return;
      }
      timer = null;
      lastSent = Date.now();
      const data = cache.get<T>(hash)?.state.data;
      interval = intervalMs(data);
      // A transition: React renders the redraw in slices it can interleave with input and paint
      // (10,000 units: filtered, counted and sorted in one go took a task of 50–60 ms a second).
      startTransition(() => setShown(data));
    };
    const unsubscribe = cache.subscribe((event) => {
      if (event.query.queryHash !== hash || timer !== null) return;
      timer = setTimeout(send, Math.max(0, lastSent + interval - Date.now()));
    });
    // A change between the first render and this effect.
    send();
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [queryClient, hash, intervalMs, holdWhile]);
  return shown;
}
