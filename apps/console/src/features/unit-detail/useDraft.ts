import { useCallback, useState } from 'react';
import { editDraft, followSource, initialDraft, resetDraft, sameJson } from './draft';
import type { DraftState } from './draft';

type Keyed<T> = DraftState<T> & { readonly sourceKey: string };

/**
 * A form draft that follows `source` (a reported value, compared by value) while the user has not
 * edited it: see draft.ts. A new source is taken while rendering (React's "state from the previous
 * render" pattern), so the form never shows a stale value for one frame.
 */
export function useDraft<T>(source: T) {
  const sourceKey = JSON.stringify(source);
  const [state, setState] = useState<Keyed<T>>(() => ({ ...initialDraft(source), sourceKey }));
  let current = state;
  if (state.sourceKey !== sourceKey) {
    current = { ...followSource(state, source, sameJson), sourceKey };
    setState(current);
  }
  const edit = useCallback((update: (draft: T) => T) => setState((prev) => ({ ...editDraft(prev, update(prev.draft), sameJson), sourceKey: prev.sourceKey })), []);
  const reset = useCallback(() => setState((prev) => ({ ...resetDraft(prev), sourceKey: prev.sourceKey })), []);
  return { draft: current.draft, dirty: current.dirty, edit, reset };
}
