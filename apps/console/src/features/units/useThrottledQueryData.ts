import { useEffect, useState } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';

/**
 * A cached query's data, passed on at most once per `intervalMs` (the first change at once, later
 * ones at the end of the interval), without the caller being rendered for every change in
 * between. The unit list takes its units through this: with 1,000 units the realtime client
 * patches the cache on every /ws frame (a few hundred times a second), and the page (filter, sort,
 * counters, and the Mantine header around them) then renders a few times a second instead of per
 * frame. Undefined until the query has data.
 */
export function useThrottledQueryData<T>(queryKey: QueryKey, intervalMs: number): T | undefined {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  const [shown, setShown] = useState<T | undefined>(() => queryClient.getQueryData<T>(queryKey));
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastSent = 0;
    const send = () => {
      timer = null;
      lastSent = Date.now();
      setShown(cache.get<T>(hash)?.state.data);
    };
    const unsubscribe = cache.subscribe((event) => {
      if (event.query.queryHash !== hash || timer !== null) return;
      timer = setTimeout(send, Math.max(0, lastSent + intervalMs - Date.now()));
    });
    // A change between the first render and this effect.
    send();
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [queryClient, hash, intervalMs]);
  return shown;
}
