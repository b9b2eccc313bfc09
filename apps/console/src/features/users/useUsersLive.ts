/**
 * Keeps the user lists, the open user and the organisation's user licences current from /ws
 * (user.changed / user.removed on the topics of the user's inventories and their groups): they are
 * read again (the lists are sorted and paged by the core). The licences count active users, and
 * an organisation's max users is a system setting.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { invalidateReads } from '../../realtime/systemEntities';

export function useUsersLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'user.changed' || event.type === 'user.removed') invalidateReads(queryClient, ['searchUsers', 'getUser', 'getUserLicences']);
        else if (event.type === 'systemSetting.changed' && event.kind === 'organization') invalidateReads(queryClient, ['getUserLicences']);
      }),
    [subscribe, queryClient],
  );
}
