/**
 * The simulator's clock as the header shows it (mock only): asked of the control plane
 * (`clock.get`) only once the capability probe found the mock, every few seconds (a poll: the
 * clock changes from the panel, a scenario run or a QA suite driving the control plane). Against
 * a real core the probe fails and nothing is asked.
 */
import { useQuery } from '@tanstack/react-query';
import { askControlPlane, useMockCapabilities } from './useMockCapabilities';

export const MOCK_CLOCK_KEY = ['mock', 'clock'] as const;
/** How often the header asks (ms). */
export const MOCK_CLOCK_POLL_MS = 3000;

/** Real time (or nothing known: not the mock), accelerated by a factor, or paused (stepped by hand). */
export type MockClockState = { kind: 'realtime' } | { kind: 'accelerated'; factor: number } | { kind: 'paused' };

/** The first shard's clock as the header's state (every shard runs the same clock). */
export function clockState(answer: readonly { kind: string; factor: number }[] | undefined): MockClockState {
  const first = answer?.[0];
  if (!first) return { kind: 'realtime' };
  if (first.kind === 'stepped') return { kind: 'paused' };
  if (first.kind === 'accelerated' && first.factor !== 1) return { kind: 'accelerated', factor: first.factor };
  return { kind: 'realtime' };
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
