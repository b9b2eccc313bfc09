/**
 * /channels list filters (spec 001 §3 "filters and filter-open flags per list": the `channels`
 * list): status, type, group or inventory, a name search, and the counter marks (sdi, smpte, cdn,
 * preview, studio, share, distributor, output, input). Pure: parsing the stored value
 * (preferences.filters.channels, any JSON), matching channels, and what a counter click does.
 *
 * Readings:
 * - status: the channel's raw status (spec 001 §4 words); the busy / idle / offline counters select
 *   every status of their class (channelStatusClass of @fleet/domain: unavailable is offline).
 * - marks: a channel matches when it carries every chosen mark (AND), the way a counter counts it.
 * - search: name, server, allocated unit (alias or uid), CDN and broadcaster, case-insensitive.
 */
import { CHANNEL_STATUSES, CHANNEL_TYPES } from '@fleet/contracts';
import type { ChannelCounters, ChannelLive, ChannelStatus, ChannelType } from '@fleet/contracts';
import { CHANNEL_MARKS, channelStatusClass, hasChannelMark } from '@fleet/domain';
import type { ChannelMark, ChannelStatusClass } from '@fleet/domain';

/** Counter names in the bar's order (spec 001 §3 Counters). */
export const CHANNEL_COUNTERS = [
  'busy',
  'idle',
  'offline',
  'sdi',
  'smpte',
  'cdn',
  'preview',
  'studio',
  'share',
  'distributor',
  'output',
  'input',
] as const satisfies readonly (keyof ChannelCounters)[];
export type ChannelCounterName = (typeof CHANNEL_COUNTERS)[number];

/** The counters that are a channel's mark (the others are its status class): the rule of @fleet/domain. */
export { CHANNEL_MARKS } from '@fleet/domain';
export type { ChannelMark } from '@fleet/domain';

const STATUS_COUNTERS: readonly ChannelStatusClass[] = ['busy', 'idle', 'offline'];

export interface ChannelListFilters {
  readonly text: string;
  readonly statuses: readonly ChannelStatus[];
  readonly types: readonly ChannelType[];
  readonly marks: readonly ChannelMark[];
  /** `group:<id>` or `inventory:<id>`, null for every channel the user sees. */
  readonly scope: string | null;
}

export const DEFAULT_CHANNEL_FILTERS: ChannelListFilters = { text: '', statuses: [], types: [], marks: [], scope: null };

/** The channels list's entry in preferences.filters / filtersOpen (spec 001 §3). */
export const CHANNEL_FILTER_LIST = 'channels';

/** Clearing the filters shows every channel. */
export const resetChannelFilters = (): ChannelListFilters => DEFAULT_CHANNEL_FILTERS;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function someOf<T extends string>(allowed: readonly T[], value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  const set = new Set<string>(allowed);
  return [...new Set(value.filter((v): v is T => typeof v === 'string' && set.has(v)))];
}

const SCOPE_PATTERN = /^(group|inventory):[^\s]{1,128}$/;

/** Filters from a stored value; anything unknown or malformed falls back to the default. */
export function parseChannelFilters(stored: unknown): ChannelListFilters {
  const raw = record(stored);
  return {
    text: typeof raw.text === 'string' ? raw.text.slice(0, 255) : '',
    statuses: someOf(CHANNEL_STATUSES, raw.statuses),
    types: someOf(CHANNEL_TYPES, raw.types),
    marks: someOf(CHANNEL_MARKS, raw.marks),
    scope: typeof raw.scope === 'string' && SCOPE_PATTERN.test(raw.scope) ? raw.scope : null,
  };
}

/** The stored form (plain JSON) of filters. */
export function serializeChannelFilters(filters: ChannelListFilters): { [key: string]: string | string[] | null } {
  return { text: filters.text, statuses: [...filters.statuses], types: [...filters.types], marks: [...filters.marks], scope: filters.scope };
}

/** How many filters differ from the default (the badge on the filter toggle). */
export function activeChannelFilterCount(filters: ChannelListFilters): number {
  return (
    (filters.text.trim() !== '' ? 1 : 0) +
    (filters.statuses.length > 0 ? 1 : 0) +
    (filters.types.length > 0 ? 1 : 0) +
    (filters.marks.length > 0 ? 1 : 0) +
    (filters.scope != null ? 1 : 0)
  );
}

function inScope(channel: ChannelLive, scope: string | null): boolean {
  if (scope === null) return true;
  const [kind, id] = [scope.slice(0, scope.indexOf(':')), scope.slice(scope.indexOf(':') + 1)];
  return kind === 'group' ? channel.groupIds.includes(id) : channel.inventoryIds.includes(id);
}

function matchesText(channel: ChannelLive, needle: string): boolean {
  if (needle === '') return true;
  const fields = [channel.channelName, channel.serverName, channel.allocatedToUnitAlias, channel.allocatedToUnitUid, channel.cdnName, channel.broadcasterName];
  return fields.some((field) => field !== null && field.toLowerCase().includes(needle));
}

/** The channels the filters let through, in their order. */
export function filterChannels(channels: readonly ChannelLive[], filters: ChannelListFilters): readonly ChannelLive[] {
  if (activeChannelFilterCount(filters) === 0) return channels;
  const needle = filters.text.trim().toLowerCase();
  const statuses = new Set(filters.statuses);
  const types = new Set(filters.types);
  return channels.filter(
    (channel) =>
      (statuses.size === 0 || statuses.has(channel.status)) &&
      (types.size === 0 || types.has(channel.type)) &&
      filters.marks.every((mark) => hasChannelMark(channel, mark)) &&
      inScope(channel, filters.scope) &&
      matchesText(channel, needle),
  );
}

/** Every status of one class (the statuses a busy / idle / offline counter stands for). */
export function statusesOfClass(statusClass: ChannelStatusClass): ChannelStatus[] {
  return CHANNEL_STATUSES.filter((status) => channelStatusClass(status) === statusClass);
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * A counter click: a status counter filters on the statuses of its class, a mark counter on that
 * mark; clicking the counter that is already the filter clears it (a toggle).
 */
export function filtersForChannelCounter(filters: ChannelListFilters, counter: ChannelCounterName): ChannelListFilters {
  if ((STATUS_COUNTERS as readonly string[]).includes(counter)) {
    const statuses = statusesOfClass(counter as ChannelStatusClass);
    return { ...filters, statuses: sameSet(filters.statuses, statuses) ? [] : statuses };
  }
  const mark = counter as ChannelMark;
  return { ...filters, marks: sameSet(filters.marks, [mark]) ? [] : [mark] };
}

/** Whether the counter is the filter now (the bar shows it pressed). */
export function isCounterActive(filters: ChannelListFilters, counter: ChannelCounterName): boolean {
  if ((STATUS_COUNTERS as readonly string[]).includes(counter))
    return filters.statuses.length > 0 && sameSet(filters.statuses, statusesOfClass(counter as ChannelStatusClass));
  return sameSet(filters.marks, [counter as ChannelMark]);
}
