import { describe, expect, it, vi } from 'vitest';
import { AnswerBlocks, BLOCK_STEP_BYTES, POOLED_FROM_BYTES } from './answer-blocks.js';

describe('answer blocks', () => {
  it('allocate small answers as usual, with nothing to give back', () => {
    const blocks = new AnswerBlocks();
    let handed = 0;
    const b = blocks.take(100, () => handed++);
    expect(b.length).toBe(100);
    expect(handed).toBe(0);
    expect(blocks.stats().allocated).toBe(0);
  });

  it('never hand out a block before it is given back, and reuse it after', () => {
    const blocks = new AnswerBlocks();
    const releases: Array<() => void> = [];
    const size = POOLED_FROM_BYTES * 5 + 123;
    const a = blocks.take(size, (r) => releases.push(r));
    const b = blocks.take(size - 7, (r) => releases.push(r));
    expect(a.length).toBe(size);
    expect(b.length).toBe(size - 7);
    expect(a.buffer).not.toBe(b.buffer);
    // Blocks are not zeroed (the answer overwrites them): b is cleared here so that only a write
    // through a shared block could put a 1 in it.
    b.fill(0);
    a.fill(1);
    expect(b.includes(1)).toBe(false);
    expect(blocks.stats()).toMatchObject({ allocated: 2, reused: 0, freeBlocks: 0 });
    releases[0]!();
    releases[0]!(); // twice: given back once
    expect(blocks.stats()).toMatchObject({ freeBlocks: 1, freeBytes: 6 * BLOCK_STEP_BYTES });
    const c = blocks.take(size + 1, (r) => releases.push(r));
    expect(c.buffer).toBe(a.buffer);
    expect(blocks.stats()).toMatchObject({ allocated: 2, reused: 1, freeBlocks: 0 });
    // A different size step gets a block of its own.
    const d = blocks.take(size + BLOCK_STEP_BYTES, (r) => releases.push(r));
    expect(d.buffer).not.toBe(b.buffer);
  });

  it('keep at most maxFreeBytes of free blocks', () => {
    const blocks = new AnswerBlocks(3 * BLOCK_STEP_BYTES);
    const releases: Array<() => void> = [];
    for (let i = 0; i < 3; i++) blocks.take(2 * BLOCK_STEP_BYTES, (r) => releases.push(r));
    for (const r of releases) r();
    expect(blocks.stats()).toMatchObject({ freeBlocks: 1, freeBytes: 2 * BLOCK_STEP_BYTES });
  });

  it('drop the free blocks once no large answer was written for a while', () => {
    vi.useFakeTimers();
    try {
      const blocks = new AnswerBlocks(64 * BLOCK_STEP_BYTES, 1_000);
      const releases: Array<() => void> = [];
      blocks.take(2 * BLOCK_STEP_BYTES, (r) => releases.push(r));
      releases[0]!();
      vi.advanceTimersByTime(600);
      blocks.take(2 * BLOCK_STEP_BYTES, (r) => releases.push(r)); // reused: the pool is in use
      releases[1]!();
      vi.advanceTimersByTime(600);
      expect(blocks.stats().freeBlocks).toBe(1);
      vi.advanceTimersByTime(1_000);
      expect(blocks.stats()).toMatchObject({ freeBlocks: 0, freeBytes: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
