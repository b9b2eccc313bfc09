import { useCallback, useMemo, useState } from 'react';
import { withFiltersOpen, withListFilters } from '../../preferences/patches';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';
import { DEFAULT_CHANNEL_FILTERS, parseChannelFilters, serializeChannelFilters } from './channelFilters';
import type { ChannelListFilters } from './channelFilters';

/** The channels list's entry in preferences.filters / filtersOpen (spec 001 §3). */
export const CHANNEL_FILTER_LIST = 'channels';

export interface ChannelListPrefs {
  readonly filters: ChannelListFilters;
  readonly setFilters: (filters: ChannelListFilters) => void;
  readonly resetFilters: () => void;
  readonly filtersOpen: boolean;
  readonly setFiltersOpen: (open: boolean) => void;
}

/** Filters and the filter-panel flag of /channels: restored on mount, saved (debounced) on change. */
export function useChannelListPrefs(): ChannelListPrefs {
  const prefs = usePreferencesSnapshot();
  const { schedule } = usePreferenceSaver();
  const [filters, setFiltersState] = useState(() => parseChannelFilters(prefs.filters?.[CHANNEL_FILTER_LIST]));
  const [filtersOpen, setOpenState] = useState(() => prefs.filtersOpen?.[CHANNEL_FILTER_LIST] ?? false);

  const setFilters = useCallback(
    (next: ChannelListFilters) => {
      setFiltersState(next);
      schedule('filters', (current) => withListFilters(current, CHANNEL_FILTER_LIST, serializeChannelFilters(next)));
    },
    [schedule],
  );
  const resetFilters = useCallback(() => setFilters(DEFAULT_CHANNEL_FILTERS), [setFilters]);
  const setFiltersOpen = useCallback(
    (open: boolean) => {
      setOpenState(open);
      schedule('filtersOpen', (current) => withFiltersOpen(current, CHANNEL_FILTER_LIST, open));
    },
    [schedule],
  );
  return useMemo(
    () => ({ filters, setFilters, resetFilters, filtersOpen, setFiltersOpen }),
    [filters, setFilters, resetFilters, filtersOpen, setFiltersOpen],
  );
}
