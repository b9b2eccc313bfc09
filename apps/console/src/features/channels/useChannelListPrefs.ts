import { useListFilterPrefs } from '../../preferences/useListFilterPrefs';
import type { ListFilterPrefs } from '../../preferences/useListFilterPrefs';
import { DEFAULT_CHANNEL_FILTERS, parseChannelFilters, serializeChannelFilters } from './channelFilters';
import type { ChannelListFilters } from './channelFilters';

/** The channels list's entry in preferences.filters / filtersOpen (spec 001 §3). */
export const CHANNEL_FILTER_LIST = 'channels';

export type ChannelListPrefs = ListFilterPrefs<ChannelListFilters>;

const resetChannelFilters = (): ChannelListFilters => DEFAULT_CHANNEL_FILTERS;

/** Filters and the filter-panel flag of /channels: restored on mount, saved (debounced) on change. */
export function useChannelListPrefs(): ChannelListPrefs {
  return useListFilterPrefs(CHANNEL_FILTER_LIST, parseChannelFilters, serializeChannelFilters, resetChannelFilters);
}
