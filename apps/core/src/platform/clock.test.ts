import { afterEach, describe, expect, it } from 'vitest';
import { systemClock, TestClock, type ClockTimer } from './clock.js';

const DAY = 86_400_000;
const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TestClock', () => {
  const clock = (start?: number) => new TestClock(start);
  // Timers left armed by a failing test must not fire into the next one.
  const armed: Array<{ c: TestClock; t: ClockTimer }> = [];
  afterEach(() => {
    for (const { c, t } of armed.splice(0)) c.clearTimeout(t);
  });

  it('reads real time plus its offset, from a given start or the wall clock', async () => {
    const c = clock(1_000_000);
    expect(c.now() - 1_000_000).toBeGreaterThanOrEqual(0);
    expect(c.now() - 1_000_000).toBeLessThan(50);
    const wall = clock();
    expect(Math.abs(wall.now() - Date.now())).toBeLessThan(5);
    const before = wall.now();
    await wall.advance(3 * DAY);
    expect(wall.now() - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(wall.now() - before).toBeLessThan(3 * DAY + 50);
    expect(wall.date().getTime()).toBeGreaterThanOrEqual(before + 3 * DAY);
  });

  it('fires the timers that fell due in due order, each seeing the advanced time, and leaves the others armed', async () => {
    const c = clock();
    const fired: Array<[string, number]> = [];
    const at = (name: string) => () => fired.push([name, c.now()]);
    c.setTimeout(at('c'), 3_000);
    c.setTimeout(at('a'), 1_000);
    c.setTimeout(at('b1'), 2_000);
    c.setTimeout(at('b2'), 2_000); // same instant: in the order armed
    const later = c.setTimeout(at('later'), 60_000);
    armed.push({ c, t: later });
    const start = c.now();
    await c.advance(5_000);
    expect(fired.map(([n]) => n)).toEqual(['a', 'b1', 'b2', 'c']);
    for (const [, t] of fired) expect(t).toBeGreaterThanOrEqual(start + 5_000);
    expect(c.pending()).toBe(1);
    await c.advance(54_000);
    expect(fired).toHaveLength(4);
    await c.advance(1_000);
    expect(fired.map(([n]) => n)).toEqual(['a', 'b1', 'b2', 'c', 'later']);
    expect(c.pending()).toBe(0);
  });

  it('fires an interval once per advance that passes it, then a whole period after it fired', async () => {
    // Real time runs on under the test: every step below keeps clear of a due time by far more than it takes.
    const c = clock();
    let ticks = 0;
    const every = c.setInterval(() => ticks++, 2_000);
    armed.push({ c, t: every });
    await c.advance(1_500);
    expect(ticks).toBe(0);
    await c.advance(1_000); // 2.5 s
    expect(ticks).toBe(1);
    // Due again at 4.5 s (a period after it fired), not at 4 s.
    await c.advance(1_700); // 4.2 s
    expect(ticks).toBe(1);
    await c.advance(500); // 4.7 s
    expect(ticks).toBe(2);
    // 30 days over a 2-second interval: once, not 1.3 million times; then a period later again.
    await c.advance(30 * DAY);
    expect(ticks).toBe(3);
    await c.advance(1_500);
    expect(ticks).toBe(3);
    await c.advance(1_000);
    expect(ticks).toBe(4);
  });

  it('cancels timeouts and intervals, from outside and from their own callback', async () => {
    const c = clock();
    let a = 0;
    let b = 0;
    const t = c.setTimeout(() => a++, 1_000);
    c.clearTimeout(t);
    const i: ClockTimer = c.setInterval(() => {
      b++;
      if (b === 2) c.clearInterval(i);
    }, 1_000);
    c.clearTimeout(null);
    c.clearInterval(undefined);
    for (let k = 0; k < 4; k++) await c.advance(1_000);
    expect(a).toBe(0);
    expect(b).toBe(2);
    expect(c.pending()).toBe(0);
    // A timer of another clock is none of this one's.
    const other = systemClock.setTimeout(() => undefined, 10_000);
    c.clearTimeout(other);
    systemClock.clearTimeout(other);
  });

  it('fires timers armed by a callback later, not in the same advance', async () => {
    const c = clock();
    const fired: string[] = [];
    c.setTimeout(() => {
      fired.push('first');
      c.setTimeout(() => fired.push('second'), 0);
    }, 1_000);
    // The advance's timers fire before its first await: the one armed in the callback did not fire in that run.
    // (Its real-time timer may fire while the advance settles, so the check is made right after the call.)
    const advanced = c.advance(10_000);
    expect(fired).toEqual(['first']);
    await advanced;
    // Zero delay: it fires on real time at once (before a real timer armed after it).
    await realSleep(20);
    expect(fired).toEqual(['first', 'second']);
  });

  it('fires on real time too, for the time left after an advance', async () => {
    const c = clock();
    const fired: number[] = [];
    // Read before the timer is armed: a millisecond may pass between the two reads.
    const due = c.now() + 10_300;
    c.setTimeout(() => fired.push(c.now()), 10_300);
    let ticks = 0;
    let twice: () => void = () => undefined;
    const ranTwice = new Promise<void>((resolve) => (twice = resolve));
    const every = c.setInterval(() => ++ticks === 2 && twice(), 30);
    armed.push({ c, t: every });
    // The interval runs on real time (waited for, not slept: a busy machine only makes it later); the long timeout did not.
    await ranTwice;
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(fired).toEqual([]);
    c.clearInterval(every);
    await c.advance(10_000); // about 200 ms left
    expect(fired).toEqual([]);
    await realSleep(400);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(due);
    expect(c.pending()).toBe(0);
  });

  it('resolves after the fired callbacks ran and rejects with the first error, having fired the rest', async () => {
    const c = clock();
    const fired: string[] = [];
    c.setTimeout(() => {
      throw new Error('boom');
    }, 1);
    c.setTimeout(() => fired.push('after'), 2);
    await expect(c.advance(10)).rejects.toThrow('boom');
    expect(fired).toEqual(['after']);
    await expect(c.advance(-1)).rejects.toThrow(RangeError);
  });

  it('lets an unref’d timer not hold the process (the handle answers unref)', () => {
    const c = clock();
    const t = c.setTimeout(() => undefined, 60_000);
    expect(t.unref()).toBe(t);
    c.clearTimeout(t);
    const s = systemClock.setTimeout(() => undefined, 60_000).unref();
    systemClock.clearTimeout(s);
  });
});

describe('systemClock', () => {
  it('is the wall clock and Node’s timers', async () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(5);
    expect(Math.abs(systemClock.date().getTime() - Date.now())).toBeLessThan(5);
    let n = 0;
    let ticks = 0;
    // The interval's second tick is due after the cleared timeout would have been: Node runs due timers in order,
    // so by then a timeout left armed would have fired. No fixed sleep: a busy machine only makes it later.
    const twice = new Promise<void>((resolve) => {
      const i = systemClock.setInterval(() => {
        if (++ticks === 2) {
          systemClock.clearInterval(i);
          resolve();
        }
      }, 5);
    });
    const t = systemClock.setTimeout(() => (n += 100), 5);
    systemClock.clearTimeout(t);
    await twice;
    expect(ticks).toBe(2);
    expect(n).toBe(0);
  });
});
