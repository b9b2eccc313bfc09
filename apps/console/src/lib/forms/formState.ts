/**
 * The state of one configuration form over a value the unit reports (its configuration, live
 * through events): while the user has not changed anything the values follow the source; once
 * edited they stay as typed until applied or reset. Client errors show once the form was edited
 * or applied; the errors an apply reported (the server's field errors, or a check that refused to
 * send) show until the next edit or apply.
 * Pure reducers; useForm.ts is the hook.
 */
import { mergeErrors, type FieldErrors } from './fieldErrors';

export interface FormState<F> {
  /** The reported value the form last followed. */
  readonly source: F;
  /** What the inputs hold. */
  readonly values: F;
  /** The values differ from the source they last followed (edited back: clean again). */
  readonly dirty: boolean;
  /** Apply was pressed since the values last followed the source. */
  readonly submitted: boolean;
  /** The field errors the last apply reported (the server's, or a check that refused to send). */
  readonly reported: FieldErrors;
  /** The last failed apply's error, or null. */
  readonly error: unknown;
}

/** Plain data compared by value (configuration parts are JSON). */
export function sameJson<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function initialForm<F>(source: F): FormState<F> {
  return { source, values: source, dirty: false, submitted: false, reported: {}, error: null };
}

/** A new reported value: taken into the values unless the user is editing them (values that now match it are clean again). */
export function followSource<F>(state: FormState<F>, source: F): FormState<F> {
  if (sameJson(state.source, source)) return state;
  return state.dirty ? { ...state, source, dirty: !sameJson(state.values, source) } : initialForm(source);
}

/** The user's change (a failed apply's messages go: they were about the values before it). */
export function editForm<F>(state: FormState<F>, values: F): FormState<F> {
  return { ...state, values, dirty: !sameJson(values, state.source), reported: {}, error: null };
}

/** Apply pressed: client errors show from now on. */
export function submitForm<F>(state: FormState<F>): FormState<F> {
  return { ...state, submitted: true, reported: {}, error: null };
}

/** An apply of part of the form pressed: `refused` are the errors of its check (empty: it is sent). */
export function submitPart<F>(state: FormState<F>, refused: FieldErrors): FormState<F> {
  return { ...state, reported: refused, error: null };
}

/** The apply failed: its error and its field errors. */
export function failForm<F>(state: FormState<F>, error: unknown, reported: FieldErrors): FormState<F> {
  return { ...state, error, reported };
}

/**
 * The apply succeeded: the applied values are the form's new baseline (kept as typed until the
 * unit's next reported value, which the form then follows).
 */
export function savedForm<F>(state: FormState<F>): FormState<F> {
  return initialForm(state.values);
}

/** Undo: back to the reported value. */
export function resetForm<F>(state: FormState<F>): FormState<F> {
  return initialForm(state.source);
}

/** The errors to show: the client's once edited or applied, then (for other fields) what the last apply reported. */
export function visibleErrors<F>(state: FormState<F>, validate: (values: F) => FieldErrors): FieldErrors {
  const client = state.dirty || state.submitted ? validate(state.values) : {};
  return mergeErrors(client, state.reported);
}
