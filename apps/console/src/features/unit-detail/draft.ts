/**
 * A form's draft over a value the unit reports (its configuration, live through events): while the
 * user has not changed anything the draft follows the source; once edited it stays as typed until
 * it is saved or reset (then it follows the source again). Pure reducers; useDraft.ts is the hook.
 */

export interface DraftState<T> {
  /** The value the unit reports now. */
  readonly source: T;
  /** What the form shows. */
  readonly draft: T;
  /** The user changed the draft since it last followed the source. */
  readonly dirty: boolean;
}

export type Same<T> = (a: T, b: T) => boolean;

/** Plain data compared by value (configuration parts are JSON). */
export function sameJson<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function initialDraft<T>(source: T): DraftState<T> {
  return { source, draft: source, dirty: false };
}

/** A new reported value: taken into the draft unless the user is editing it. */
export function followSource<T>(state: DraftState<T>, source: T, same: Same<T> = sameJson): DraftState<T> {
  if (same(state.source, source)) return state;
  return state.dirty ? { ...state, source } : { source, draft: source, dirty: false };
}

/** The user's change; editing back to the reported value makes the form clean again. */
export function editDraft<T>(state: DraftState<T>, draft: T, same: Same<T> = sameJson): DraftState<T> {
  return { ...state, draft, dirty: !same(draft, state.source) };
}

/** After a save (or a cancel): the draft follows the source again. */
export function resetDraft<T>(state: DraftState<T>): DraftState<T> {
  return { source: state.source, draft: state.source, dirty: false };
}
