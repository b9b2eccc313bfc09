import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@fleet/contracts';
import type { UnitSummary } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { endpointKey, endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { mergeDetailIntoList } from '../../realtime/cachePatch';
import { useToast } from '../../toast/useToast';
import { reachedExpectedState, transitionOf } from './unitRules';
import type { StreamAction, TransitionKind } from './unitRules';

/** Resolves true after `ms`, false at once when aborted. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface StreamTransitions {
  /** The transition a row shows, or null once the unit shows the wanted state. */
  readonly transitionOf: (unit: UnitSummary) => TransitionKind | null;
  readonly run: (unit: UnitSummary, action: StreamAction) => void;
}

/**
 * Start/stop with the transition of spec 000 §4: the row shows connecting/disconnecting until the
 * unit (patched in the cache by realtime events or by the polls below) shows the wanted state, or
 * after TIMINGS.transitionPollCount polls of getUnit every TIMINGS.transitionPollIntervalMs.
 */
export function useStreamTransitions(): StreamTransitions {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const startStream = useEndpointMutation('startUnitStream');
  const stopStream = useEndpointMutation('stopUnitStream');
  const [pending, setPending] = useState<ReadonlyMap<string, TransitionKind>>(new Map());
  const polls = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const active = polls.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      active.clear();
    };
  }, []);

  const finish = useCallback((id: string) => {
    polls.current.get(id)?.abort();
    polls.current.delete(id);
    setPending((prev) => {
      if (!prev.has(id)) return prev;
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
  }, []);

  const reachedInCache = useCallback(
    (id: string, kind: TransitionKind) =>
      queryClient
        .getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })
        .some(([, list]) => list?.some((unit) => unit.uniqueId === id && reachedExpectedState(kind, unit)) ?? false),
    [queryClient],
  );

  /** Polls getUnit until the wanted state shows, at most TIMINGS.transitionPollCount times. */
  const pollUntilSettled = useCallback(
    async (id: string, kind: TransitionKind) => {
      polls.current.get(id)?.abort();
      const controller = new AbortController();
      polls.current.set(id, controller);
      const { signal } = controller;
      for (let done = 0; done < TIMINGS.transitionPollCount; done += 1) {
        if (!(await sleep(TIMINGS.transitionPollIntervalMs, signal))) return;
        if (reachedInCache(id, kind)) break;
        try {
          const detail = await callEndpoint('getUnit', { params: { id } }, { signal });
          queryClient.setQueryData(endpointKey('getUnit', { params: { id } }), detail);
          queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => mergeDetailIntoList(list, detail));
          if (reachedExpectedState(kind, detail)) break;
        } catch (error) {
          if (signal.aborted) return;
          console.warn(`transition poll of ${id} failed`, error);
        }
      }
      if (!signal.aborted) finish(id);
    },
    [finish, queryClient, reachedInCache],
  );

  const { mutateAsync: start } = startStream;
  const { mutateAsync: stop } = stopStream;
  const run = useCallback(
    (unit: UnitSummary, action: StreamAction) => {
      const id = unit.uniqueId;
      const kind = transitionOf(action);
      setPending((prev) => new Map(prev).set(id, kind));
      void (async () => {
        try {
          await (action === 'start' ? start({ params: { id } }) : stop({ params: { id } }));
          void pollUntilSettled(id, kind);
        } catch (error) {
          finish(id);
          toast.show({
            title: action === 'start' ? t('units.toasts.startFailed', { name: unit.name }) : t('units.toasts.stopFailed', { name: unit.name }),
            message: errorMessage(error),
            variant: 'error',
          });
        }
      })();
    },
    [start, stop, pollUntilSettled, finish, toast, t, errorMessage],
  );

  const transitionOfUnit = useCallback(
    (unit: UnitSummary) => {
      const kind = pending.get(unit.uniqueId);
      return kind === undefined || reachedExpectedState(kind, unit) ? null : kind;
    },
    [pending],
  );

  return { transitionOf: transitionOfUnit, run };
}
