/**
 * A form's values over a record as read: the user's changes are kept apart from the record, so a
 * new version of it (another console's save, the refetch when a tab opens again) shows through
 * where the user changed nothing and drops nothing they changed. The form stays mounted across
 * versions (key it by the record's id, never by its version) and saves at the version now read;
 * `clear` after a save: the record read then carries the changes.
 */
import { useCallback, useMemo, useState } from 'react';

export interface Edits<V> {
  readonly values: V;
  /** The user changed something. */
  readonly dirty: boolean;
  readonly set: (patch: Partial<V>) => void;
  readonly clear: () => void;
}

export function useEdits<V extends object>(stored: V): Edits<V> {
  const [edits, setEdits] = useState<Partial<V>>({});
  const values = useMemo(() => ({ ...stored, ...edits }), [stored, edits]);
  const set = useCallback((patch: Partial<V>) => setEdits((e) => ({ ...e, ...patch })), []);
  const clear = useCallback(() => setEdits({}), []);
  return { values, dirty: Object.keys(edits).length > 0, set, clear };
}
