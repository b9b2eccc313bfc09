/**
 * Filters of the Files grid (spec 000 §2 "Files: filterable grid"): the group whose channels'
 * files are listed, channel, sending unit, name search, date range (spec 000 §9 "Default files
 * date filter: all") and transferring. Pure: parsing the stored value (preferences.filters.files,
 * any JSON), turning it back into JSON, and matching files.
 */
import { DEFAULTS } from '@fleet/contracts';
import type { ChannelFile } from '@fleet/contracts';
import type { Option } from '../../kit/formRules';

export const DATE_RANGES = ['all', '24h', '7d', '30d'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const TRANSFER_FILTERS = ['all', 'transferring', 'complete'] as const;
export type TransferFilter = (typeof TRANSFER_FILTERS)[number];

export interface FilesFilters {
  /** null: the user's default group (preferences.groupId, else the first group). */
  readonly groupId: string | null;
  readonly channelId: string | null;
  readonly unitId: string | null;
  readonly search: string;
  readonly date: DateRange;
  readonly transfer: TransferFilter;
}

export const DEFAULT_DATE_RANGE: DateRange = (DATE_RANGES as readonly string[]).includes(DEFAULTS.filesDateFilter)
  ? (DEFAULTS.filesDateFilter as DateRange)
  : 'all';

export const DEFAULT_FILES_FILTERS: FilesFilters = {
  groupId: null,
  channelId: null,
  unitId: null,
  search: '',
  date: DEFAULT_DATE_RANGE,
  transfer: 'all',
};

const HOUR = 3_600_000;
const RANGE_MS: Record<Exclude<DateRange, 'all'>, number> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : fallback;

/** The stored filters (any JSON) as FilesFilters; unknown or broken values fall back to the defaults. */
export function parseFilesFilters(raw: unknown): FilesFilters {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return DEFAULT_FILES_FILTERS;
  const r = raw as Record<string, unknown>;
  return {
    groupId: str(r.groupId),
    channelId: str(r.channelId),
    unitId: str(r.unitId),
    search: typeof r.search === 'string' ? r.search.slice(0, 255) : '',
    date: oneOf(DATE_RANGES, r.date, DEFAULT_DATE_RANGE),
    transfer: oneOf(TRANSFER_FILTERS, r.transfer, 'all'),
  };
}

/** The filters as stored in preferences.filters.files. */
export function filesFiltersToJson(f: FilesFilters): Record<string, string | null> {
  return { groupId: f.groupId, channelId: f.channelId, unitId: f.unitId, search: f.search, date: f.date, transfer: f.transfer };
}

/** How many filters narrow the list (the group is a choice of list, not a filter). */
export function activeFilterCount(f: FilesFilters): number {
  return [f.channelId != null, f.unitId != null, f.search.trim() !== '', f.date !== 'all', f.transfer !== 'all'].filter(Boolean).length;
}

/** The files that match; the same array when no filter is on. */
export function filterFiles(files: readonly ChannelFile[], f: FilesFilters, nowMs: number): readonly ChannelFile[] {
  if (activeFilterCount(f) === 0) return files;
  const needle = f.search.trim().toLowerCase();
  const since = f.date === 'all' ? null : nowMs - RANGE_MS[f.date];
  return files.filter((file) => {
    if (f.channelId != null && file.channelId !== f.channelId) return false;
    if (f.unitId != null && file.fileId.unit !== f.unitId) return false;
    if (needle !== '' && !file.fileName.toLowerCase().includes(needle)) return false;
    if (f.transfer === 'transferring' && !file.isTransferring) return false;
    if (f.transfer === 'complete' && file.isTransferring) return false;
    if (since !== null) {
      const at = file.lastModified == null ? Number.NaN : Date.parse(file.lastModified);
      if (!(at >= since)) return false;
    }
    return true;
  });
}

/** Channels present in the files, by name. */
export function channelOptions(files: readonly ChannelFile[]): Option[] {
  const seen = new Map<string, string>();
  for (const f of files) if (!seen.has(f.channelId)) seen.set(f.channelId, f.channelName || f.channelId);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** Sending units present in the files, by name. */
export function unitOptions(files: readonly ChannelFile[]): Option[] {
  const seen = new Map<string, string>();
  for (const f of files) {
    const id = f.fileId.unit;
    if (id !== null && !seen.has(id)) seen.set(id, f.luName || id);
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The group whose files are listed: the one chosen in the filters when the user still has it, else
 * the preferences' group (preferences.groupId), else the user's first group; null without groups.
 */
export function resolveGroupId(chosen: string | null, preferred: string | null | undefined, groups: readonly { id: string }[]): string | null {
  const has = (id: string | null | undefined): id is string => typeof id === 'string' && groups.some((g) => g.id === id);
  if (has(chosen)) return chosen;
  if (has(preferred)) return preferred;
  return groups[0]?.id ?? null;
}
