/**
 * The /video_return list's filters (spec 001 §3 preferences "filters and filter-open flags per
 * list": kept under preferences.filters.videoReturn) and its counters by status (spec 001 §4 video
 * return status words). The group is part of the filters: the list is one group's channels
 * (GET v0/groups/{groupId}/video-return-channels). No React here.
 */
import { VR_CHANNEL_STATUSES, VR_INPUT_TYPES } from '@fleet/contracts';
import type { VrChannelCounters, VrChannelDetail, VrChannelStatus } from '@fleet/contracts';

export type VrInputType = (typeof VR_INPUT_TYPES)[number];

export interface VrListFilters {
  /** null: the user's current group (preferences.groupId, else the first group). */
  readonly groupId: string | null;
  /** Statuses shown; empty: all. */
  readonly statuses: readonly VrChannelStatus[];
  /** Input types shown; empty: all. */
  readonly inputTypes: readonly VrInputType[];
  /** Matched against name, unique id, serial number and description. */
  readonly search: string;
}

export const DEFAULT_VR_FILTERS: VrListFilters = { groupId: null, statuses: [], inputTypes: [], search: '' };

/** The video return list's entry in preferences.filters / filtersOpen (spec 001 §3). */
export const VR_FILTER_LIST = 'videoReturn';

/** Clearing the filters shows every status and input type with no search; the group stays. */
export const resetVrFilters = (current: VrListFilters): VrListFilters => ({ ...DEFAULT_VR_FILTERS, groupId: current.groupId });

const pick = <T extends string>(allowed: readonly T[], value: unknown): T[] => (Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : []);

/** Saved filters (any JSON: an older or hand-edited value) read back; what is not understood is the default. */
export function parseVrFilters(raw: unknown): VrListFilters {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return DEFAULT_VR_FILTERS;
  const r = raw as Record<string, unknown>;
  return {
    groupId: typeof r.groupId === 'string' && r.groupId !== '' ? r.groupId : null,
    statuses: pick(VR_CHANNEL_STATUSES, r.statuses),
    inputTypes: pick(VR_INPUT_TYPES, r.inputTypes),
    search: typeof r.search === 'string' ? r.search.slice(0, 255) : '',
  };
}

export function serializeVrFilters(filters: VrListFilters): Record<string, string | string[] | null> {
  return { groupId: filters.groupId, statuses: [...filters.statuses], inputTypes: [...filters.inputTypes], search: filters.search };
}

/** How many filters narrow the list (the group is the list itself, not a filter). */
export function activeVrFilterCount(filters: VrListFilters): number {
  return (filters.statuses.length > 0 ? 1 : 0) + (filters.inputTypes.length > 0 ? 1 : 0) + (filters.search.trim() !== '' ? 1 : 0);
}

export function filterVrChannels(channels: readonly VrChannelDetail[], filters: VrListFilters): readonly VrChannelDetail[] {
  const search = filters.search.trim().toLowerCase();
  if (filters.statuses.length === 0 && filters.inputTypes.length === 0 && search === '') return channels;
  return channels.filter(
    (c) =>
      (filters.statuses.length === 0 || filters.statuses.includes(c.status)) &&
      (filters.inputTypes.length === 0 || filters.inputTypes.includes(c.configuration.inputType)) &&
      (search === '' || [c.name, c.uniqueId, c.serialNumber ?? '', c.description].some((text) => text.toLowerCase().includes(search))),
  );
}

/** A counter clicked: that status alone, or every status again when it already was the only one. */
export function toggleStatusFilter(filters: VrListFilters, status: VrChannelStatus): VrListFilters {
  const only = filters.statuses.length === 1 && filters.statuses[0] === status;
  return { ...filters, statuses: only ? [] : [status] };
}

export function isStatusFilterActive(filters: VrListFilters, status: VrChannelStatus): boolean {
  return filters.statuses.length === 1 && filters.statuses[0] === status;
}

/**
 * The counts of the list's header from its rows: the core answers them with the list, and once
 * realtime events change rows (a status, a channel joining or leaving the group) they are counted
 * again the same way (statuses outside the spec's words are not counted, as the core does).
 */
export function countVrChannels(channels: readonly VrChannelDetail[]): VrChannelCounters {
  const counters: VrChannelCounters = { total: channels.length, idle: 0, inputConnected: 0, collecting: 0, offline: 0, connecting: 0 };
  for (const channel of channels) if ((VR_CHANNEL_STATUSES as readonly string[]).includes(channel.status)) counters[channel.status] += 1;
  return counters;
}
