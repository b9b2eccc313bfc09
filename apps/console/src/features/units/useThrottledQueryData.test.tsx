import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useThrottledQueryData } from './useThrottledQueryData';

const KEY = ['throttled'];

function setUp(holdWhile?: () => boolean) {
  const qc = new QueryClient();
  qc.setQueryData<number[]>(KEY, [1]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  // A list's interval grows with its length: 100 ms an item here.
  const options = { intervalMs: (data: number[] | undefined) => (data?.length ?? 0) * 100, ...(holdWhile ? { holdWhile } : {}) };
  const { result } = renderHook(() => useThrottledQueryData<number[]>(KEY, options), { wrapper });
  return { qc, result };
}

describe('useThrottledQueryData', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes changes on at most once an interval, the interval taken from the data passed on last', () => {
    const { qc, result } = setUp();
    expect(result.current).toEqual([1]);
    act(() => qc.setQueryData(KEY, [1, 2, 3]));
    // The data shown holds one item: 100 ms after it, the change follows.
    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toEqual([1]);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual([1, 2, 3]);
    // Three items shown now: the next change waits 300 ms.
    act(() => qc.setQueryData(KEY, [4, 5, 6]));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toEqual([1, 2, 3]);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual([4, 5, 6]);
  });

  it('holds a due change while asked to, then passes on the latest', () => {
    let scrolling = true;
    const { qc, result } = setUp(() => scrolling);
    act(() => vi.advanceTimersByTime(1000));
    act(() => qc.setQueryData(KEY, [2]));
    act(() => qc.setQueryData(KEY, [3]));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toEqual([1]);
    scrolling = false;
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toEqual([3]);
  });
});
