/**
 * heap-compaction.test.ts's process (`node --import tsx`): keeps promoting objects to the old space
 * and letting most of them die (one in 50 kept), so the old space's pages end up mostly empty, with
 * V8's own full collections only (a forced one compacts by V8's rules of its own). The compactor
 * watches; its clock is this script's, moved one interval on when the old space is fragmented.
 * Prints what it saw as JSON: the old space after each full collection, and the compactions.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { oldSpace, startHeapCompaction, type Compaction, type OldSpace } from '../heap-compaction.js';

const INTERVAL_MS = 60_000;
const kept: object[] = [];
/** One round: 100,000 objects held through the round's scavenges (promoted), then let go but one in 50. */
function round(): void {
  const batch: object[] = [];
  for (let i = 0; i < 100_000; i++) {
    const o = { i, s: `x${i}` };
    batch.push(o);
    if (i % 50 === 0) kept.push(o);
  }
}
// The observers' callbacks run after a collection, in a task of their own.
const settle = () => new Promise((r) => setTimeout(r, 0));

const afterFull: OldSpace[] = [];
const watch = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) afterFull.push(oldSpace());
  }
});
watch.observe({ entryTypes: ['gc'] });
const isFragmented = (s: OldSpace | undefined) => s !== undefined && s.committed > 2 * s.used;

/** Rounds until a full collection leaves the old space fragmented (or `max` rounds). */
async function untilFragmented(max: number): Promise<boolean> {
  for (let n = 0; n < max; n++) {
    const seen = afterFull.length;
    round();
    await settle();
    if (afterFull.slice(seen).some(isFragmented)) return true;
  }
  return false;
}

let clock = 0;
const compactions: Compaction[] = [];
const compactor = startHeapCompaction(
  { intervalMs: INTERVAL_MS, share: 0.25, minBytes: 4 * 2 ** 20, calmMs: 0, maxLiveBytes: 2 ** 30 },
  (c) => compactions.push(c),
  () => clock,
);
const fragmentedFirst = await untilFragmented(200);
// An interval later: the next full collection that finds it fragmented arms the compaction, the one after compacts.
clock += INTERVAL_MS;
let rounds = 0;
while (compactions.length === 0 && rounds < 200) {
  round();
  await settle();
  rounds++;
}
const fullBefore = afterFull.length;
// Within the interval again: the collections leave the old space fragmented.
const fragmentedLater = await untilFragmented(200);
compactor.stop();
watch.disconnect();
process.stdout.write(JSON.stringify({ fragmentedFirst, compactions, fragmentedLater, fullAfterCompaction: afterFull.length - fullBefore, kept: kept.length }));
