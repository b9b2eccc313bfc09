import { describe, expect, it } from 'vitest';
import { LocalWindows } from './rate-windows.js';
import { overLimit } from './security.js';

describe('LocalWindows', () => {
  it('counts each key in its own fixed window, answers the time left, and starts again when the window ends', () => {
    let now = 1_000;
    const windows = new LocalWindows(60_000, 10, () => now);
    expect(windows.hit('a')).toEqual({ count: 1, resetInMs: 60_000 });
    now += 15_000;
    expect(windows.hit('a')).toEqual({ count: 2, resetInMs: 45_000 });
    expect(windows.hit('b')).toEqual({ count: 1, resetInMs: 60_000 });
    now += 45_000; // a's window ends exactly now
    expect(windows.hit('a')).toEqual({ count: 1, resetInMs: 60_000 });
    expect(windows.hit('b')).toEqual({ count: 2, resetInMs: 15_000 });
  });

  it('keeps at most its size of keys, forgetting the window that began first', () => {
    let now = 0;
    const windows = new LocalWindows(60_000, 2, () => now);
    windows.hit('a');
    windows.hit('a');
    now += 1;
    windows.hit('b');
    now += 1;
    windows.hit('c'); // a goes
    expect(windows.hit('b').count).toBe(2);
    expect(windows.hit('a').count).toBe(1); // b goes: its window began before c's
    expect(windows.hit('c').count).toBe(2);
    expect(windows.hit('b').count).toBe(1); // b was forgotten (and c goes now)
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
