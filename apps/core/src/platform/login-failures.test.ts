import { describe, expect, it } from 'vitest';
import { addressKey, MemoryFailureStore } from './login-failures.js';

describe('addressKey', () => {
  it('counts IPv4 whole (also IPv4-mapped) and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    // One host's whole /64 is one address.
    expect(addressKey('2001:db8:1:2:ffff::1')).toBe(addressKey('2001:db8:1:2::2'));
  });
});

describe('MemoryFailureStore', () => {
  const subject = (n: number, max = 3) => ({ counter: `c${n}`, lock: `l${n}`, max });

  it('counts attempts in a window, locks at the limit, and forgets after the window and the lockout', async () => {
    let now = 0;
    const store = new MemoryFailureStore(1000, () => now);
    const s = subject(1);
    for (let i = 0; i < 2; i++) {
      expect(await store.begin([s], 100, 500)).toBe(0);
      expect(await store.failed([s], 500)).toBe(0);
    }
    now = 150; // the window is over: counting starts again
    for (let i = 0; i < 2; i++) {
      expect(await store.begin([s], 100, 500)).toBe(0);
      expect(await store.failed([s], 500)).toBe(0);
    }
    expect(await store.begin([s], 100, 500)).toBe(0);
    expect(await store.failed([s], 500)).toBe(500);
    now = 400;
    expect(await store.begin([s], 100, 500)).toBe(250);
    now = 651;
    expect(await store.begin([s], 100, 500)).toBe(0);
  });

  it('a flood of distinct keys stays within its bound', async () => {
    const store = new MemoryFailureStore(1000, () => 0);
    for (let i = 0; i < 20_000; i++) {
      const s = subject(i, 1);
      await store.begin([s], 60_000, 60_000);
      await store.failed([s], 60_000);
    }
    expect(store.size()).toBeLessThanOrEqual(2000);
  });
});
