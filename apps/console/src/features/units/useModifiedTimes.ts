import { useEffect, useMemo, useState } from 'react';
import type { UnitSummary } from '@fleet/contracts';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { ModifiedTimes } from './modifiedTimes';

/** How often the modified column and filter take in recorded changes. */
const REFRESH_MS = 1000;

/** When each unit last changed (modifiedTimes.ts), kept from the realtime events. */
export function useModifiedTimes(): (unit: UnitSummary) => number | null {
  const [store] = useState(() => new ModifiedTimes());
  const [version, setVersion] = useState(0);
  const { subscribe } = useRealtime();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribe((event) => {
      if (!store.record(event) || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        setVersion((v) => v + 1);
      }, REFRESH_MS);
    });
    return () => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    };
  }, [store, subscribe]);
  // A new function when times changed, so memoised filters and columns recompute.
  return useMemo(() => {
    void version;
    return (unit: UnitSummary) => store.modifiedAt(unit);
  }, [store, version]);
}
