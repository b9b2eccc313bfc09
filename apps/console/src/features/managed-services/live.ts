/** What `managedService.changed` changes: the managed services lists and the shell's services status (registered in src/live/). */
import type { LiveResource } from '../../realtime/liveRegistry';
import { applyToServicesStatus } from '../../shell/useServiceGates';
import { applyToServiceLists } from './serviceView';

export const managedServicesLive: LiveResource = {
  resource: 'managedServices',
  events: {
    'managedService.changed': {
      patches: ['getServicesStatus', 'listManagedServices', 'listAdminManagedServices'],
      apply: (ctx, event) => {
        applyToServicesStatus(ctx.queryClient, event);
        applyToServiceLists(ctx.queryClient, event);
      },
    },
  },
};
