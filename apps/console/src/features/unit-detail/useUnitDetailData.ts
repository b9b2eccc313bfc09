/**
 * The unit detail's reads (spec 000 §7 unit reads) and how they stay live:
 * - v2/units/{id} (getUnit): status, applications, battery, modems and bitrate samples, patched in
 *   place by the realtime provider (unit.status / unit.telemetry / unit.updated, realtime/cachePatch);
 * - v2/units/enhanced/{id}: the configuration, refreshed every refreshIntervalMs (spec 000 §9: 60 s)
 *   and patched here by `unit.configuration` events (through the one realtime provider, into every
 *   cached read of the configuration: api/configurationCache);
 * - capabilities (a failed fetch means none, with a retry: spec 000 §8), storages (SD card),
 *   devices/{id}/modems (the reported links with their UI state).
 */
import { useEffect } from 'react';
import { TIMINGS } from '@fleet/contracts';
import { useApplyConfiguration } from '../../api/configurationCache';
import { useEndpointQuery } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';

const EMPTY_CAPABILITIES: Record<string, boolean> = {};

export function useUnitDetailData(unitId: string) {
  const params = { params: { id: unitId } };
  const unit = useEndpointQuery('getUnit', params, { staleTime: Number.POSITIVE_INFINITY });
  const enhanced = useEndpointQuery('getUnitEnhanced', params, {
    refetchInterval: (query) => query.state.data?.refreshIntervalMs ?? TIMINGS.enhancedUnitRefreshMs,
  });
  const capabilities = useEndpointQuery('getUnitCapabilities', params, { retry: false });
  const storages = useEndpointQuery('getUnitStorages', params, { retry: false });
  const modems = useEndpointQuery('getDeviceModems', params, { retry: false });
  const applyConfiguration = useApplyConfiguration(unitId);
  const { subscribe } = useRealtime();

  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'unit.configuration' && event.unitId === unitId) applyConfiguration(event.configuration);
      }),
    [subscribe, unitId, applyConfiguration],
  );

  return {
    unit,
    enhanced,
    configuration: enhanced.data?.configuration,
    capabilitiesQuery: capabilities,
    /** Spec 000 §8: a failed capabilities fetch leaves the unit with none (and a retry). */
    capabilities: capabilities.data?.capabilities ?? (capabilities.isError ? EMPTY_CAPABILITIES : (unit.data?.capabilities ?? EMPTY_CAPABILITIES)),
    storages: storages.data?.storages,
    reportedModems: modems.data?.modems,
  };
}
