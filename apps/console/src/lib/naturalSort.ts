/**
 * Sorting the way people count: "CH2" before "CH10", case-insensitively (the grid's natural key,
 * components/grid/gridSort.ts, compared as plain strings).
 */
import { naturalKey } from '../components/grid/gridSort';

export function naturalCompare(a: string, b: string): number {
  const ka = naturalKey(a);
  const kb = naturalKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** A copy of `items` in natural order of `text` (stable for equal texts). */
export function naturalSortBy<T>(items: readonly T[], text: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: naturalKey(text(item)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.item);
}
