/**
 * Start/stop of the unit detail's activities with the transitions of spec 000 §4: the activity
 * shows connecting/disconnecting from the click until the unit (patched by /ws, or read again by
 * the polls) shows the expected application state; after TIMINGS.transitionPollCount polls every
 * TIMINGS.transitionPollIntervalMs the flag is cleared anyway.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@fleet/contracts';
import type { UnitApplicationKey, UnitDetail, UnitSummary } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { mergeDetailIntoList } from '../../realtime/cachePatch';
import { activityState, displayState, pollTransition, reachedExpectedState, sleep, transitionKindOf } from './activity';
import type { ActivityState, DetailActivity, Direction, TransitionKind } from './activity';

export interface ActivityTransitions {
  /** The state to show for an activity running on `keys`. */
  readonly stateOf: (activity: DetailActivity, keys: readonly UnitApplicationKey[]) => ActivityState;
  /** Runs the call with the transition; resolves the call's error (null when it was accepted). */
  readonly run: (activity: DetailActivity, direction: Direction, keys: readonly UnitApplicationKey[], call: () => Promise<unknown>) => Promise<unknown>;
}

export function useActivityTransitions(unitId: string, unit: UnitDetail | undefined): ActivityTransitions {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<DetailActivity, TransitionKind>>(new Map());
  const polls = useRef(new Map<DetailActivity, AbortController>());

  useEffect(() => {
    const active = polls.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      active.clear();
    };
  }, [unitId]);

  const clear = useCallback((activity: DetailActivity, controller: AbortController | null) => {
    if (controller !== null && polls.current.get(activity) !== controller) return;
    polls.current.get(activity)?.abort();
    polls.current.delete(activity);
    setPending((prev) => {
      if (!prev.has(activity)) return prev;
      const next = new Map(prev);
      next.delete(activity);
      return next;
    });
  }, []);

  const run = useCallback(
    async (activity: DetailActivity, direction: Direction, keys: readonly UnitApplicationKey[], call: () => Promise<unknown>) => {
      const kind = transitionKindOf(direction);
      polls.current.get(activity)?.abort();
      const controller = new AbortController();
      polls.current.set(activity, controller);
      setPending((prev) => new Map(prev).set(activity, kind));
      try {
        await call();
      } catch (error) {
        clear(activity, controller);
        return error;
      }
      const key = endpointKey('getUnit', { params: { id: unitId } });
      const reached = (detail: UnitDetail | undefined) => detail !== undefined && reachedExpectedState(kind, activityState(detail.applications, keys));
      void pollTransition({
        count: TIMINGS.transitionPollCount,
        intervalMs: TIMINGS.transitionPollIntervalMs,
        signal: controller.signal,
        sleep,
        reached: () => reached(queryClient.getQueryData<UnitDetail>(key)),
        poll: async () => {
          const detail = await callEndpoint('getUnit', { params: { id: unitId } }, { signal: controller.signal });
          queryClient.setQueryData<UnitDetail>(key, (old) => (old === undefined || detail.version >= old.version ? detail : old));
          queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => mergeDetailIntoList(list, detail));
          return reached(detail);
        },
      }).then((outcome) => {
        if (outcome !== 'aborted') clear(activity, controller);
      });
      return null;
    },
    [clear, queryClient, unitId],
  );

  const applications = unit?.applications;
  const stateOf = useCallback(
    (activity: DetailActivity, keys: readonly UnitApplicationKey[]) => displayState(pending.get(activity), activityState(applications ?? {}, keys)),
    [pending, applications],
  );

  return { stateOf, run };
}
