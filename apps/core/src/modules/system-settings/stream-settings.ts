/**
 * What the stream and geocoding settings services share (stream providers and profiles, stream
 * media profiles, geocoding profiles: spec 001 §2 /system_settings):
 * - their lists are small platform-wide tables read from storage a page at a time, searched by
 *   name (any case) and ordered here, so both providers match and order the same way;
 * - every change is announced as `systemSetting.changed` (which row of which kind, nothing more) on
 *   every inventory's topics and their groups' (every console follows one of them); an admin
 *   console reads its list again through the role-checked call.
 */
import { VALIDATION, type SystemSettingKind } from '@fleet/contracts';
import { validationError, type AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageRows } from '../../platform/paging.js';

export interface SettingsListQuery<K extends string> {
  readonly offset: number;
  readonly limit: number;
  readonly searchValue?: string | undefined;
  readonly sortBy: K;
  readonly sortDir: 'asc' | 'desc';
}

export interface SettingsPageOf<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/** Rows whose name holds the search value (any case), ordered by the sort key (then name, then id), one page of them. */
export function settingsPage<R extends { id: string; name: string }, K extends string>(
  rows: readonly R[],
  q: SettingsListQuery<K>,
  key: (row: R, sortBy: K) => string | number,
): { rows: R[]; total: number } {
  const value = (q.searchValue ?? '').trim().toLowerCase();
  const dir = q.sortDir === 'asc' ? 1 : -1;
  const cmp = (a: string | number, b: string | number) => (typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b)));
  const matching = rows
    .filter((r) => value === '' || r.name.toLowerCase().includes(value))
    .sort((a, b) => dir * cmp(key(a, q.sortBy), key(b, q.sortBy)) || compareText(a.name, b.name) || compareText(a.id, b.id));
  return { rows: pageRows(matching, q), total: matching.length };
}

/** "Name field has to be unique" on the name field. */
export const settingNameTaken = (): AppError => validationError([{ path: 'body.name', message: VALIDATION.nameUnique }]);

/** Tells every console a row of this kind changed or went. */
export function announceSetting(deps: ServiceDeps, kind: SystemSettingKind, id: string, removed: boolean): void {
  const topics = inventoryAudience(
    deps.readModel,
    deps.readModel.inventories.all().map((i) => i.id),
  );
  deps.hub.publish(topics, { type: 'systemSetting.changed', kind, id, removed, at: deps.clock.now() });
}
