/** Usage profiles and an inventory's usage reports, read again on their events (registered in src/live/). */
import type { EndpointQueryKey } from '../../api/hooks';
import { endpointPrefix } from '../../api/hooks';
import { all, onEach, reread } from '../../realtime/liveRegistry';
import type { LiveContext, LiveResource } from '../../realtime/liveRegistry';

/** An inventory's usage reports are read again (usage written, a usage profile changed). */
function rereadUsage({ queryClient }: LiveContext, event: { readonly inventoryId: string }): void {
  void queryClient.invalidateQueries({
    queryKey: endpointPrefix('getInventoryUsageReport'),
    predicate: (query) => (query.queryKey as EndpointQueryKey<'getInventoryUsageReport'>)[1].params?.id === event.inventoryId,
  });
}

const USAGE_PROFILE_READS = ['listInventoryUsageProfiles', 'listUnitUsageProfiles'] as const;

export const usageLive: LiveResource = {
  resource: 'usage',
  events: {
    ...onEach(['usageProfile.changed', 'usageProfile.removed'] as const, {
      rereads: ['getInventoryUsageReport', ...USAGE_PROFILE_READS],
      apply: all(rereadUsage, reread(USAGE_PROFILE_READS)),
    }),
    'usage.changed': { rereads: ['getInventoryUsageReport'], apply: rereadUsage },
  },
};
