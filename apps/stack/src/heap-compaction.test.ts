import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPACTION, worthCompacting } from './heap-compaction.js';

const MiB = 2 ** 20;

describe('worthCompacting', () => {
  const rule = DEFAULT_COMPACTION;
  it('compacts pages beyond a quarter of what lives, 32 MiB at least, once an interval, when calm', () => {
    const calm = rule.calmMs;
    expect(worthCompacting({ committed: 165 * MiB, used: 120 * MiB }, rule.intervalMs, calm, rule)).toBe(true);
    // Not yet: the last compaction was less than an interval ago.
    expect(worthCompacting({ committed: 165 * MiB, used: 120 * MiB }, rule.intervalMs - 1, calm, rule)).toBe(false);
    // Not now: full collections come one after the other (a clock step).
    expect(worthCompacting({ committed: 165 * MiB, used: 120 * MiB }, rule.intervalMs, calm - 1, rule)).toBe(false);
    // A spare 20 % of what lives is the heap's own room to grow.
    expect(worthCompacting({ committed: 144 * MiB, used: 120 * MiB }, rule.intervalMs, calm, rule)).toBe(false);
    // A large heap (10,000 units): the pause would copy over 200 MiB.
    expect(worthCompacting({ committed: 400 * MiB, used: 300 * MiB }, rule.intervalMs, calm, rule)).toBe(false);
    // A small heap: a quarter, but under 32 MiB.
    expect(worthCompacting({ committed: 60 * MiB, used: 30 * MiB }, rule.intervalMs, calm, rule)).toBe(false);
  });
});

describe('startHeapCompaction', () => {
  // A process of its own (testing/fragmented-heap.ts): V8's flags are the process's, and the unit tests share their workers.
  it('makes one full collection compacting when the old space is fragmented, and none within the interval after', async () => {
    const child = path.join(import.meta.dirname, 'testing/fragmented-heap.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child], { timeout: 60_000 });
    const r = JSON.parse(stdout) as {
      fragmentedFirst: boolean;
      compactions: { before: { committed: number; used: number }; after: { committed: number; used: number } }[];
      fragmentedLater: boolean;
    };
    // V8's own collections left the old space's pages over twice what lives in them.
    expect(r.fragmentedFirst).toBe(true);
    // One compaction, which gave the empty pages back.
    expect(r.compactions).toHaveLength(1);
    const [c] = r.compactions;
    expect(c?.before.committed).toBeGreaterThan(1.25 * (c?.before.used ?? 0));
    expect(c?.after.committed).toBeLessThan(1.25 * (c?.after.used ?? 0) + 2 * MiB);
    // Within the interval, the collections that follow compact no more (the flag was set for one).
    expect(r.fragmentedLater).toBe(true);
  }, 60_000);
});
