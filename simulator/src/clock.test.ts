import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.js';

describe('simulator clock', () => {
  it('fires timers in due order in stepped mode, ties in the order they were set', () => {
    const clock = new SimClock(1000, { kind: 'stepped' });
    const log: string[] = [];
    clock.after(50, () => log.push('b'));
    clock.after(10, () => log.push('a'));
    clock.after(50, () => log.push('c'));
    const cancel = clock.after(30, () => log.push('never'));
    cancel();
    clock.advance(49);
    expect(log).toEqual(['a']);
    clock.advance(1);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(clock.now()).toBe(1050);
  });

  it('repeats with every() and sees the simulated time inside callbacks', () => {
    const clock = new SimClock(0, { kind: 'stepped' });
    const seen: number[] = [];
    const stop = clock.every(100, () => seen.push(clock.now()));
    clock.advance(350);
    stop();
    clock.advance(1000);
    expect(seen).toEqual([100, 200, 300]);
  });

  it('runs accelerated time faster than real time', async () => {
    const clock = new SimClock(0, { kind: 'accelerated', factor: 50 });
    const fired = await new Promise<number>((resolve) => {
      const t0 = performance.now();
      clock.after(1000, () => resolve(performance.now() - t0));
    });
    expect(fired).toBeLessThan(500);
    clock.stop();
  });

  it('runs a late timer at its due time: what it sets keeps its place among the timers already set', async () => {
    const clock = new SimClock(0, { kind: 'accelerated', factor: 1000 });
    const log: [string, number][] = [];
    clock.after(100, () => {
      log.push(['a', clock.now()]);
      clock.after(50, () => log.push(['b', clock.now()]));
    });
    clock.after(200, () => log.push(['c', clock.now()]));
    // The event loop is busy past every due time (an overloaded machine).
    const until = performance.now() + 5;
    while (performance.now() < until) {
      /* busy */
    }
    const deadline = Date.now() + 2000;
    while (log.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    clock.stop();
    expect(log.map(([name]) => name)).toEqual(['a', 'b', 'c']);
    const at = Object.fromEntries(log);
    expect(at.b! - at.a!).toBe(50);
  });
});
