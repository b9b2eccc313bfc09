/** What realtime events change in the groups' reads (registered in src/live/). */
import type { LiveResource } from '../../realtime/liveRegistry';
import { applyToGroupsLive } from './useGroupsLive';

export const groupsLive: LiveResource = {
  resource: 'groups',
  events: {
    'group.changed': {
      patches: ['fetchGroups'],
      rereads: ['fetchGroupDetails', 'getGroupDefaultConfiguration', 'getGroupAdhocSettings', 'getGroupPermanentSettings'],
      apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event),
    },
    'group.removed': { patches: ['fetchGroups'], rereads: ['fetchGroupDetails'], apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event) },
    'groupAlerts.changed': { patches: ['getGroupAlertsConfiguration'], apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event) },
  },
};
