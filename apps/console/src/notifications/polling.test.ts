import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { expiryFlag, initialPollDelay, randomInitialDelay, schedulePolling } from './polling';

describe('notification polling (spec 000 §7)', () => {
  it('starts after a random delay of 1 to 300 seconds', () => {
    expect(randomInitialDelay(() => 0)).toBe(TIMINGS.pollInitialDelayMinMs);
    expect(randomInitialDelay(() => 0.9999999999)).toBe(TIMINGS.pollInitialDelayMaxMs);
    expect(randomInitialDelay(() => 1)).toBe(TIMINGS.pollInitialDelayMaxMs);
    for (let i = 0; i < 100; i += 1) {
      const delay = randomInitialDelay();
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(300_000);
    }
    expect(TIMINGS.pollIntervalMs).toBe(300_000);
  });

  it('takes an explicit delay when given', () => {
    expect(initialPollDelay(0)).toBe(0);
    expect(initialPollDelay(250)).toBe(250);
    expect(initialPollDelay(null, () => 0)).toBe(1000);
  });

  it('flags expiry within 2 h before 24 h', () => {
    expect(expiryFlag({ expiresWithin2h: true, expiresWithin24h: true })).toBe('2h');
    expect(expiryFlag({ expiresWithin2h: false, expiresWithin24h: true })).toBe('24h');
    expect(expiryFlag({ expiresWithin2h: false, expiresWithin24h: false })).toBeNull();
  });
});

describe('polling schedule', () => {
  it('runs after the initial delay, then every interval, until stopped', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const stop = schedulePolling(run, { initialDelayMs: 42_000, intervalMs: TIMINGS.pollIntervalMs });
      vi.advanceTimersByTime(41_999);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(TIMINGS.pollIntervalMs - 1);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(TIMINGS.pollIntervalMs * 2);
      expect(run).toHaveBeenCalledTimes(4);
      stop();
      vi.advanceTimersByTime(TIMINGS.pollIntervalMs * 3);
      expect(run).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
