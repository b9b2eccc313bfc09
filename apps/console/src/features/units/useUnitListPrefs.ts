import { useCallback, useMemo, useRef, useState } from 'react';
import { useListFilterPrefs, type ListFilterPrefs } from '../../preferences/useListFilterPrefs';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';
import type { SortState } from '../../components/grid/DataGrid';
import { DEFAULT_FILTERS, parseFilters, serializeFilters } from './filters';
import type { UnitListFilters } from './filters';
import { UNIT_GRID_ID } from './unitColumns';

/**
 * Where the unit list keeps its filters in the preferences. Spec 000 §3 names the lists whose
 * filters are kept: devices, channels, files, manage and video return; the unit list is the
 * devices list (devices/fetch), so it uses filters.devices and filtersOpen.devices (the schema
 * has no `units` key: a `units` entry would be dropped).
 */
export const UNIT_FILTER_LIST = 'devices';

const toDefault = () => DEFAULT_FILTERS;

export interface UnitListPrefs extends ListFilterPrefs<UnitListFilters> {
  readonly expanded: ReadonlySet<string>;
  readonly setExpanded: (unitId: string, expanded: boolean) => void;
  /** The grid is sorted by the modified column (the grid keeps its sort; this follows it). */
  readonly sortedByModified: boolean;
  readonly onSortChange: (sort: SortState | null) => void;
}

/** Filters and the filter-panel flag (useListFilterPrefs), and expanded rows: restored on mount, saved (debounced) on change. */
export function useUnitListPrefs(): UnitListPrefs {
  const prefs = usePreferencesSnapshot();
  const { schedule } = usePreferenceSaver();
  const filterPrefs = useListFilterPrefs(UNIT_FILTER_LIST, parseFilters, serializeFilters, toDefault);
  const [sortedByModified, setSortedByModified] = useState(() => prefs.gridPrefs?.[UNIT_GRID_ID]?.sortState?.column === 'modified');
  const onSortChange = useCallback((sort: SortState | null) => setSortedByModified(sort?.column === 'modified'), []);
  const [expanded, setExpandedState] = useState<ReadonlySet<string>>(
    () => new Set(Object.entries(prefs.unitListExpanded ?? {}).flatMap(([id, open]) => (open ? [id] : []))),
  );

  // The expanded set as last set, for the saver (state changes only through setExpanded).
  const expandedRef = useRef(expanded);
  const setExpanded = useCallback(
    (unitId: string, open: boolean) => {
      const next = new Set(expandedRef.current);
      if (open) next.add(unitId);
      else next.delete(unitId);
      expandedRef.current = next;
      setExpandedState(next);
      // unitListExpanded keeps only expanded units (collapsed is the default).
      schedule('unitListExpanded', () => ({ unitListExpanded: Object.fromEntries([...next].map((id) => [id, true])) }));
    },
    [schedule],
  );

  return useMemo(
    () => ({ ...filterPrefs, expanded, setExpanded, sortedByModified, onSortChange }),
    [filterPrefs, expanded, setExpanded, sortedByModified, onSortChange],
  );
}
