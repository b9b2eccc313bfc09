/**
 * What the platform settings services share (organisations, client applications, modem vendors,
 * AI credentials, application configuration; stream providers and profiles, stream media
 * profiles, geocoding profiles: spec 001 §2 /system_settings): a page of a small table searched and
 * sorted in memory, the version check, "Name field has to be unique", and the announcement of a
 * change.
 *
 * Settings tables hold tens of rows and one admin screen reads them a page at a time: they are
 * read whole and searched here, so that both providers match case-insensitively and order alike.
 * Every change is announced as `systemSetting.changed` (which row of which kind, nothing more) on
 * every inventory's topics and their groups' (every console follows one of them); an admin console
 * reads its list again through the role-checked call.
 */
import { VALIDATION, type SystemSettingKind } from '@fleet/contracts';
import { AppError, validationError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageOf, type Page } from '../../platform/paging.js';

export interface SettingsListQuery<K extends string> {
  readonly offset: number;
  readonly limit: number;
  readonly searchValue?: string | undefined;
  readonly sortBy: K;
  readonly sortDir: 'asc' | 'desc';
}

/**
 * The rows matching the search (any of `searchable`'s texts contains it, case-insensitively), in
 * the asked order (then by `tieBreak` when given, then by id), one page of them.
 */
export function pageOfRows<T extends { id: string }, K extends string>(
  rows: readonly T[],
  q: SettingsListQuery<K>,
  searchable: (row: T) => readonly (string | null)[],
  sortValue: (row: T, key: K) => string | number | null,
  tieBreak?: (row: T) => string,
): Page<T> {
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
    .sort(
      (a, b) =>
        dir * compare(sortValue(a, q.sortBy), sortValue(b, q.sortBy)) || (tieBreak ? compareText(tieBreak(a), tieBreak(b)) : 0) || compareText(a.id, b.id),
    );
  return pageOf(matching, q);
}

/** A write over a version other than the stored one answers 409 (nothing changes). */
export function assertVersion(stored: number, asked: number | undefined): void {
  if (asked !== undefined && asked !== stored) throw new AppError('CONFLICT');
}

/** "Name field has to be unique" on the name field. */
export const settingNameTaken = (): AppError => validationError([{ path: 'body.name', message: VALIDATION.nameUnique }]);

/** A kind's unique name ("Name field has to be unique"; setting-kind.ts). */
export const uniqueName = { column: 'name', value: (body: { name?: string | undefined }) => body.name } as const;

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
