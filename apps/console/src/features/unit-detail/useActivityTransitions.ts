/**
 * Start/stop of the unit detail's activities through the console's one transition mechanism
 * (lib/transitions): an activity shows connecting/disconnecting from the click until the unit
 * shows the expected application state of the activity's application keys.
 */
import { useCallback } from 'react';
import type { UnitApplicationKey, UnitDetail } from '@fleet/contracts';
import { displayState } from '../../lib/transitions/transitions';
import type { Direction } from '../../lib/transitions/transitions';
import { useTransitions } from '../../lib/transitions/useTransitions';
import { activityState } from './activity';
import type { DetailActivity } from './activity';

export type ActivityTransitions = ReturnType<typeof useActivityTransitions>;

/** `stateOf`: the state to show for an activity running on `keys`; `run`: the call with the transition, resolving the call's error (null when it was accepted). */
export function useActivityTransitions(unitId: string, unit: UnitDetail | undefined) {
  const { pending, run: runTransition } = useTransitions<DetailActivity>();

  const run = useCallback(
    (activity: DetailActivity, direction: Direction, keys: readonly UnitApplicationKey[], call: () => Promise<unknown>) =>
      runTransition(activity, { unitId, direction, stateOf: (shown) => activityState(shown.applications, keys), call }),
    [runTransition, unitId],
  );

  const applications = unit?.applications;
  const stateOf = useCallback(
    (activity: DetailActivity, keys: readonly UnitApplicationKey[]) => displayState(pending.get(activity), activityState(applications ?? {}, keys)),
    [pending, applications],
  );

  return { stateOf, run };
}
