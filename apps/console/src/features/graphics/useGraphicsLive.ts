/** Keeps My Graphics current from /ws: the reads `staleGraphicsReads` names, of the event's inventory, are read again. */
import { endpointKey } from '../../api/hooks';
import { useLiveEvents } from '../../kit/useLiveEvents';
import { staleGraphicsReads } from './graphicsState';

export function useGraphicsLive(): void {
  useLiveEvents((queryClient, event) => {
    const stale = staleGraphicsReads(event);
    if (stale === null) return;
    for (const read of stale.reads) void queryClient.invalidateQueries({ queryKey: endpointKey(read, { params: { id: stale.inventoryId } }) });
  });
}
