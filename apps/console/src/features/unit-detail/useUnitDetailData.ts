/**
 * The unit detail's reads (spec 000 §7 unit reads) and how they stay live:
 * - v2/units/{id} (getUnit): status, applications, battery, modems and bitrate samples, patched in
 *   place by the realtime provider (unit.status / unit.telemetry / unit.updated, kit/cachePatch);
 * - v2/units/enhanced/{id}: the configuration, refreshed every refreshIntervalMs (spec 000 §9: 60 s)
 *   and patched by `unit.configuration` events (live/table, into every cached read of the
 *   configuration: api/configurationCache);
 * - capabilities (a failed fetch means none, with a retry: spec 000 §8; read again by the retry
 *   timer of spec 001 §4 with its defaults, 5 times 1000 ms apart, until one succeeds; then by
 *   hand), storages (SD card),
 *   devices/{id}/modems (the reported links with their UI state).
 */
import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@fleet/contracts';
import { sharedEnhanced } from '../../api/configurationCache';
import { useEndpointQuery } from '../../api/hooks';
import { useRetryTimer } from '../../lib/useRetryTimer';

const EMPTY_CAPABILITIES: Record<string, boolean> = {};

export function useUnitDetailData(unitId: string) {
  const params = { params: { id: unitId } };
  const unit = useEndpointQuery('getUnit', params, { staleTime: Number.POSITIVE_INFINITY });
  const enhanced = useEndpointQuery('getUnitEnhanced', params, {
    refetchInterval: (query) => query.state.data?.refreshIntervalMs ?? TIMINGS.enhancedUnitRefreshMs,
    // A read that crosses a `unit.configuration` event keeps the event's newer configuration.
    structuralSharing: sharedEnhanced,
  });
  const capabilities = useEndpointQuery('getUnitCapabilities', params, { retry: false });
  const storages = useEndpointQuery('getUnitStorages', params, { retry: false });
  const modems = useEndpointQuery('getDeviceModems', params, { retry: false });
  const capabilitiesRetry = useCapabilitiesRetry(capabilities.isError, capabilities.refetch);

  return {
    unit,
    enhanced,
    configuration: enhanced.data?.configuration,
    capabilitiesQuery: capabilities,
    /** The automatic retry under way (its run, 1-based), or null. */
    capabilitiesRetry,
    /** Spec 000 §8: a failed capabilities fetch leaves the unit with none (and a retry). */
    capabilities: capabilities.data?.capabilities ?? (capabilities.isError ? EMPTY_CAPABILITIES : (unit.data?.capabilities ?? EMPTY_CAPABILITIES)),
    storages: storages.data?.storages,
    reportedModems: modems.data?.modems,
  };
}

/**
 * The first failure of the capabilities read starts the retry timer (TIMINGS.retryTimerDefault*):
 * each run reads again and goes on while the read fails. Once it has ended, a later failure (a
 * retry by hand) is not retried by itself.
 */
function useCapabilitiesRetry(failed: boolean, refetch: () => Promise<{ isError: boolean }>): { run: number; of: number } | null {
  const timer = useRetryTimer();
  const started = useRef(false);
  const [run, setRun] = useState(0);
  const { start } = timer;
  useEffect(() => {
    if (!failed || started.current) return;
    started.current = true;
    start({
      action: async (n) => {
        setRun(n);
        return (await refetch()).isError;
      },
    });
  }, [failed, refetch, start]);
  return timer.running && run > 0 ? { run, of: TIMINGS.retryTimerDefaultRecurrences } : null;
}
