import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { displayState, pendingTransition, pollTransition, reachedExpectedState, transitionKindOf } from './transitions';
import type { Sleep } from './transitions';

describe('transitions (spec 000 §4)', () => {
  it('starts connect and stops disconnect', () => {
    expect(transitionKindOf('start')).toBe('connecting');
    expect(transitionKindOf('stop')).toBe('disconnecting');
  });

  it('shows the pending transition until the expected state shows', () => {
    expect(displayState('connecting', 'off')).toBe('connecting');
    expect(displayState('connecting', 'connecting')).toBe('connecting');
    expect(displayState('connecting', 'running')).toBe('running');
    expect(displayState('disconnecting', 'running')).toBe('disconnecting');
    expect(displayState('disconnecting', 'off')).toBe('off');
    expect(displayState(undefined, 'running')).toBe('running');
    expect(reachedExpectedState('connecting', 'failed')).toBe(true);
    expect(pendingTransition('connecting', 'off')).toBe('connecting');
    expect(pendingTransition('connecting', 'running')).toBeNull();
    expect(pendingTransition(undefined, 'off')).toBeNull();
  });
});

describe('transition polling (spec 000 §4: 10 polls at 2 s)', () => {
  const instant: Sleep = async (_ms, signal) => !signal.aborted;

  it('gives up after the configured number of polls', async () => {
    const poll = vi.fn(async () => false);
    const waits: number[] = [];
    const sleep: Sleep = async (ms, signal) => {
      waits.push(ms);
      return !signal.aborted;
    };
    const outcome = await pollTransition({
      count: TIMINGS.transitionPollCount,
      intervalMs: TIMINGS.transitionPollIntervalMs,
      signal: new AbortController().signal,
      sleep,
      reached: () => false,
      poll,
    });
    expect(outcome).toBe('exhausted');
    expect(poll).toHaveBeenCalledTimes(TIMINGS.transitionPollCount);
    expect(waits.every((ms) => ms === TIMINGS.transitionPollIntervalMs)).toBe(true);
  });

  it('stops once the state shows, from the cache or from a poll', async () => {
    const poll = vi.fn(async () => poll.mock.calls.length >= 3);
    expect(await pollTransition({ count: 10, intervalMs: 1, signal: new AbortController().signal, sleep: instant, reached: () => false, poll })).toBe(
      'reached',
    );
    expect(poll).toHaveBeenCalledTimes(3);
    const never = vi.fn(async () => false);
    expect(await pollTransition({ count: 10, intervalMs: 1, signal: new AbortController().signal, sleep: instant, reached: () => true, poll: never })).toBe(
      'reached',
    );
    expect(never).not.toHaveBeenCalled();
  });

  it('counts a failed poll and stops when aborted', async () => {
    const failing = vi.fn(async () => {
      throw new Error('network');
    });
    expect(await pollTransition({ count: 3, intervalMs: 1, signal: new AbortController().signal, sleep: instant, reached: () => false, poll: failing })).toBe(
      'exhausted',
    );
    expect(failing).toHaveBeenCalledTimes(3);
    const controller = new AbortController();
    controller.abort();
    expect(await pollTransition({ count: 3, intervalMs: 1, signal: controller.signal, sleep: instant, reached: () => false, poll: failing })).toBe('aborted');
  });
});
