/** What `unit.configuration` changes in a unit's reads (registered in src/live/): its configuration everywhere it is cached, the reads derived from the setting. */
import { applyConfiguration } from '../../api/configurationCache';
import { endpointPrefix } from '../../api/hooks';
import type { EndpointQueryKey } from '../../api/hooks';
import { all } from '../../realtime/liveRegistry';
import type { EventOf, LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { settingRefetches } from './live';

/** A unit's reads derived from the setting a `unit.configuration` changed (the configuration modal's). */
function rereadUnitSetting({ queryClient }: LiveContext, event: EventOf<'unit.configuration'>): void {
  for (const id of settingRefetches(event.setting)) {
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix(id),
      predicate: (query) => (query.queryKey as EndpointQueryKey<'getUnitModemConfig'>)[1].params?.id === event.unitId,
    });
  }
}

export const unitConfigurationLive: LiveResource = {
  resource: 'unitConfiguration',
  events: {
    'unit.configuration': {
      patches: ['getUnitConfigurationV2', 'getUnitEnhanced', 'getUnit', 'fetchDevices'],
      rereads: ['getUnitAlertsConfiguration', 'getUnitModemConfig', 'getUnitBwLimitationTotal', 'getUnitBwLimitationCellular'],
      apply: all<EventOf<'unit.configuration'>>(
        ({ queryClient }, event) => applyConfiguration(queryClient, event.unitId, event.configuration),
        rereadUnitSetting,
      ),
    },
    'unit.commandResult': { screens: 'speed test and cellular scan dialogs' },
  },
};
