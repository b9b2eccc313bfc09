/**
 * Keeps the shares screens current from /ws: `share.changed` / `share.removed` name what changed
 * (publisher, folder or subscriber), and the lists holding that kind are read again (a change can
 * move a row between pages, folders or groups, so patching one row would not be enough).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';

export function useSharesLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== 'share.changed' && event.type !== 'share.removed') return;
        if (event.kind === 'publisher') {
          void queryClient.invalidateQueries({ queryKey: endpointPrefix('listPublishers') });
          return;
        }
        // A folder's subscriber count follows its subscribers; a deleted folder moves its subscribers.
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscriberFolders') });
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscribers') });
      }),
    [subscribe, queryClient],
  );
}
