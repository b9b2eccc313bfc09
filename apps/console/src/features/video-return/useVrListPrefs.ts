import { useListFilterPrefs } from '../../preferences/useListFilterPrefs';
import type { ListFilterPrefs } from '../../preferences/useListFilterPrefs';
import { DEFAULT_VR_FILTERS, parseVrFilters, serializeVrFilters } from './vrFilters';
import type { VrListFilters } from './vrFilters';

/** The video return list's entry in preferences.filters / filtersOpen (spec 001 §3). */
export const VR_FILTER_LIST = 'videoReturn';

/** Clearing the filters shows every status and input type with no search; the group stays. */
const resetVrFilters = (current: VrListFilters): VrListFilters => ({ ...DEFAULT_VR_FILTERS, groupId: current.groupId });

/** Filters (the group included) and the filter-panel flag of /video_return, kept in the preferences. */
export function useVrListPrefs(): ListFilterPrefs<VrListFilters> {
  return useListFilterPrefs(VR_FILTER_LIST, parseVrFilters, serializeVrFilters, resetVrFilters);
}
