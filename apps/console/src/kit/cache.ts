/**
 * The console's one version rule: every copy or part of an entity arriving in a cache (a realtime
 * event, a fresher read, a mutation's answer) goes through {@link applyVersioned}, and the list and
 * page patches are built on it:
 *
 * - a patch older than what the cache holds is dropped: an older `version` than the cached one, or,
 *   field by field, an older report time (`at`) than the one that set the cached field (events arrive
 *   late, once per subscribed topic, and telemetry carries no version);
 * - an equal-or-newer patch applies: the fields it carries replace the cached ones, the fields it
 *   does not carry stay;
 * - when nothing changes, the same object comes back, so React Query keeps its reference and
 *   nothing re-renders.
 *
 * Pure apart from the report times, kept per entity (`key`) beside the caches: React Query copies
 * what it stores (structural sharing), so they cannot ride on the cached objects. No React here.
 */

export interface Versioned {
  readonly version: number;
}

/** A page of a list call (`items` and the `total` across pages). */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

function sameContent(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** Where a patch comes from: the entity version it was made at and/or the time it was reported. */
export interface PatchStamp {
  /** The entity's version the patch carries (compared with the cached `version`). */
  readonly version?: number;
  /** When the source reported it (an event's `at`), compared field by field. */
  readonly at?: number;
  /** The entity the patch is about (`unit:LU-1`): its fields' report times are kept under it. */
  readonly key?: string;
}

/** The report time of each field of an entity, by entity key (set by the patches with an `at`). */
const reportTimes = new Map<string, Record<string, number>>();

/** Forgets every report time (a new session; tests). */
export function forgetReportTimes(): void {
  reportTimes.clear();
}

function cachedVersion(current: object): number | undefined {
  const version = (current as { version?: unknown }).version;
  return typeof version === 'number' ? version : undefined;
}

/** Whether a patch with `stamp` is older than what `current` holds as a whole (its version). */
export function isOlder(stamp: PatchStamp, current: object): boolean {
  const held = cachedVersion(current);
  return stamp.version !== undefined && held !== undefined && stamp.version < held;
}

/**
 * THE rule: `current` with `patch` applied (see the top of this file). Returns `current` itself when
 * the patch is older or changes nothing.
 */
export function applyVersioned<T extends object>(current: T, patch: Partial<T>, stamp: PatchStamp = {}): T {
  if (isOlder(stamp, current)) return current;
  const { at } = stamp;
  let times: Record<string, number> | undefined;
  if (at !== undefined && stamp.key !== undefined) {
    times = reportTimes.get(stamp.key);
    if (times === undefined) reportTimes.set(stamp.key, (times = {}));
  }
  let next: T | null = null;
  for (const field of Object.keys(patch) as (keyof T & string)[]) {
    const value = patch[field];
    if (value === undefined) continue;
    if (times !== undefined && at !== undefined) {
      const setAt = times[field];
      if (setAt !== undefined && at < setAt) continue;
      times[field] = at;
    }
    if (sameContent(current[field], value)) continue;
    next ??= { ...current };
    next[field] = value as T[keyof T & string];
  }
  return next ?? current;
}

/** Whether a copy at `next`'s version is newer than the cached one (a save made elsewhere). */
export function isNewerVersion(next: Versioned, current: Versioned): boolean {
  return isOlder({ version: current.version }, next);
}

/** Whether `next` (a whole copy) replaces `current` in a cache by the rule; anything replaces nothing. */
export function replaces<T extends Versioned>(next: T, current: T | undefined): boolean {
  return current === undefined || newest(current, next) !== current;
}

/** The cached copy with a whole copy applied by the rule (the same reference when it changes nothing). */
export function newest<T extends Versioned>(current: T, next: T): T {
  return applyVersioned(current, next, { version: next.version });
}

export interface ListPatch<T> {
  /** The entity's key in the list. */
  readonly key: (item: T) => string;
  /** The list's order, kept when a row is added or changed; without it a new row goes last. */
  readonly order?: (a: T, b: T) => number;
}

/**
 * The list with `item` in it: added when new, replaced when it `replaces` the cached row, else the
 * same array.
 */
export function upsertInList<T extends Versioned>(list: readonly T[], item: T, patch: ListPatch<T>): readonly T[] {
  const key = patch.key(item);
  const index = list.findIndex((row) => patch.key(row) === key);
  if (index >= 0 && !replaces(item, list[index])) return list;
  const next = index < 0 ? [...list, item] : list.map((row, i) => (i === index ? item : row));
  return patch.order ? next.sort(patch.order) : next;
}

/** The list without the row of `key` (the same array when it is not there). */
export function removeFromList<T>(list: readonly T[], key: string, keyOf: (item: T) => string): readonly T[] {
  return list.some((row) => keyOf(row) === key) ? list.filter((row) => keyOf(row) !== key) : list;
}

/** {@link upsertInList} on a page: a new row is counted in the total. */
export function upsertInPage<T extends Versioned, P extends Page<T>>(page: P, item: T, patch: ListPatch<T>): P {
  const items = upsertInList(page.items, item, patch);
  if (items === page.items) return page;
  const added = items.length > page.items.length;
  return { ...page, items, total: added ? page.total + 1 : page.total };
}

/** {@link removeFromList} on a page: the total counts one fewer. */
export function removeFromPage<T, P extends Page<T>>(page: P, key: string, keyOf: (item: T) => string): P {
  const items = removeFromList(page.items, key, keyOf);
  if (items === page.items) return page;
  return { ...page, items, total: Math.max(0, page.total - 1) };
}

/** Name order with the id as the tie-break (the order of the console's entity lists). */
export function byName<T extends { readonly name: string; readonly id: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
