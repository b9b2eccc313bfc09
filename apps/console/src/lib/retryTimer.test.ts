/** The retry timer of spec 001 §4 with the §9 defaults (5 runs at 1000 ms). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { recurrencesWithin, startRetryTimer } from './retryTimer';
import type { RetryTimerEnd } from './retryTimer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startRetryTimer', () => {
  it('runs the action every 1000 ms by default, at most 5 times, then the end action says the limit was reached', async () => {
    expect(TIMINGS.retryTimerDefaultIntervalMs).toBe(1000);
    expect(TIMINGS.retryTimerDefaultRecurrences).toBe(5);
    const runs: number[] = [];
    const ends: RetryTimerEnd[] = [];
    startRetryTimer({ action: (run) => (runs.push(run), true), onEnd: (end) => ends.push(end) });

    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([1]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(runs).toEqual([1, 2, 3, 4, 5]);
    expect(ends).toEqual([{ reason: 'limit', runs: 5 }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(5);
    expect(ends).toHaveLength(1);
  });

  it('stops as soon as the action returns false (also from a promise) and runs the end action once', async () => {
    const ends: RetryTimerEnd[] = [];
    let calls = 0;
    startRetryTimer({ intervalMs: 200, recurrences: 10, action: async () => (calls += 1) < 3, onEnd: (end) => ends.push(end) });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(3);
    expect(ends).toEqual([{ reason: 'stopped', runs: 3 }]);
  });

  it('takes an action that throws as a failed attempt and goes on', async () => {
    const ends: RetryTimerEnd[] = [];
    let calls = 0;
    startRetryTimer({
      recurrences: 3,
      action: () => {
        calls += 1;
        throw new Error('not yet');
      },
      onEnd: (end) => ends.push(end),
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(3);
    expect(ends).toEqual([{ reason: 'limit', runs: 3 }]);
  });

  it('cancelled, runs nothing more and no end action', async () => {
    const onEnd = vi.fn();
    const action = vi.fn(() => true);
    const cancel = startRetryTimer({ action, onEnd });
    await vi.advanceTimersByTimeAsync(1500);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(action).toHaveBeenCalledTimes(1);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('spreads a wait over runs: one minute at 1000 ms is 60 runs, 30 s is 30', () => {
    expect(recurrencesWithin(TIMINGS.wifiOrModemToggleMaxMs)).toBe(60);
    expect(recurrencesWithin(TIMINGS.operatorSwitchMaxMs)).toBe(30);
    expect(recurrencesWithin(1500, 1000)).toBe(2);
  });
});
