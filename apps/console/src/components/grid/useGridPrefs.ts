import { useCallback, useMemo, useRef, useState } from 'react';
import { withGridPref } from '../../preferences/patches';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';
import { resolveSort, resolveWidths } from './gridSort';
import type { SortState } from './gridSort';

interface ColumnShape {
  readonly id: string;
  readonly width: number;
  readonly minWidth?: number;
  readonly sortable: boolean;
}

/**
 * A grid's column widths and sort, restored from preferences.gridPrefs[gridId] when the grid
 * mounts and saved there (debounced) on change when `persist`.
 */
export function useGridPrefs(gridId: string, columns: readonly ColumnShape[], defaultSort: SortState | null, persist: boolean) {
  const prefs = usePreferencesSnapshot();
  const saver = usePreferenceSaver();
  const saved = persist ? prefs.gridPrefs?.[gridId] : undefined;
  const sortable = useMemo(() => new Set(columns.filter((c) => c.sortable).map((c) => c.id)), [columns]);
  const [widths, setWidths] = useState<Record<string, number>>(() => resolveWidths(columns, saved?.columnWidths));
  const [sort, setSortState] = useState<SortState | null>(() => resolveSort(saved?.sortState, sortable, defaultSort));
  // The latest values for the savers; state changes only through the setters below, which keep it.
  const latest = useRef({ widths, sort });

  const { schedule } = saver;
  const save = useCallback(
    (next: { widths: Record<string, number>; sort: SortState | null }) => {
      if (!persist) return;
      schedule(`gridPrefs:${gridId}`, (current) =>
        withGridPref(current, gridId, { columnWidths: { ...next.widths }, sortState: next.sort ? { ...next.sort } : null }),
      );
    },
    [gridId, persist, schedule],
  );

  // Sets a column width; `commit` saves it (end of a drag).
  const setWidth = useCallback(
    (columnId: string, width: number, commit: boolean) => {
      const next = latest.current.widths[columnId] === width ? latest.current.widths : { ...latest.current.widths, [columnId]: width };
      latest.current = { ...latest.current, widths: next };
      setWidths(next);
      if (commit) save(latest.current);
    },
    [save],
  );

  const setSort = useCallback(
    (next: SortState | null) => {
      latest.current = { ...latest.current, sort: next };
      setSortState(next);
      save(latest.current);
    },
    [save],
  );

  // Columns added after mount get their default width.
  const complete = useMemo(() => {
    const missing = columns.filter((c) => widths[c.id] === undefined);
    if (missing.length === 0) return widths;
    return { ...widths, ...Object.fromEntries(missing.map((c) => [c.id, c.width])) };
  }, [columns, widths]);

  return { widths: complete, sort, setWidth, setSort };
}
