/**
 * What the platform settings services (organisations, client applications, modem vendors, AI
 * credentials, application configuration) share: a page of a small table searched and sorted in
 * memory, the version check, and the announcement of a change.
 *
 * Settings tables hold tens of rows and one admin screen reads them a page at a time: they are
 * read whole and searched here, so that both providers match case-insensitively and order alike.
 */
import type { SystemSettingKind } from '@fleet/contracts';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';

export interface SettingsListQuery<K extends string> {
  readonly offset: number;
  readonly limit: number;
  readonly searchValue?: string | undefined;
  readonly sortBy: K;
  readonly sortDir: 'asc' | 'desc';
}

export interface PageOf<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * The rows matching the search (any of `searchable`'s texts contains it, case-insensitively), in
 * the asked order (then by id), one page of them.
 */
export function pageOfRows<T extends { id: string }, K extends string>(
  rows: readonly T[],
  q: SettingsListQuery<K>,
  searchable: (row: T) => readonly (string | null)[],
  sortValue: (row: T, key: K) => string | number | null,
): PageOf<T> {
  const needle = (q.searchValue ?? '').trim().toLowerCase();
  const dir = q.sortDir === 'asc' ? 1 : -1;
  const compare = (a: string | number | null, b: string | number | null): number => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b));
  };
  const matching = rows
    .filter((r) => needle === '' || searchable(r).some((text) => text !== null && text.toLowerCase().includes(needle)))
    .sort((a, b) => dir * compare(sortValue(a, q.sortBy), sortValue(b, q.sortBy)) || compareText(a.id, b.id));
  return pageOf(matching, q);
}

/** A write over a version other than the stored one answers 409 (nothing changes). */
export function assertVersion(stored: number, asked: number | undefined): void {
  if (asked !== undefined && asked !== stored) throw new AppError('CONFLICT');
}

/**
 * `systemSetting.changed` on every inventory's topics (each console follows at least one): the
 * event names the kind and the row only, and an admin console reads it again.
 */
export function announceSetting(deps: Pick<ServiceDeps, 'hub' | 'readModel' | 'clock'>, kind: SystemSettingKind, id: string, removed = false): void {
  const topics = inventoryAudience(
    deps.readModel,
    deps.readModel.inventories.all().map((i) => i.id),
  );
  deps.hub.publish(topics, { type: 'systemSetting.changed', kind, id, removed, at: deps.clock.now() });
}
