/**
 * The console's one rule for a copy of an entity arriving in a cache (a realtime event, a fresher
 * read, a mutation's answer), and the list and page patches built on it:
 *
 * - an older version never replaces a newer one (events arrive late, once per subscribed topic);
 * - an equal version replaces the cached copy only when its content differs (live fields such as a
 *   unit count or a status move without the version);
 * - when nothing changes, the same object comes back, so React Query keeps its reference and
 *   nothing re-renders.
 *
 * Pure; no React here.
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
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `next` replaces `current` in a cache (see the rule above); anything replaces nothing. */
export function replaces<T extends Versioned>(next: T, current: T | undefined): boolean {
  if (current === undefined) return true;
  if (next.version !== current.version) return next.version > current.version;
  return !sameContent(next, current);
}

/** The cached copy, or `next` when it replaces it (the same reference when it does not). */
export function newest<T extends Versioned>(current: T, next: T): T {
  return replaces(next, current) ? next : current;
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
