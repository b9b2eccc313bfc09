/**
 * The simulator's clock as the header shows it (mock only): asked of the control plane
 * (`clock.get`) only once the capability probe found the mock, every few seconds (a poll: the
 * clock changes from the panel, a scenario run or a QA suite driving the control plane). Against
 * a real core the probe fails and nothing is asked.
 */
import { useQuery } from '@tanstack/react-query';
import { systemClock } from '@fleet/contracts';
import { askControlPlane, useMockCapabilities } from './useMockCapabilities';

export const MOCK_CLOCK_KEY = ['mock', 'clock'] as const;
/** How often the header asks (ms). */
export const MOCK_CLOCK_POLL_MS = 3000;

/**
 * Real time (or nothing known: not the mock), accelerated by a factor, or paused (stepped by hand).
 * In real time, `offset`: how far the simulated time is from the wall clock when a minute or more
 * (a step went forward and the clock runs on from there), else null.
 */
export type MockClockState = { kind: 'realtime'; offset: ClockOffset | null } | { kind: 'accelerated'; factor: number } | { kind: 'paused' };

/** How far the simulated time is from the wall clock, to the nearest minute. */
export interface ClockOffset {
  ahead: boolean;
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE = 60_000;

/** The offset of simulated time `simNow` from the wall clock's `wallNow` (the browser's), null within a minute. */
export function clockOffset(simNow: number, wallNow: number = systemClock.now()): ClockOffset | null {
  const diff = simNow - wallNow;
  if (Math.abs(diff) < MINUTE) return null;
  const minutes = Math.round(Math.abs(diff) / MINUTE);
  return { ahead: diff > 0, days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/**
 * The first shard's clock as the header's state (every shard runs the same clock). A stepped clock
 * a scenario run advances at a pace (`pace`: its ×N) is shown at that speed, not paused.
 */
export function clockState(answer: readonly { kind: string; factor: number; now?: number; pace?: number }[] | undefined, wallNow?: number): MockClockState {
  const first = answer?.[0];
  if (!first) return { kind: 'realtime', offset: null };
  if (first.kind === 'stepped' && first.pace !== undefined && first.pace > 0) return { kind: 'accelerated', factor: first.pace };
  if (first.kind === 'stepped') return { kind: 'paused' };
  if (first.kind === 'accelerated' && first.factor !== 1) return { kind: 'accelerated', factor: first.factor };
  return { kind: 'realtime', offset: first.now === undefined ? null : clockOffset(first.now, wallNow) };
}

export function useMockClock(enabled = true): MockClockState {
  const { mock } = useMockCapabilities(enabled);
  const clock = useQuery({
    queryKey: MOCK_CLOCK_KEY,
    queryFn: () => askControlPlane((client) => client.clock.get.query()),
    enabled: enabled && mock,
    refetchInterval: MOCK_CLOCK_POLL_MS,
    retry: false,
    staleTime: 0,
  });
  return clockState(clock.data);
}
