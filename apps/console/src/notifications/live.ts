/** The banner's notifications (fetchClientNotifications) follow `notification` and `notification.removed` (registered in src/live/). */
import type { ClientNotification } from '@fleet/contracts';
import { endpointPrefix } from '../api/hooks';
import { patchNotifications } from '../kit/cachePatch';
import type { LiveResource } from '../realtime/liveRegistry';
import { withoutNotification } from './polling';

export const clientNotificationsLive: LiveResource = {
  resource: 'clientNotifications',
  events: {
    notification: {
      patches: ['fetchClientNotifications'],
      screens: 'the banner starts polling',
      apply: ({ queryClient }, event) =>
        queryClient.setQueriesData<ClientNotification[]>({ queryKey: endpointPrefix('fetchClientNotifications') }, (list) =>
          patchNotifications(list, event.notification),
        ),
    },
    'notification.removed': {
      patches: ['fetchClientNotifications'],
      apply: ({ queryClient }, event) =>
        queryClient.setQueriesData<ClientNotification[]>({ queryKey: endpointPrefix('fetchClientNotifications') }, (list) =>
          withoutNotification(list, event.notificationId),
        ),
    },
  },
};
