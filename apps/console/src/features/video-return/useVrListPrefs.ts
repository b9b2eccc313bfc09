import { useCallback, useMemo, useState } from 'react';
import { withFiltersOpen, withListFilters } from '../../preferences/patches';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';
import { DEFAULT_VR_FILTERS, parseVrFilters, serializeVrFilters } from './vrFilters';
import type { VrListFilters } from './vrFilters';

/** The video return list's entry in preferences.filters / filtersOpen (spec 001 §3). */
export const VR_FILTER_LIST = 'videoReturn';

export interface VrListPrefs {
  readonly filters: VrListFilters;
  readonly setFilters: (filters: VrListFilters) => void;
  /** Back to every status, input type and no search (the group stays). */
  readonly resetFilters: () => void;
  readonly filtersOpen: boolean;
  readonly setFiltersOpen: (open: boolean) => void;
}

/** Filters (the group included) and the filter-panel flag of /video_return: restored on mount, saved (debounced) on change. */
export function useVrListPrefs(): VrListPrefs {
  const prefs = usePreferencesSnapshot();
  const { schedule } = usePreferenceSaver();
  const [filters, setFiltersState] = useState(() => parseVrFilters(prefs.filters?.[VR_FILTER_LIST]));
  const [filtersOpen, setOpenState] = useState(() => prefs.filtersOpen?.[VR_FILTER_LIST] ?? false);

  const setFilters = useCallback(
    (next: VrListFilters) => {
      setFiltersState(next);
      schedule('filters', (current) => withListFilters(current, VR_FILTER_LIST, serializeVrFilters(next)));
    },
    [schedule],
  );
  const resetFilters = useCallback(() => setFilters({ ...DEFAULT_VR_FILTERS, groupId: filters.groupId }), [filters.groupId, setFilters]);
  const setFiltersOpen = useCallback(
    (open: boolean) => {
      setOpenState(open);
      schedule('filtersOpen', (current) => withFiltersOpen(current, VR_FILTER_LIST, open));
    },
    [schedule],
  );
  return useMemo(
    () => ({ filters, setFilters, resetFilters, filtersOpen, setFiltersOpen }),
    [filters, setFilters, resetFilters, filtersOpen, setFiltersOpen],
  );
}
