import { useEffect, useRef, useState } from 'react';
import { useRealtime } from '../../realtime/RealtimeProvider';

/** Samples kept per tile (one a telemetry report: 5 min at the spec's 5 s). */
export const SPARKLINE_SAMPLES = 60;

/**
 * The recent bitrates of the units on the wall, from the live events the console already receives
 * (`unit.telemetry` samples; a unit gone offline adds its 0): no read of its own. A unit's history
 * starts when its tile comes onto the wall and is dropped when it leaves.
 */
export function useBitrateHistory(unitIds: readonly string[]): ReadonlyMap<string, readonly number[]> {
  const { subscribe } = useRealtime();
  const [history, setHistory] = useState<ReadonlyMap<string, readonly number[]>>(() => new Map());
  const shown = useRef(new Set<string>());
  const key = unitIds.join(' ');

  useEffect(() => {
    shown.current = new Set(key === '' ? [] : key.split(' '));
    setHistory((current) => {
      const kept = [...current].filter(([id]) => shown.current.has(id));
      return kept.length === current.size ? current : new Map(kept);
    });
  }, [key]);

  useEffect(
    () =>
      subscribe((event) => {
        const sample =
          event.type === 'unit.telemetry'
            ? { id: event.unitId, kbps: event.sample.kbps }
            : event.type === 'unit.status'
              ? { id: event.unitId, kbps: event.totalBitrate }
              : null;
        if (sample === null || sample.kbps === undefined || !shown.current.has(sample.id)) return;
        const { id } = sample;
        const value = sample.kbps;
        setHistory((current) => {
          const next = new Map(current);
          next.set(id, [...(current.get(id) ?? []), value].slice(-SPARKLINE_SAMPLES));
          return next;
        });
      }),
    [subscribe],
  );
  return history;
}
