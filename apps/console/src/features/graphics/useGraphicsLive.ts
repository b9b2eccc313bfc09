/** Keeps My Graphics current from /ws: the reads `staleGraphicsReads` names, of the event's inventory, are read again. */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { staleGraphicsReads } from './graphicsState';

export function useGraphicsLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        const stale = staleGraphicsReads(event);
        if (stale === null) return;
        for (const read of stale.reads) void queryClient.invalidateQueries({ queryKey: endpointKey(read, { params: { id: stale.inventoryId } }) });
      }),
    [subscribe, queryClient],
  );
}
