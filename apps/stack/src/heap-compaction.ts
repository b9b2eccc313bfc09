/**
 * Gives back the memory V8's old space keeps after its live part shrank (a periodic compaction, as
 * the JVM's G1 has `G1PeriodicGCInterval` for).
 *
 * A lively fleet keeps replacing objects that lived a while (a unit's last state, a write waiting
 * for its commit group): they are promoted to the old space and die there, leaving pages partly
 * used. V8 compacts such pages when it sees the process idle (its memory reducer) or a page almost
 * empty; a stack that is never idle and whose survivors are spread thinly keeps them. At 1,000 units
 * the old space held about 165 MiB of pages for 120 MiB of live objects ten minutes after a clock
 * step, growing 2–3 MiB a minute; one compacting collection brought it to 103 MiB (the RSS 335 → 290
 * MiB).
 *
 * After each full collection the old space's pages are compared with what lives in them. When the
 * pages exceed the live part by more than a quarter of it (and by 32 MiB at least), the last
 * compaction is `intervalMs` ago, the process is calm (no other full collection in the 20 s
 * before: not during a clock step) and what lives is at most 200 MiB (the pause grows with it), the
 * next full collection is made a compacting one
 * (`--compact-on-every-full-gc` for that one collection). It costs that collection's pause a copy
 * of the live old objects: about 0.3 s at 1,000 units, once in `intervalMs` at most.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

export interface OldSpace {
  /** Bytes of the old space's pages. */
  readonly committed: number;
  /** Bytes of the objects in them. */
  readonly used: number;
}

export interface CompactionRule {
  /** Least time between two compactions. */
  readonly intervalMs: number;
  /** Pages beyond what lives, as a share of what lives, before a compaction is worth its pause. */
  readonly share: number;
  /** ... and at least this many bytes. */
  readonly minBytes: number;
  /**
   * Least time since the full collection before: a busy process (a clock step) collects every second
   * or so, and its compaction waits for calm (a lively fleet of 1,000 units collects every ~45 s).
   */
  readonly calmMs: number;
  /**
   * Most live bytes worth the pause: it copies what lives (about 0.35 s per 100 MiB on these 2 cores),
   * so a larger heap (10,000 units: about 300 MiB) is left to V8's own rules.
   */
  readonly maxLiveBytes: number;
}

export const DEFAULT_COMPACTION: CompactionRule = { intervalMs: 10 * 60_000, share: 0.25, minBytes: 32 * 2 ** 20, calmMs: 20_000, maxLiveBytes: 200 * 2 ** 20 };

/**
 * Whether the old space, just collected, is worth compacting now: `sinceCompactionMs` since the last
 * compaction, `sinceCollectionMs` since the full collection before this one.
 */
export function worthCompacting(space: OldSpace, sinceCompactionMs: number, sinceCollectionMs: number, rule: CompactionRule): boolean {
  const spare = space.committed - space.used;
  return (
    sinceCompactionMs >= rule.intervalMs &&
    sinceCollectionMs >= rule.calmMs &&
    space.used <= rule.maxLiveBytes &&
    spare >= rule.minBytes &&
    spare >= space.used * rule.share
  );
}

export function oldSpace(): OldSpace {
  const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
  return { committed: old?.space_size ?? 0, used: old?.space_used_size ?? 0 };
}

export interface Compaction {
  /** The old space before the collection that compacted it, and after. */
  readonly before: OldSpace;
  readonly after: OldSpace;
  /** That collection's pause. */
  readonly pauseMs: number;
}

export interface HeapCompactor {
  stop(): void;
}

/**
 * Watches the process's full collections and makes one compacting when the rule says so.
 * `onCompacted` hears each compaction (the stack logs it).
 */
export function startHeapCompaction(
  rule: CompactionRule = DEFAULT_COMPACTION,
  onCompacted: (c: Compaction) => void = () => undefined,
  now: () => number = () => performance.now(),
): HeapCompactor {
  // The first compaction may come one interval after the start (the start's own garbage is gone by then).
  let last = now();
  let lastCollection = Number.NEGATIVE_INFINITY;
  let armedWith: OldSpace | null = null;
  const disarm = () => {
    if (armedWith === null) return;
    armedWith = null;
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: { kind?: number } }).detail;
      if (detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const space = oldSpace();
      const at = now();
      const sinceCollection = at - lastCollection;
      lastCollection = at;
      if (armedWith !== null) {
        const before = armedWith;
        disarm();
        last = at;
        onCompacted({ before, after: space, pauseMs: entry.duration });
      } else if (worthCompacting(space, at - last, sinceCollection, rule)) {
        armedWith = space;
        // Read by V8 at the start of each full collection's marking; Node leaves its flags writable.
        v8.setFlagsFromString('--compact-on-every-full-gc');
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      disarm();
    },
  };
}
