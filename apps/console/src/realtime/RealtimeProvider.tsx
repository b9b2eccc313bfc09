import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ALERT_SETTINGS, TIMINGS } from '@fleet/contracts';
import type { CurrentUser, RealtimeEvent, UnitDetail, UnitSummary } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from '../api/hooks';
import { getRuntimeConfig, resolveWsUrl } from '../config/runtimeConfig';
import { useToast } from '../toast/useToast';
import { applyToDetail, isUnitEvent, patchUnitList, unitIdOf } from './cachePatch';
import { RealtimeClient } from './RealtimeClient';
import type { RealtimeStatus } from './RealtimeClient';
import { batchSizeFor, topicsForUser } from './topics';

type Listener = (event: RealtimeEvent) => void;

interface RealtimeContextValue {
  readonly status: RealtimeStatus;
  /** Listen to every validated event; returns the unsubscribe function. */
  readonly subscribe: (listener: Listener) => () => void;
}

const RealtimeContext = createContext<RealtimeContextValue>({ status: 'idle', subscribe: () => () => undefined });

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}

/** Patches the cached unit list(s) and unit detail of the event's unit; nothing is refetched. */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (!isUnitEvent(event)) return;
  queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => patchUnitList(list, event));
  queryClient.setQueriesData<UnitDetail>({ queryKey: endpointKey('getUnit', { params: { id: unitIdOf(event) } }) }, (unit) =>
    unit ? applyToDetail(unit, event) : unit,
  );
}

function unitName(queryClient: QueryClient, unitId: string): string {
  for (const [, list] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })) {
    const unit = list?.find((item) => item.uniqueId === unitId);
    if (unit) return unit.name;
  }
  return unitId;
}

/**
 * Runs one realtime client for the signed-in user: subscribes to the user's groups (or
 * inventories), patches the query cache on unit events, refreshes the device list (debounced) on
 * device added/removed, and refetches when the server says events were lost.
 */
export function RealtimeProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  const listeners = useRef(new Set<Listener>());
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const topicsKey = topicsForUser(user).join(',');
  const batchSize = batchSizeFor(user);

  // Latest translation/toast functions without restarting the socket when they change.
  const notify = useRef({ t, toast });
  useEffect(() => {
    notify.current = { t, toast };
  }, [t, toast]);

  useEffect(() => {
    const refreshDevices = () => {
      if (debounce.current !== null) clearTimeout(debounce.current);
      debounce.current = setTimeout(() => {
        debounce.current = null;
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchDevices') });
      }, TIMINGS.deviceListRefreshDebounceMs);
    };
    const client = new RealtimeClient({
      url: resolveWsUrl(getRuntimeConfig().wsUrl, window.location),
      batchSize,
      onStatus: (next) => {
        setStatus(next);
        if (next === 'error') notify.current.toast.show({ message: notify.current.t('realtime.lost'), variant: 'error', timeoutMs: 0 });
      },
      onRefetch: () => {
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchDevices') });
        void queryClient.invalidateQueries({ queryKey: endpointPrefix('getUnit') });
      },
      onServerError: (code, message) => console.warn(`realtime: server error ${code}: ${message}`),
      onEvent: (event) => {
        applyRealtimeEvent(queryClient, event);
        if (event.type === 'device.added' || event.type === 'device.removed') refreshDevices();
        if (event.type === 'unit.status' && (event.change === 'onlineToStreaming' || event.change === 'offlineToStreaming')) {
          const prefs = queryClient.getQueryData<{ unitAlertsSettings?: Record<string, boolean> }>(endpointKey('getUserPreferences'));
          const enabled = prefs?.unitAlertsSettings?.startedStreaming ?? DEFAULT_ALERT_SETTINGS.startedStreaming;
          if (enabled) {
            notify.current.toast.show({
              message: notify.current.t('toasts.unitStartedStreaming', { name: unitName(queryClient, event.unitId) }),
              variant: 'success',
            });
          }
        }
        for (const listener of listeners.current) listener(event);
      },
    });
    client.setTopics(topicsKey === '' ? [] : topicsKey.split(','));
    client.start();
    return () => {
      client.stop();
      if (debounce.current !== null) clearTimeout(debounce.current);
    };
  }, [queryClient, topicsKey, batchSize]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo(() => ({ status, subscribe }), [status, subscribe]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
