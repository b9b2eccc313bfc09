import { useCallback, useMemo, useState } from 'react';
import { withFiltersOpen, withListFilters } from './patches';
import type { FilterList, ListFilterValues } from './patches';
import { usePreferencesSnapshot, usePreferenceSaver } from './usePreferences';

export type ListFilterPrefs<F> = ReturnType<typeof useListFilterPrefs<F>>;

/**
 * One list's filters and filter-panel flag (spec 001 §3 preferences "filters and filter-open flags
 * per list"): restored from the preferences on mount (`parse` reads any saved JSON), saved
 * (debounced) on change; `reset` gives the default filters (from the current ones: a list may keep
 * some, such as its group); `resetFilters` goes back to them.
 */
export function useListFilterPrefs<F>(list: FilterList, parse: (raw: unknown) => F, serialize: (filters: F) => ListFilterValues, reset: (current: F) => F) {
  const prefs = usePreferencesSnapshot();
  const { schedule } = usePreferenceSaver();
  const [filters, setFiltersState] = useState(() => parse(prefs.filters?.[list]));
  const [filtersOpen, setOpenState] = useState(() => prefs.filtersOpen?.[list] ?? false);

  const setFilters = useCallback(
    (next: F) => {
      setFiltersState(next);
      schedule('filters', (current) => withListFilters(current, list, serialize(next)));
    },
    [list, schedule, serialize],
  );
  const resetFilters = useCallback(() => setFilters(reset(filters)), [filters, reset, setFilters]);
  const setFiltersOpen = useCallback(
    (open: boolean) => {
      setOpenState(open);
      schedule('filtersOpen', (current) => withFiltersOpen(current, list, open));
    },
    [list, schedule],
  );
  return useMemo(() => ({ filters, setFilters, resetFilters, filtersOpen, setFiltersOpen }), [filters, setFilters, resetFilters, filtersOpen, setFiltersOpen]);
}
