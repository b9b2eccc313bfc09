/**
 * Keeps the cached audio room pages current from /ws (audioRoom.changed / removed, patched in place
 * by audioRoomCache.ts); the inventory's room count is read again (a room came, went, started or stopped).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AudioRoomPage } from '@fleet/contracts';
import { endpointKey, endpointPrefix, type EndpointQueryKey } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { applyAudioRoomEvent, isAudioRoomEvent } from './audioRoomCache';

export function useAudioRoomsLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (!isAudioRoomEvent(event)) return;
        const changedInventory = event.type === 'audioRoom.changed' ? event.audioRoom.inventoryId : event.inventoryId;
        void queryClient.invalidateQueries({ queryKey: endpointKey('countInventoryAudioRooms', { params: { id: changedInventory } }), exact: true });
        for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix('listInventoryAudioRooms') })) {
          const key = query.queryKey as EndpointQueryKey<'listInventoryAudioRooms'>;
          const inventoryId = key[1].params?.id;
          if (inventoryId === undefined) continue;
          queryClient.setQueryData<AudioRoomPage>(key, (list) => (list ? applyAudioRoomEvent(list, inventoryId, event) : list));
        }
      }),
    [subscribe, queryClient],
  );
}
