import { useCallback, useMemo, useState } from 'react';
import { withFiltersOpen, withListFilters } from '../../preferences/patches';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';
import { DEFAULT_SERVER_FILTERS, parseServerFilters, serializeServerFilters } from './serverList';
import type { ServerFilters } from './serverList';

/**
 * The servers list keeps its filters in preferences.filters.manage (spec 000 §3 lists: devices is
 * the unit list's) under `servers`, beside whatever else the manage lists keep there.
 */
export const SERVER_FILTER_LIST = 'manage';
export const SERVER_FILTER_KEY = 'servers';

export interface ServerListPrefs {
  readonly filters: ServerFilters;
  readonly setFilters: (filters: ServerFilters) => void;
  readonly resetFilters: () => void;
  readonly filtersOpen: boolean;
  readonly setFiltersOpen: (open: boolean) => void;
}

/** Filters and the filter-panel flag of the servers tab: restored on mount, saved (debounced) on change. */
export function useServerListPrefs(): ServerListPrefs {
  const prefs = usePreferencesSnapshot();
  const { schedule } = usePreferenceSaver();
  const [filters, setFiltersState] = useState(() => parseServerFilters(prefs.filters?.[SERVER_FILTER_LIST]?.[SERVER_FILTER_KEY]));
  const [filtersOpen, setOpenState] = useState(() => prefs.filtersOpen?.[SERVER_FILTER_LIST] ?? false);

  const setFilters = useCallback(
    (next: ServerFilters) => {
      setFiltersState(next);
      schedule('filters', (current) =>
        withListFilters(current, SERVER_FILTER_LIST, { ...current.filters?.[SERVER_FILTER_LIST], [SERVER_FILTER_KEY]: serializeServerFilters(next) }),
      );
    },
    [schedule],
  );
  const resetFilters = useCallback(() => setFilters(DEFAULT_SERVER_FILTERS), [setFilters]);
  const setFiltersOpen = useCallback(
    (open: boolean) => {
      setOpenState(open);
      schedule('filtersOpen', (current) => withFiltersOpen(current, SERVER_FILTER_LIST, open));
    },
    [schedule],
  );
  return useMemo(() => ({ filters, setFilters, resetFilters, filtersOpen, setFiltersOpen }), [filters, setFilters, resetFilters, filtersOpen, setFiltersOpen]);
}
