/**
 * One configuration form's state (formState.ts) as a hook: the values follow `source` (a reported
 * value, compared by value) while untouched; a new source is taken while rendering (React's "state
 * from the previous render" pattern), so the form never shows a stale value for one frame.
 */
import { useCallback, useState } from 'react';
import { hasErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';
import { editForm, failForm, followSource, initialForm, resetForm, savedForm, submitForm, submitPart, visibleErrors, type FormState } from './formState';

export interface Form<F> {
  readonly values: F;
  /** The user changed something since the values last followed the unit. */
  readonly dirty: boolean;
  /** Errors to show by field (spec texts): the client's once edited or applied, then what the last apply reported. */
  readonly errors: FieldErrors;
  /** The last failed apply's error (for its alert), or null. */
  readonly error: unknown;
  readonly set: (patch: Partial<F>) => void;
  /** Back to the unit's value. */
  readonly reset: () => void;
  /**
   * Apply pressed: the values to send when they pass the form's rules, else null and the errors
   * show. With `check`, an apply of part of the form: only that check's errors count (and show).
   */
  readonly submit: (check?: (values: F) => FieldErrors) => F | null;
  /** The apply succeeded: the values stay as applied until the unit reports the setting again. */
  readonly saved: () => void;
  /** The apply failed: its error, with its field errors (default: the server's) inline. */
  readonly failed: (error: unknown, fields?: FieldErrors) => void;
}

export function useForm<F extends object>(source: F, validate: (values: F) => FieldErrors): Form<F> {
  const sourceKey = JSON.stringify(source);
  const [keyed, setKeyed] = useState<{ state: FormState<F>; sourceKey: string }>(() => ({ state: initialForm(source), sourceKey }));
  let current = keyed;
  if (keyed.sourceKey !== sourceKey) {
    current = { state: followSource(keyed.state, source), sourceKey };
    setKeyed(current);
  }
  const update = useCallback((change: (state: FormState<F>) => FormState<F>) => setKeyed((prev) => ({ ...prev, state: change(prev.state) })), []);
  const set = useCallback((patch: Partial<F>) => update((state) => editForm(state, { ...state.values, ...patch })), [update]);
  const reset = useCallback(() => update(resetForm), [update]);
  const saved = useCallback(() => update(savedForm), [update]);
  const failed = useCallback((error: unknown, fields?: FieldErrors) => update((state) => failForm(state, error, fields ?? serverFieldErrors(error))), [update]);
  const { values } = current.state;
  const submit = useCallback(
    (check?: (values: F) => FieldErrors) => {
      if (check === undefined) {
        update(submitForm);
        return hasErrors(validate(values)) ? null : values;
      }
      const refused = check(values);
      update((state) => submitPart(state, refused));
      return hasErrors(refused) ? null : values;
    },
    [update, validate, values],
  );

  return { values, dirty: current.state.dirty, errors: visibleErrors(current.state, validate), error: current.state.error, set, reset, submit, saved, failed };
}
