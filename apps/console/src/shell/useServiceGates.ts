/**
 * The managed-service gates of the shell's current inventory (serviceGates.ts): services_status
 * read once per inventory and kept (§9: services 30 min), patched live by /ws
 * `managedService.changed` (the core announces each change, a trial or service running out
 * included, to the inventory's topics, which the console follows for its current inventory).
 */
import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { TIMINGS, type RealtimeEvent, type ServicesStatus } from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery, type EndpointQueryKey } from '../api/hooks';
import { usePreferences } from '../preferences/usePreferences';
import { rolesOf, useSessionUser } from '../session/hooks';
import { currentInventory, picksAmongAllInventories } from './scope';
import { applyServiceChange, featureGates, type FeatureOff } from './serviceGates';

/** The shell's current inventory (the header's picker), or null. */
function useShellInventoryId(): string | null {
  const user = useSessionUser();
  const prefs = usePreferences();
  if (!user) return null;
  return currentInventory(prefs, user.inventories, picksAmongAllInventories(rolesOf(user)))?.id ?? null;
}

/** Which features are off for the current inventory; nothing is off before an answer or when the call fails. */
export function useServiceGates(): FeatureOff {
  const inventoryId = useShellInventoryId();
  const status = useEndpointQuery(
    'getServicesStatus',
    { params: { id: inventoryId ?? '' } },
    // A core without the call (or refusing it) leaves every feature as it is: no retries.
    { enabled: inventoryId !== null, staleTime: TIMINGS.servicesCacheMs, retry: false },
  );
  const data = inventoryId === null ? undefined : status.data;
  return useMemo(() => featureGates(data), [data]);
}

/** Every cached services_status answer with a `managedService.changed` applied (live/table). */
export function applyToServicesStatus(queryClient: QueryClient, event: Extract<RealtimeEvent, { type: 'managedService.changed' }>): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix('getServicesStatus') })) {
    const key = query.queryKey as EndpointQueryKey<'getServicesStatus'>;
    const before = queryClient.getQueryData<ServicesStatus>(key);
    if (!before) continue;
    const after = applyServiceChange(before, event);
    if (after !== before) queryClient.setQueryData(key, after);
  }
}
