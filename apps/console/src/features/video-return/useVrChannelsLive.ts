/**
 * Keeps the cached group lists of video return channels current from /ws (vrChannel.changed /
 * removed / status patched in place by vrCache.ts, never refetched).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GroupVrChannelList } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { applyVrChannelEvent, isVrChannelEvent } from './vrCache';

export function useVrChannelsLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (!isVrChannelEvent(event)) return;
        queryClient.setQueriesData<GroupVrChannelList>({ queryKey: endpointPrefix('listGroupVrChannels') }, (list) => (list ? applyVrChannelEvent(list, event) : list));
      }),
    [subscribe, queryClient],
  );
}
