import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frameBatch';

describe('frameBatch (live events folded in once per frame)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands on every item pushed before the next animation frame together, in order', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    const apply = vi.fn();
    const batch = frameBatch<number>(apply);
    batch.push(1);
    batch.push(2);
    batch.push(3);
    expect(apply).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith([1, 2, 3]);
    // The fallback timer of that batch is gone: nothing more is handed on.
    vi.advanceTimersByTime(1000);
    expect(apply).toHaveBeenCalledTimes(1);
    batch.push(4);
    expect(frames).toHaveLength(2);
    frames[1]!(16);
    expect(apply).toHaveBeenLastCalledWith([4]);
  });

  it('hands the items on after maxWaitMs without animation frames (a hidden tab), and at once past maxItems', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    const apply = vi.fn();
    const batch = frameBatch<number>(apply, { maxWaitMs: 250, maxItems: 3 });
    batch.push(1);
    vi.advanceTimersByTime(249);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply).toHaveBeenCalledWith([1]);
    batch.push(2);
    batch.push(3);
    batch.push(4);
    expect(apply).toHaveBeenLastCalledWith([2, 3, 4]);
  });

  it('without animation frames, hands on together what arrived before its timer (the /ws frames of one burst)', () => {
    const requestFrame = vi.fn(() => 1);
    vi.stubGlobal('requestAnimationFrame', requestFrame);
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    const apply = vi.fn();
    const batch = frameBatch<number>(apply, { maxWaitMs: 0, animationFrame: false });
    // Each push stands for a frame's task: the timer runs after the tasks already queued.
    batch.push(1);
    batch.push(2);
    batch.push(3);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith([1, 2, 3]);
    batch.push(4);
    vi.advanceTimersByTime(0);
    expect(apply).toHaveBeenLastCalledWith([4]);
    expect(requestFrame).not.toHaveBeenCalled();
  });

  it('drops what waits when cancelled', () => {
    const apply = vi.fn();
    const batch = frameBatch<number>(apply);
    batch.push(1);
    batch.cancel();
    vi.advanceTimersByTime(1000);
    expect(apply).not.toHaveBeenCalled();
  });
});
