/**
 * What a benchmark measures of its own process: garbage collection, allocation sites
 * (realtime-ingest.bench.ts); CPU, event-loop delay and how far behind the devices it is (realtime.bench.ts).
 */
import { PerformanceObserver, constants as perfConstants, monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

export interface GcStats {
  count: number;
  totalMs: number;
  maxMs: number;
  byKind: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

/** GC pauses from perf_hooks, and allocation from v8.GCProfiler, over one window. */
export function gcMeter() {
  const kinds: Record<number, string> = {
    [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  const stats: GcStats = { count: 0, totalMs: 0, maxMs: 0, byKind: {} };
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = kinds[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      const k = (stats.byKind[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count++;
      k.totalMs += e.duration;
      k.maxMs = Math.max(k.maxMs, e.duration);
      stats.count++;
      stats.totalMs += e.duration;
      stats.maxMs = Math.max(stats.maxMs, e.duration);
    }
  });
  const profiler = new v8.GCProfiler();
  let usedStart = 0;
  return {
    start() {
      usedStart = v8.getHeapStatistics().used_heap_size;
      obs.observe({ entryTypes: ['gc'] });
      profiler.start();
    },
    /**
     * Bytes allocated on the JS heap since start, and bytes the young-generation collections
     * promoted to the old generation (what a later full collection has to deal with).
     */
    stop(): { allocated: number; promoted: number; collections: Record<string, number> } {
      const usedEnd = v8.getHeapStatistics().used_heap_size;
      interface Snapshot {
        heapStatistics: { usedHeapSize: number };
        heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[];
      }
      const profile = profiler.stop() as { statistics: { gcType: string; beforeGC: Snapshot; afterGC: Snapshot }[] };
      const oldUsed = (s: Snapshot) => s.heapSpaceStatistics.find((x) => x.spaceName === 'old_space')?.spaceUsedSize ?? 0;
      let allocated = 0;
      let promoted = 0;
      let last = usedStart;
      const collections: Record<string, number> = {};
      for (const s of profile.statistics) {
        allocated += Math.max(0, s.beforeGC.heapStatistics.usedHeapSize - last);
        last = s.afterGC.heapStatistics.usedHeapSize;
        collections[s.gcType] = (collections[s.gcType] ?? 0) + 1;
        if (s.gcType === 'Scavenge' || s.gcType === 'MinorMarkCompact') promoted += Math.max(0, oldUsed(s.afterGC) - oldUsed(s.beforeGC));
      }
      allocated += Math.max(0, usedEnd - last);
      return { allocated, promoted, collections };
    },
    async finish(): Promise<GcStats> {
      await new Promise((r) => setTimeout(r, 50)); // let the observer's last entries arrive
      obs.disconnect();
      stats.totalMs = round(stats.totalMs, 1);
      stats.maxMs = round(stats.maxMs, 1);
      for (const k of Object.values(stats.byKind)) {
        k.totalMs = round(k.totalMs, 1);
        k.maxMs = round(k.maxMs, 1);
      }
      return stats;
    },
  };
}

/** Sampling heap profiler including collected objects: where the bytes are allocated. */
export async function allocationProfiler() {
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))));
  await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  interface Node {
    callFrame: { functionName: string; url: string; lineNumber: number };
    selfSize: number;
    children: Node[];
  }
  return {
    async stop(messages: number): Promise<string> {
      const { profile } = await post<{ profile: { head: Node } }>('HeapProfiler.stopSampling');
      session.disconnect();
      const sites = new Map<string, number>();
      const walk = (n: Node) => {
        const f = n.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(apps|packages|tests|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
        sites.set(key, (sites.get(key) ?? 0) + n.selfSize);
        for (const c of n.children) walk(c);
      };
      walk(profile.head);
      return [...sites.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([k, v]) => `  ${String(Math.round(v / messages)).padStart(7)}  ${k}`)
        .join('\n');
    },
  };
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** CPU of this process over a window, as a share of one core, and its event-loop delay. */
export function cpuMeter() {
  let start = process.cpuUsage();
  let t0 = performance.now();
  let result = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  return {
    start() {
      start = process.cpuUsage();
      t0 = performance.now();
      loop.reset();
      loop.enable();
    },
    stop() {
      const d = process.cpuUsage(start);
      result = (d.user + d.system) / 1000 / (performance.now() - t0);
      loop.disable();
    },
    cores: () => Math.round(result * 1000) / 1000,
    loopDelay: () => ({ eventLoopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10, eventLoopDelayMaxMs: Math.round(loop.max / 1e5) / 10 }),
  };
}

/**
 * How far behind the devices the server is (device event time to its handling), to start
 * measuring only once the boot storm's backlog has drained.
 */
export function lagMeter() {
  let samples: number[] = [];
  return {
    add(ms: number) {
      if (samples.length < 100_000) samples.push(ms);
    },
    reset() {
      samples = [];
    },
    count: () => samples.length,
    median: () => (samples.length ? [...samples].sort((a, b) => a - b)[samples.length >> 1]! : Number.POSITIVE_INFINITY),
  };
}
