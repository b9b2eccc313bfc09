/**
 * Keeps the /sw_version list current from /ws: `softwareVersion.changed` / `removed` carry no fields
 * (a version's inventory list differs per reader), so the cached pages are read again.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';

export function isSoftwareVersionEvent(event: RealtimeEvent): boolean {
  return event.type === 'softwareVersion.changed' || event.type === 'softwareVersion.removed';
}

export function useSoftwareVersionsLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (!isSoftwareVersionEvent(event)) return;
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersions') });
      }),
    [subscribe, queryClient],
  );
}
