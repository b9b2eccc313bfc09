import { afterEach, describe, expect, it, vi } from 'vitest';
import { noticeBatch } from './noticeBatch';

afterEach(() => {
  vi.useRealTimers();
});

describe('notice batch (a burst over several frames told together)', () => {
  it('hands over what arrived within the window opened by the first notice, then opens a new one', () => {
    vi.useFakeTimers();
    const batches: number[][] = [];
    const batch = noticeBatch<number>((items) => batches.push(items), 400);
    batch.push([1]);
    vi.advanceTimersByTime(200);
    batch.push([2, 3]);
    batch.push([]);
    vi.advanceTimersByTime(199);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[1, 2, 3]]);
    // A steady stream is not held: the window is not extended by later notices.
    batch.push([4]);
    vi.advanceTimersByTime(300);
    batch.push([5]);
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('drops what waits when cancelled, and opens no window for nothing', () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const batch = noticeBatch<number>(flush, 400);
    batch.push([]);
    batch.push([1]);
    batch.cancel();
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
  });
});
