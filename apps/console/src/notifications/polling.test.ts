import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { bannerColor, bannerOrder, expiryFlag, initialPollDelay, randomInitialDelay, schedulePolling, withoutNotification } from './polling';

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

describe('banner colour and removal', () => {
  const item = (level: 'info' | 'success' | 'warning' | 'error', within2h = false, within24h = false) => ({
    level,
    expiresWithin2h: within2h,
    expiresWithin24h: within24h,
  });

  it('shows the expiry flags first (2 h red, 24 h orange), else the message level', () => {
    expect(bannerColor(item('info', true, true))).toBe('red');
    expect(bannerColor(item('error', false, true))).toBe('orange');
    expect(bannerColor(item('warning'))).toBe('yellow');
    expect(bannerColor(item('error'))).toBe('red');
    expect(bannerColor(item('info'))).toBe('blue');
  });

  it('drops a removed message from the list, and leaves an unread list unread', () => {
    expect(withoutNotification([{ id: 'a' }, { id: 'b' }], 'a')).toEqual([{ id: 'b' }]);
    expect(withoutNotification(undefined, 'a')).toBeUndefined();
  });

  it('orders the banner: expiring within 2 h, errors, within 24 h, warnings, information, success; equals in the list order (newest first)', () => {
    const list = [
      { id: 'success', ...item('success') },
      { id: 'info-new', ...item('info') },
      { id: '24h', ...item('info', false, true) },
      { id: 'info-old', ...item('info') },
      { id: 'warning', ...item('warning') },
      { id: 'error', ...item('error') },
      { id: '2h', ...item('info', true, true) },
    ];
    expect(bannerOrder(list).map((n) => n.id)).toEqual(['2h', 'error', '24h', 'warning', 'info-new', 'info-old', 'success']);
  });
});
