/**
 * The unit list's start/stop buttons through the console's one transition mechanism
 * (lib/transitions): a row shows connecting/disconnecting from the click until the unit streams
 * (or no longer does); a refused call ends the transition with a toast. A stop goes through the
 * one stop-stream confirmation (asks when the unit is on air); render `dialog` with the list.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitSummary } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { pendingTransition } from '../../lib/transitions/transitions';
import type { Direction } from '../../lib/transitions/transitions';
import { useTransitions } from '../../lib/transitions/useTransitions';
import { useToast } from '../../toast/useToast';
import { useStopStreamConfirm } from '../unit-actions/useStopStreamConfirm';
import { streamState } from '../../kit/unit/unitRules';

/** `transitionOf(unit)`: the transition a row shows, or null once the unit shows the wanted state. */
export function useStreamTransitions() {
  const toast = useToast();
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const { mutateAsync: start } = useEndpointMutation('startUnitStream');
  const { mutateAsync: stop } = useEndpointMutation('stopUnitStream');
  const { pending, run: runTransition } = useTransitions<string>();
  const { request: confirmStop, dialog } = useStopStreamConfirm();

  const run = useCallback(
    (unit: UnitSummary, action: Direction) => {
      const id = unit.uniqueId;
      const call = () => (action === 'start' ? start({ params: { id } }) : stop({ params: { id } }));
      const go = () =>
        void runTransition(id, { unitId: id, direction: action, stateOf: streamState, call }).then((error) => {
          if (error !== null) toast.show({ title: t(`units.toasts.${action}Failed`, { name: unit.name }), message: errorMessage(error), variant: 'error' });
        });
      if (action === 'stop') confirmStop(unit, go);
      else go();
    },
    [runTransition, start, stop, toast, t, errorMessage, confirmStop],
  );

  const transitionOf = useCallback((unit: UnitSummary) => pendingTransition(pending.get(unit.uniqueId), streamState(unit)), [pending]);

  return { transitionOf, run, dialog };
}
