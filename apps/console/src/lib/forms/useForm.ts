/**
 * One form's state (formState.ts) as a hook: the values follow `source` (the record or reported
 * value, compared by value) while untouched; once edited they survive a new source, and the form
 * says the record changed underneath (`conflict`, `reload`, `keep`). A new source is taken while
 * rendering (React's "state from the previous render" pattern), so the form never shows a stale
 * value for one frame.
 */
import { useCallback, useMemo, useState } from 'react';
import { hasErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';
import {
  conflictOf,
  editForm,
  failForm,
  followSource,
  initialForm,
  keepForm,
  reloadForm,
  resetForm,
  savedForm,
  submitForm,
  submitPart,
  visibleErrors,
  type FormConflict,
  type FormState,
} from './formState';

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
  /**
   * The record changed underneath the user's edits (a save elsewhere): which of the fields the user
   * changed were changed there too; null when it did not. kit/fields' ResourceForm and kit's
   * FormCard show it (EditConflictNotice) with `reload` and `keep`.
   */
  readonly conflict: FormConflict<F> | null;
  /** Reload theirs: drop the user's edits for the record as it now is. */
  readonly reload: () => void;
  /** Keep mine: the user's values stay and are saved over the record as it now is. */
  readonly keep: () => void;
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
  const reload = useCallback(() => update(reloadForm), [update]);
  const keep = useCallback(() => update(keepForm), [update]);
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

  const conflict = useMemo(() => conflictOf(current.state), [current.state]);
  return {
    values,
    dirty: current.state.dirty,
    errors: visibleErrors(current.state, validate),
    error: current.state.error,
    set,
    reset,
    submit,
    saved,
    failed,
    conflict,
    reload,
    keep,
  };
}
