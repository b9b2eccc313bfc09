/**
 * A form's values over a record as read: the user's changes are kept apart from the record, so a
 * new version of it (another console's save, the refetch when a tab opens again) shows through
 * where the user changed nothing and drops nothing they changed. The form stays mounted across
 * versions (key it by the record's id, never by its version); `clear` after a save: the record
 * read then carries the changes.
 *
 * Given the record's `version`, the edits also know when the record changed underneath them (a
 * save elsewhere while the user was editing): `conflict` says so and which of the fields the user
 * changed were changed there too; the user then `reload`s (drops their changes) or `keep`s them
 * (they will be saved over the new version). Until then `version` is the one the user started from,
 * so a save is refused as a conflict (409) rather than silently overwriting the other save. A new version
 * that changed none of the form's fields (another part of the record) is no conflict.
 */
import { useCallback, useMemo, useState } from 'react';

export interface EditConflict<V> {
  /** The version now read. */
  readonly version: number;
  /** The fields the user changed that the other save changed too. */
  readonly fields: readonly (keyof V & string)[];
}

export interface Edits<V> {
  readonly values: V;
  /** The user changed something. */
  readonly dirty: boolean;
  readonly set: (patch: Partial<V>) => void;
  readonly clear: () => void;
  /** The record changed underneath the user's edits (null: it did not, or no version given). */
  readonly conflict: EditConflict<V> | null;
  /** The version a save is to be sent at: the one the user started from while a conflict stands. */
  readonly version: number | undefined;
  /** Drop the user's changes and show the record as now read. */
  readonly reload: () => void;
  /** Keep the user's changes over the record as now read. */
  readonly keep: () => void;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function useEdits<V extends object>(stored: V, version?: number): Edits<V> {
  const [edits, setEdits] = useState<Partial<V>>({});
  // The record as it was when the user began changing it (its version and values).
  const [base, setBase] = useState<{ version: number; stored: V } | null>(null);
  const values = useMemo(() => ({ ...stored, ...edits }), [stored, edits]);
  const dirty = Object.keys(edits).length > 0;
  const set = useCallback(
    (patch: Partial<V>) => {
      setEdits((e) => ({ ...e, ...patch }));
      if (version !== undefined) setBase((b) => b ?? { version, stored });
    },
    [version, stored],
  );
  const clear = useCallback(() => {
    setEdits({});
    setBase(null);
  }, []);
  const keep = useCallback(() => {
    if (version !== undefined) setBase({ version, stored });
  }, [version, stored]);
  const conflict = useMemo((): EditConflict<V> | null => {
    if (!dirty || base === null || version === undefined || version === base.version) return null;
    // A new version whose fields of this form are all as they were (a save of another part of the record, such
    // as the group's permanent key beside its ad-hoc settings): nothing to reconcile, the save goes at it.
    if ((Object.keys(stored) as (keyof V)[]).every((field) => same(base.stored[field], stored[field]))) return null;
    const fields = (Object.keys(edits) as (keyof V & string)[]).filter((field) => !same(base.stored[field], stored[field]));
    return { version, fields };
  }, [dirty, base, version, edits, stored]);
  return { values, dirty, set, clear, conflict, version: conflict !== null && base !== null ? base.version : version, reload: clear, keep };
}
