/**
 * Pure builders of preference patches (spec 000 §3 "Preferences (per user)"). PUT userPreferences
 * merges only the TOP-LEVEL fields, so a patch of a nested field (one grid of gridPrefs, one list
 * of filters) carries the whole field with the one entry replaced.
 */
import type { UserPreferences } from '@fleet/contracts';

/** One grid's remembered state: column widths (px) and sort. */
export type GridPref = NonNullable<UserPreferences['gridPrefs']>[string];
/** The lists whose filters the preferences keep (spec 000 §3: devices, channels, files, manage, video return). */
export type FilterList = keyof NonNullable<UserPreferences['filters']>;
/** A list's filter values: JSON (the list decides what they mean). */
export type ListFilterValues = NonNullable<NonNullable<UserPreferences['filters']>[FilterList]>;

export function withGridPref(prefs: UserPreferences, gridId: string, pref: GridPref): Pick<UserPreferences, 'gridPrefs'> {
  return { gridPrefs: { ...prefs.gridPrefs, [gridId]: pref } };
}

export function withListFilters(prefs: UserPreferences, list: FilterList, values: ListFilterValues): Pick<UserPreferences, 'filters'> {
  return { filters: { ...prefs.filters, [list]: values } };
}

export function withFiltersOpen(prefs: UserPreferences, list: FilterList, open: boolean): Pick<UserPreferences, 'filtersOpen'> {
  return { filtersOpen: { ...prefs.filtersOpen, [list]: open } };
}

/** unitListExpanded keeps only expanded units (a collapsed unit is the default, so it is dropped). */
export function withUnitExpanded(prefs: UserPreferences, unitId: string, expanded: boolean): Pick<UserPreferences, 'unitListExpanded'> {
  const next: Record<string, boolean> = { ...prefs.unitListExpanded };
  if (expanded) next[unitId] = true;
  else delete next[unitId];
  return { unitListExpanded: next };
}
