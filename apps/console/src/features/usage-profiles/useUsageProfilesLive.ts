/** Keeps the cached usage profile pages current from /ws (usageProfile.changed / removed, patched in place by usageProfileCache.ts). */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UsageProfilePage } from '@fleet/contracts';
import { endpointPrefix, type EndpointQueryKey } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { applyUsageProfileEvent, isUsageProfileEvent } from './usageProfileCache';

export function useUsageProfilesLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (!isUsageProfileEvent(event)) return;
        for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix('listInventoryUsageProfiles') })) {
          const key = query.queryKey as EndpointQueryKey<'listInventoryUsageProfiles'>;
          const inventoryId = key[1].params?.id;
          if (inventoryId === undefined) continue;
          queryClient.setQueryData<UsageProfilePage>(key, (list) => (list ? applyUsageProfileEvent(list, inventoryId, event) : list));
        }
        // Who is on which profile changed: the assignment picker reads again when next opened.
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('listUnitUsageProfiles') });
      }),
    [subscribe, queryClient],
  );
}
