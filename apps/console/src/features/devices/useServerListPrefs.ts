import { useListFilterPrefs } from '../../preferences/useListFilterPrefs';
import type { ListFilterPrefs } from '../../preferences/useListFilterPrefs';
import { DEFAULT_SERVER_FILTERS, parseServerFilters, serializeServerFilters } from './serverList';
import type { ServerFilters } from './serverList';

/**
 * The servers list keeps its filters in preferences.filters.manage (spec 000 §3 lists: `devices`
 * is the unit list's) under `servers`.
 */
export const SERVER_FILTER_LIST = 'manage';
export const SERVER_FILTER_KEY = 'servers';

const parse = (raw: unknown): ServerFilters =>
  parseServerFilters(typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>)[SERVER_FILTER_KEY] : undefined);
const serialize = (filters: ServerFilters) => ({ [SERVER_FILTER_KEY]: serializeServerFilters(filters) });
const reset = (): ServerFilters => DEFAULT_SERVER_FILTERS;

export type ServerListPrefs = ListFilterPrefs<ServerFilters>;

/** Filters and the filter-panel flag of the servers tab: restored on mount, saved (debounced) on change. */
export function useServerListPrefs(): ServerListPrefs {
  return useListFilterPrefs(SERVER_FILTER_LIST, parse, serialize, reset);
}
