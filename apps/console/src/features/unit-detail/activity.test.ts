import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import {
  activityState, canStartActivity, canStopActivity, displayState, intercomApplications, multiCameraApplication,
  pollTransition, reachedExpectedState,
} from './activity';
import type { Sleep } from './activity';

describe('activity state', () => {
  it('reads the application state of the activity', () => {
    expect(activityState({}, ['video'])).toBe('off');
    expect(activityState({ video: { state: 'connecting' } }, ['video'])).toBe('connecting');
    expect(activityState({ video: { state: 'running' } }, ['video'])).toBe('running');
    expect(activityState({ video: { state: 'disconnecting' } }, ['video'])).toBe('disconnecting');
    expect(activityState({ l2ControlPipe: { state: 'failed' } }, ['l2ControlPipe'])).toBe('failed');
  });

  it('ignores connecting and stopping updates of video return and databridge (spec 000 §4)', () => {
    expect(activityState({ videoReturn: { state: 'connecting' } }, ['videoReturn'])).toBe('off');
    expect(activityState({ videoReturn: { state: 'stopping' } }, ['videoReturn'])).toBe('running');
    expect(activityState({ databridge: { state: 'stopping' } }, ['databridge'])).toBe('running');
    expect(activityState({ databridge: { state: 'running' } }, ['databridge'])).toBe('running');
  });

  it('maps modes to their applications', () => {
    expect(multiCameraApplication('highQuality')).toBe('multiCamera');
    expect(multiCameraApplication('switcherAndProxy')).toBe('switcherAndProxy');
    expect(intercomApplications('audioRoom')).toEqual(['audioRoom']);
    expect(activityState({ ifb: { state: 'running' } }, intercomApplications('targetChannel'))).toBe('running');
  });

  it('shows the pending transition until the expected state shows', () => {
    expect(displayState('connecting', 'off')).toBe('connecting');
    expect(displayState('connecting', 'connecting')).toBe('connecting');
    expect(displayState('connecting', 'running')).toBe('running');
    expect(displayState('disconnecting', 'running')).toBe('disconnecting');
    expect(displayState('disconnecting', 'off')).toBe('off');
    expect(displayState(undefined, 'running')).toBe('running');
    expect(reachedExpectedState('connecting', 'failed')).toBe(true);
  });

  it('offers start when off and stop while running', () => {
    expect(canStartActivity('off')).toBe(true);
    expect(canStartActivity('running')).toBe(false);
    expect(canStopActivity('running')).toBe(true);
    expect(canStopActivity('disconnecting')).toBe(false);
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
    expect(await pollTransition({ count: 10, intervalMs: 1, signal: new AbortController().signal, sleep: instant, reached: () => false, poll })).toBe('reached');
    expect(poll).toHaveBeenCalledTimes(3);
    const never = vi.fn(async () => false);
    expect(await pollTransition({ count: 10, intervalMs: 1, signal: new AbortController().signal, sleep: instant, reached: () => true, poll: never })).toBe('reached');
    expect(never).not.toHaveBeenCalled();
  });

  it('counts a failed poll and stops when aborted', async () => {
    const failing = vi.fn(async () => {
      throw new Error('network');
    });
    expect(await pollTransition({ count: 3, intervalMs: 1, signal: new AbortController().signal, sleep: instant, reached: () => false, poll: failing })).toBe('exhausted');
    expect(failing).toHaveBeenCalledTimes(3);
    const controller = new AbortController();
    controller.abort();
    expect(await pollTransition({ count: 3, intervalMs: 1, signal: controller.signal, sleep: instant, reached: () => false, poll: failing })).toBe('aborted');
  });
});
