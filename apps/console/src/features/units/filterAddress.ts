/**
 * The unit list's filters in its address (shared/UX.md "Links are addresses": a URL opens the
 * filter it names, a reload stays put): `q` (search text), `bucket` (busy / idle / offline, the
 * counter bar's), `status`, `type`, `mode` (comma-separated values), `playing` and `alerts`. Only
 * what differs from the default is written; the modified-date filter stays in the preferences.
 * The rules are pure; {@link useFiltersInAddress} applies them on /list.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_FILTERS, parseFilters } from './filters';
import type { UnitListFilters } from './filters';

export const FILTER_PARAMS = ['q', 'bucket', 'status', 'type', 'mode', 'playing', 'alerts'] as const;

/** Whether the address names any filter. */
export function hasFilterParams(params: URLSearchParams): boolean {
  return FILTER_PARAMS.some((name) => params.has(name));
}

const list = (value: string | null): string[] => (value === null || value === '' ? [] : value.split(','));

/**
 * The filters an address names, on the default ones (a link means what it says, whatever the
 * reader last chose); unknown values are dropped as the stored form's are (parseFilters).
 * `modified` is kept from `current` (it has no parameter).
 */
export function filtersFromParams(params: URLSearchParams, current: UnitListFilters): UnitListFilters {
  const parsed = parseFilters({
    text: params.get('q') ?? '',
    bucket: params.get('bucket') ?? undefined,
    statuses: list(params.get('status')),
    typeGroups: list(params.get('type')),
    modes: list(params.get('mode')),
    playing: params.get('playing') ?? undefined,
    alerts: params.get('alerts') ?? undefined,
  });
  return { ...parsed, modified: current.modified };
}

/** `params` with the filters written (what differs from the default) and the others kept. */
export function withFilterParams(params: URLSearchParams, filters: UnitListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  const set = (name: (typeof FILTER_PARAMS)[number], value: string, fallback: string) => {
    if (value !== fallback) next.set(name, value);
  };
  set('q', filters.text, DEFAULT_FILTERS.text);
  set('bucket', filters.bucket, DEFAULT_FILTERS.bucket);
  set('status', filters.statuses.join(','), '');
  set('type', filters.typeGroups.join(','), '');
  set('mode', filters.modes.join(','), '');
  set('playing', filters.playing, DEFAULT_FILTERS.playing);
  set('alerts', filters.alerts, DEFAULT_FILTERS.alerts);
  return next;
}

/**
 * Applies the address to the list: an address naming filters sets them when the page opens (over
 * the saved ones); afterwards every change of the filters is written back (replacing the history
 * entry), so the address names the filters shown. Opened without filter parameters, the saved
 * filters apply and the address is left as it is until they change.
 */
export function useFiltersInAddress(filters: UnitListFilters, setFilters: (filters: UnitListFilters) => void): void {
  const [params, setParams] = useSearchParams();
  const opened = useRef(false);
  const initial = useRef({ params, filters, setFilters });
  useEffect(() => {
    const { params: at, filters: saved, setFilters: set } = initial.current;
    if (hasFilterParams(at)) set(filtersFromParams(at, saved));
  }, []);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    setParams((prev) => withFilterParams(prev, filters), { replace: true });
  }, [filters, setParams]);
}
