/**
 * The one start/stop transition mechanism of the console (spec 000 §4), for the unit list's stream
 * buttons and the unit detail's activities alike: from the click, `pending` holds connecting or
 * disconnecting for the key until the unit — patched in the cache by /ws events, or read again
 * by the polls here — shows the expected state; after TIMINGS.transitionPollCount polls every
 * TIMINGS.transitionPollIntervalMs the flag is cleared anyway.
 */
import { isNewerVersion, newest } from '../../kit/cache';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@fleet/contracts';
import type { UnitDetail, UnitSummary } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { mergeDetailIntoList, unitIndexOf } from '../../kit/cachePatch';
import { pollTransition, reachedExpectedState, sleep, transitionKindOf } from './transitions';
import type { ActivityState, Direction, TransitionKind } from './transitions';

/** What a transition reads of a unit: the list's rows and the detail both carry it. */
export type UnitState = Pick<UnitSummary, 'status' | 'applications'>;

export interface TransitionRequest {
  /** The unit whose state ends the transition (read again by the polls). */
  readonly unitId: string;
  readonly direction: Direction;
  /** The state of what is started or stopped, as the unit shows it. */
  readonly stateOf: (unit: UnitState) => ActivityState;
  /** The start or stop call. */
  readonly call: () => Promise<unknown>;
}

/** The freshest copy of the unit in the cache (its detail or a unit list's row, by version). */
function cachedUnit(queryClient: QueryClient, unitId: string): UnitState | undefined {
  let best: Pick<UnitSummary, 'status' | 'applications' | 'version'> | undefined = queryClient.getQueryData<UnitDetail>(
    endpointKey('getUnit', { params: { id: unitId } }),
  );
  for (const [, list] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })) {
    if (list === undefined) continue;
    const row = list[unitIndexOf(list, unitId)];
    if (row !== undefined && (best === undefined || isNewerVersion(row, best))) best = row;
  }
  return best;
}

/**
 * The transitions under way by key (`pending`, shown until the expected state shows; see
 * pendingTransition) and `run`: makes the call with the transition, resolves the call's error, or null when it was accepted.
 */
export function useTransitions<K extends string>() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<K, TransitionKind>>(new Map());
  const polls = useRef(new Map<K, AbortController>());

  useEffect(() => {
    const active = polls.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      active.clear();
    };
  }, []);

  /** Ends the transition of `key`, unless a newer run (another controller) took it over. */
  const clear = useCallback((key: K, controller: AbortController) => {
    if (polls.current.get(key) !== controller) return;
    controller.abort();
    polls.current.delete(key);
    setPending((prev) => {
      if (!prev.has(key)) return prev;
      const next = new Map(prev);
      next.delete(key);
      return next;
    });
  }, []);

  const run = useCallback(
    async (key: K, { unitId, direction, stateOf, call }: TransitionRequest) => {
      const kind = transitionKindOf(direction);
      polls.current.get(key)?.abort();
      const controller = new AbortController();
      polls.current.set(key, controller);
      setPending((prev) => new Map(prev).set(key, kind));
      try {
        await call();
      } catch (error) {
        clear(key, controller);
        return error;
      }
      const reached = (unit: UnitState | undefined) => unit !== undefined && reachedExpectedState(kind, stateOf(unit));
      const detailKey = endpointKey('getUnit', { params: { id: unitId } });
      void pollTransition({
        count: TIMINGS.transitionPollCount,
        intervalMs: TIMINGS.transitionPollIntervalMs,
        signal: controller.signal,
        sleep,
        reached: () => reached(cachedUnit(queryClient, unitId)),
        poll: async () => {
          const detail = await callEndpoint('getUnit', { params: { id: unitId } }, { signal: controller.signal });
          queryClient.setQueryData<UnitDetail>(detailKey, (old) => (old === undefined ? detail : newest(old, detail)));
          queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => mergeDetailIntoList(list, detail));
          return reached(detail);
        },
      }).then((outcome) => {
        if (outcome !== 'aborted') clear(key, controller);
      });
      return null;
    },
    [clear, queryClient],
  );

  return { pending, run };
}
