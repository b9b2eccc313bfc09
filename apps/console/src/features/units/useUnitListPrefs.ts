import { useCallback, useMemo, useRef, useState } from 'react';
import { withFiltersOpen, withListFilters } from '../../preferences/patches';
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

export interface UnitListPrefs {
  readonly filters: UnitListFilters;
  readonly setFilters: (filters: UnitListFilters) => void;
  readonly resetFilters: () => void;
  readonly filtersOpen: boolean;
  readonly setFiltersOpen: (open: boolean) => void;
  readonly expanded: ReadonlySet<string>;
  readonly setExpanded: (unitId: string, expanded: boolean) => void;
  /** The grid is sorted by the modified column (the grid keeps its sort; this follows it). */
  readonly sortedByModified: boolean;
  readonly onSortChange: (sort: SortState | null) => void;
}

/** Filters, the filter-panel flag and expanded rows: restored on mount, saved (debounced) on change. */
export function useUnitListPrefs(): UnitListPrefs {
  const prefs = usePreferencesSnapshot();
  const { schedule } = usePreferenceSaver();
  const [filters, setFiltersState] = useState(() => parseFilters(prefs.filters?.[UNIT_FILTER_LIST]));
  const [filtersOpen, setOpenState] = useState(() => prefs.filtersOpen?.[UNIT_FILTER_LIST] ?? false);
  const [sortedByModified, setSortedByModified] = useState(() => prefs.gridPrefs?.[UNIT_GRID_ID]?.sortState?.column === 'modified');
  const onSortChange = useCallback((sort: SortState | null) => setSortedByModified(sort?.column === 'modified'), []);
  const [expanded, setExpandedState] = useState<ReadonlySet<string>>(
    () => new Set(Object.entries(prefs.unitListExpanded ?? {}).flatMap(([id, open]) => (open ? [id] : []))),
  );

  const setFilters = useCallback(
    (next: UnitListFilters) => {
      setFiltersState(next);
      schedule('filters', (current) => withListFilters(current, UNIT_FILTER_LIST, serializeFilters(next)));
    },
    [schedule],
  );
  const resetFilters = useCallback(() => setFilters(DEFAULT_FILTERS), [setFilters]);

  const setFiltersOpen = useCallback(
    (open: boolean) => {
      setOpenState(open);
      schedule('filtersOpen', (current) => withFiltersOpen(current, UNIT_FILTER_LIST, open));
    },
    [schedule],
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
    () => ({ filters, setFilters, resetFilters, filtersOpen, setFiltersOpen, expanded, setExpanded, sortedByModified, onSortChange }),
    [filters, setFilters, resetFilters, filtersOpen, setFiltersOpen, expanded, setExpanded, sortedByModified, onSortChange],
  );
}
