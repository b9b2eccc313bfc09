/**
 * The Files grid's filters and the filters-open flag (preferences' useListFilterPrefs): restored
 * from preferences.filters.files and preferences.filtersOpen.files when the page opens, saved
 * (debounced) when they change; a reset keeps the group (a choice of list, not a filter).
 */
import { useCallback } from 'react';
import { useListFilterPrefs } from '../../preferences/useListFilterPrefs';
import { DEFAULT_FILES_FILTERS, filesFiltersToJson, parseFilesFilters } from './fileFilters';
import type { FilesFilters } from './fileFilters';

const keepGroup = (current: FilesFilters): FilesFilters => ({ ...DEFAULT_FILES_FILTERS, groupId: current.groupId });

export function useFilesFilters() {
  const { filters, setFilters, resetFilters, filtersOpen, setFiltersOpen } = useListFilterPrefs('files', parseFilesFilters, filesFiltersToJson, keepGroup);
  const patch = useCallback((change: Partial<FilesFilters>) => setFilters({ ...filters, ...change }), [filters, setFilters]);
  return { filters, setFilters: patch, reset: resetFilters, open: filtersOpen, setOpen: setFiltersOpen };
}
