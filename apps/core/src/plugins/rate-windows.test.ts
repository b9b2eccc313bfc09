import { describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../platform/clock.js';
import { localWindows } from './rate-windows.js';
import { overLimit } from './security.js';

describe('localWindows (in memory, on the app’s clock)', () => {
  /** A clock whose time moves only when told. */
  const steppedClock = () => {
    let now = 1_000_000;
    const clock: Clock = { ...systemClock, now: () => now };
    return { clock, advance: (ms: number) => (now += ms) };
  };

  it('counts each key in its own fixed window without a promise, answers the time left, and starts again when the window ends', () => {
    const { clock, advance } = steppedClock();
    const windows = localWindows(60_000, 10, clock);
    expect(windows.hit('a', 5)).toEqual({ count: 1, resetInMs: 60_000 });
    advance(15_000);
    expect(windows.hit('a', 5)).toEqual({ count: 2, resetInMs: 45_000 });
    expect(windows.hit('b', 5)).toEqual({ count: 1, resetInMs: 60_000 });
    // Past the limit the window is not extended.
    for (let i = 0; i < 5; i++) windows.hit('a', 2);
    expect(windows.hit('a', 2)).toEqual({ count: 8, resetInMs: 45_000 });
    advance(45_000); // a's window ends exactly now
    expect(windows.hit('a', 5)).toEqual({ count: 1, resetInMs: 60_000 });
    expect(windows.hit('b', 5)).toEqual({ count: 2, resetInMs: 15_000 });
  });

  it('keeps at most its size of keys, forgetting the least recently counted', () => {
    const windows = localWindows(60_000, 2, steppedClock().clock);
    windows.hit('a', 5);
    windows.hit('b', 5);
    windows.hit('a', 5);
    windows.hit('c', 5); // b goes
    expect(windows.hit('a', 5)).toMatchObject({ count: 3 });
    expect(windows.hit('b', 5)).toMatchObject({ count: 1 });
  });
});

describe('overLimit', () => {
  const at = (count: number, resetInMs: number, max: number) => ({ count: { count, resetInMs }, max });
  it('lets through at the limit, refuses past it with the seconds to the window’s end (at least 1), the later of two', () => {
    expect(overLimit([at(5, 30_000, 5), null])).toBeNull();
    expect(overLimit([null, null])).toBeNull();
    expect(overLimit([at(6, 29_001, 5), null])).toBe(30);
    expect(overLimit([at(6, 10, 5), at(1, 50_000, 5)])).toBe(1);
    expect(overLimit([at(6, 10_000, 5), at(9, 50_000, 5)])).toBe(50);
  });
});
