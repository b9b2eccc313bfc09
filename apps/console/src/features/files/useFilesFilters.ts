/**
 * The Files grid's filters and the filters-open flag: restored from preferences.filters.files and
 * preferences.filtersOpen.files when the page opens, saved (debounced) when they change.
 */
import { useCallback, useRef, useState } from 'react';
import { usePreferences, usePreferenceSaver } from '../../preferences/usePreferences';
import { withFiltersOpen, withListFilters } from '../../preferences/patches';
import { DEFAULT_FILES_FILTERS, filesFiltersToJson, parseFilesFilters } from './fileFilters';
import type { FilesFilters } from './fileFilters';

export interface FilesFiltersState {
  readonly filters: FilesFilters;
  readonly setFilters: (patch: Partial<FilesFilters>) => void;
  readonly reset: () => void;
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
}

export function useFilesFilters(): FilesFiltersState {
  const prefs = usePreferences();
  const { schedule } = usePreferenceSaver();
  const [filters, setState] = useState<FilesFilters>(() => parseFilesFilters(prefs.filters?.files));
  const [open, setOpenState] = useState<boolean>(() => prefs.filtersOpen?.files ?? false);

  const save = useCallback(
    (next: FilesFilters) => schedule('filters.files', (current) => withListFilters(current, 'files', filesFiltersToJson(next))),
    [schedule],
  );
  // The latest filters, so that a change is computed and saved outside React's state updaters.
  const latest = useRef(filters);
  const apply = useCallback(
    (next: FilesFilters) => {
      latest.current = next;
      setState(next);
      save(next);
    },
    [save],
  );
  const setFilters = useCallback((patch: Partial<FilesFilters>) => apply({ ...latest.current, ...patch }), [apply]);
  const reset = useCallback(() => apply({ ...DEFAULT_FILES_FILTERS, groupId: latest.current.groupId }), [apply]);
  const setOpen = useCallback(
    (value: boolean) => {
      setOpenState(value);
      schedule('filtersOpen.files', (current) => withFiltersOpen(current, 'files', value));
    },
    [schedule],
  );
  return { filters, setFilters, reset, open, setOpen };
}
