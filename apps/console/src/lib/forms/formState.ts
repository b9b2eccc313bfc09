/**
 * The state of one configuration form over a value the unit reports (its configuration, live
 * through events): while the user has not changed anything the values follow the source; once
 * edited they stay as typed until applied or reset. Client errors show once the form was edited
 * or applied; the errors an apply reported (the server's field errors, or a check that refused to
 * send) show until the next edit or apply. When the source changes under the user's edits (a save
 * elsewhere), the form says so (`conflictOf`: which of the user's fields were changed there too)
 * until the user reloads theirs (`reloadForm`) or keeps their own values (`keepForm`).
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
  /** While dirty: the source the user's edits started from (or last chose to keep theirs over). */
  readonly base: F | null;
}

/** The source changed under the user's edits: the fields the user changed that were changed there too. */
export interface FormConflict<F> {
  readonly fields: readonly (keyof F & string)[];
}

/** Plain data compared by value (configuration parts are JSON). */
export function sameJson<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function initialForm<F>(source: F): FormState<F> {
  return { source, values: source, dirty: false, submitted: false, reported: {}, error: null, base: null };
}

/**
 * A new reported value: taken into the values unless the user is editing them; while they are, the
 * fields they did not change follow it and theirs stay (values that now match it are clean again).
 */
export function followSource<F>(state: FormState<F>, source: F): FormState<F> {
  if (sameJson(state.source, source)) return state;
  if (!state.dirty) return initialForm(source);
  // The fields the user left as they were follow the new source; the ones they changed stay.
  const before = state.source;
  const values = mergeUntouched(state.values, before, source);
  const dirty = !sameJson(values, source);
  return { ...state, source, values, dirty, base: dirty ? (state.base ?? before) : null };
}

/** `values` with each field still as in `before` taken from `after` (plain objects; anything else stays as typed). */
function mergeUntouched<F>(values: F, before: F, after: F): F {
  if (!isRecord(values) || !isRecord(before) || !isRecord(after)) return values;
  const next: Record<string, unknown> = { ...values };
  for (const field of Object.keys(after)) if (sameJson(values[field], before[field])) next[field] = after[field];
  return next as F;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The user's change (a failed apply's messages go: they were about the values before it). */
export function editForm<F>(state: FormState<F>, values: F): FormState<F> {
  const dirty = !sameJson(values, state.source);
  return { ...state, values, dirty, reported: {}, error: null, base: dirty ? (state.base ?? state.source) : null };
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

/** Whether the source changed under the user's edits, and which of the user's fields it changed too (null: it did not). */
export function conflictOf<F extends object>(state: FormState<F>): FormConflict<F> | null {
  const { base } = state;
  if (!state.dirty || base === null || sameJson(base, state.source)) return null;
  const changed = (a: F, b: F, field: keyof F & string) => !sameJson(a[field], b[field]);
  // Changed by the user and by the other save, to different values (a field only they changed follows their save).
  const fields = (Object.keys(state.values) as (keyof F & string)[]).filter(
    (f) => changed(state.values, base, f) && changed(state.source, base, f) && changed(state.values, state.source, f),
  );
  return { fields };
}

/** Reload theirs: the user's edits go, the form shows the source as it now is. */
export function reloadForm<F>(state: FormState<F>): FormState<F> {
  return initialForm(state.source);
}

/** Keep mine: the user's values stay, now over the source as it is (saved over it). */
export function keepForm<F>(state: FormState<F>): FormState<F> {
  return state.dirty ? { ...state, base: state.source } : state;
}
