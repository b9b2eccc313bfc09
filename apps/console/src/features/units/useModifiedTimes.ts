import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { UnitSummary } from '@fleet/contracts';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { ModifiedTimes } from './modifiedTimes';

/** How often the modified cells (and, when followed, the filter and sort) take in recorded changes. */
const REFRESH_MS = 1000;
const NOT_FOLLOWED = () => () => undefined;

/**
 * When each unit last changed (modifiedTimes.ts), kept from the realtime events. The modified
 * cells subscribe to `times` themselves, so a change renders those cells alone; `modifiedAt` is a
 * new function on each change only while `follow` (the times order or filter the list), so the
 * columns, and with them every row in view, stay the same otherwise.
 */
export function useModifiedTimes(follow: boolean): { times: ModifiedTimes; modifiedAt: (unit: UnitSummary) => number | null } {
  const [times] = useState(() => new ModifiedTimes());
  const { subscribe } = useRealtime();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribe((event) => {
      if (!times.record(event) || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        times.publish();
      }, REFRESH_MS);
    });
    return () => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    };
  }, [times, subscribe]);
  const version = useSyncExternalStore(follow ? times.subscribe : NOT_FOLLOWED, () => (follow ? times.version : 0));
  const modifiedAt = useMemo(() => {
    void version;
    return (unit: UnitSummary) => times.modifiedAt(unit);
  }, [times, version]);
  return { times, modifiedAt };
}
