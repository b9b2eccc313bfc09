import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { expiryFlag, initialPollDelay, randomInitialDelay } from './polling';

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
