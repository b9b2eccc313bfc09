/**
 * Keeps the /users list and the open user current from /ws (user.changed / user.removed on the
 * topics of the user's inventories and their groups): rows on a cached page are patched in place;
 * a user a page does not hold (created or moved elsewhere) makes that page read again; the open
 * user's detail and the organisation's user licences are read again.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserAccountPage } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { applyUserEvent, isUserEvent, userIdOfEvent } from './userCache';

export function useUsersLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        // The licences count active users; an organisation's max users is a system setting.
        if (isUserEvent(event) || (event.type === 'systemSetting.changed' && event.kind === 'organization')) {
          void queryClient.invalidateQueries({ queryKey: endpointPrefix('getUserLicences') });
        }
        if (!isUserEvent(event)) return;
        for (const [key, data] of queryClient.getQueriesData<UserAccountPage>({ queryKey: endpointPrefix('searchUsers') })) {
          if (!data) continue;
          const { page, placed } = applyUserEvent(data, event);
          if (!placed) void queryClient.invalidateQueries({ queryKey: key, exact: true });
          else if (page !== data) queryClient.setQueryData(key, page);
        }
        const id = userIdOfEvent(event);
        void queryClient.invalidateQueries({ queryKey: ['getUser', { params: { id } }] });
      }),
    [subscribe, queryClient],
  );
}
