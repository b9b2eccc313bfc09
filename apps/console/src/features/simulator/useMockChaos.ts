/**
 * The chaos rules still applying, as the header warns of them (mock only): asked of the control
 * plane (`chaos.list`) only once the capability probe found the mock, every few seconds (rules
 * come from the panel, another person's browser or a QA suite driving the control plane). Against
 * a real core the probe fails and nothing is asked.
 */
import { useQuery } from '@tanstack/react-query';
import type { ChaosRule } from '@fleet/contracts';
import { askControlPlane, useMockCapabilities } from './useMockCapabilities';

export const MOCK_CHAOS_KEY = ['mock', 'chaos'] as const;
/** How often the header asks (ms). */
export const MOCK_CHAOS_POLL_MS = 3000;

/** How many rules still apply (not spent, not ended). */
export function activeRules(rules: readonly Pick<ChaosRule, 'active'>[] | undefined): number {
  return rules?.filter((r) => r.active).length ?? 0;
}

/** The number of active chaos rules; 0 against a real core or while nothing is known. */
export function useMockChaos(enabled = true): number {
  const { mock } = useMockCapabilities(enabled);
  const rules = useQuery({
    queryKey: MOCK_CHAOS_KEY,
    queryFn: () => askControlPlane((client) => client.chaos.list.query()),
    enabled: enabled && mock,
    refetchInterval: MOCK_CHAOS_POLL_MS,
    retry: false,
    staleTime: 0,
  });
  return activeRules(rules.data);
}
