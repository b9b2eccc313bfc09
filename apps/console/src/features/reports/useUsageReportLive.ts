/**
 * Keeps the /reports screen's usage report current from /ws: `usage.changed` (usage written, at most
 * every few seconds per inventory) for a report's inventory, and any usage profile change (a unit's
 * profile, quota or reset day), make those reports read again.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointPrefix, type EndpointQueryKey } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';

export function useUsageReportLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== 'usage.changed' && event.type !== 'usageProfile.changed' && event.type !== 'usageProfile.removed') return;
        void queryClient.invalidateQueries({
          queryKey: endpointPrefix('getInventoryUsageReport'),
          predicate: (query) => (query.queryKey as EndpointQueryKey<'getInventoryUsageReport'>)[1].params?.id === event.inventoryId,
        });
      }),
    [subscribe, queryClient],
  );
}
