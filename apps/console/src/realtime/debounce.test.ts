import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { debounce } from './debounce';

describe('debounce (device list refresh)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 3 s after the last of a burst of calls', () => {
    expect(TIMINGS.deviceListRefreshDebounceMs).toBe(3000);
    const fn = vi.fn();
    const d = debounce(fn, TIMINGS.deviceListRefreshDebounceMs);
    d.call();
    vi.advanceTimersByTime(2000);
    d.call();
    vi.advanceTimersByTime(2999);
    expect(fn).not.toHaveBeenCalled();
    expect(d.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(d.pending()).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const d = debounce(fn, 3000);
    d.call();
    d.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});
