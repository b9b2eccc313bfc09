/**
 * Pure sorting and sizing logic of the shared DataGrid. Sorting precomputes one key per row (a
 * natural-order string key or a number) and compares keys with plain operators: Intl.Collator on
 * 10,000 rows costs several times more script time.
 */

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  readonly column: string;
  readonly direction: SortDirection;
}
/** What a column sorts by; null/undefined (no value) always sorts last. */
export type SortValue = string | number | boolean | null | undefined;

/** Header click cycle: none → asc → desc → none; another column starts at asc. */
export function nextSortState(current: SortState | null | undefined, column: string): SortState | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

const DIGITS = /\d+/g;
/** A string key that orders case-insensitively and numbers by value ("unit-9" before "unit-10"). */
export function naturalKey(text: string): string {
  return text.toLowerCase().replace(DIGITS, (run) => {
    const trimmed = run.replace(/^0+(?=\d)/, '');
    // Length prefix keeps numbers of any length in value order.
    return `${String.fromCharCode(48 + Math.min(trimmed.length, 60))}${trimmed}`;
  });
}

/** A precomputed sort key (null: no value). */
export type SortKey = string | number | null;

function keyOf(value: SortValue): SortKey {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return naturalKey(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return Number.isNaN(value) ? null : value;
}

/** Compares two keys of the same column; numbers before strings when a column mixes them. */
function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares two sort values ascending, no value last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const x = keyOf(a);
  const y = keyOf(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return compareKeys(x, y);
}

/** The sort key of `row` (from `keyCache` when it holds it). */
function cachedKey<T>(row: T, value: (row: T) => SortValue, keyCache: WeakMap<object, SortKey> | undefined): SortKey {
  if (keyCache === undefined || typeof row !== 'object' || row === null) return keyOf(value(row));
  const cached = keyCache.get(row);
  if (cached !== undefined) return cached;
  const key = keyOf(value(row));
  keyCache.set(row, key);
  return key;
}

/**
 * A new array of the rows sorted by `value` in `direction`; stable (equal keys keep their input
 * order) and rows without a value last in both directions. The input is not changed.
 * `keyCache` (one per `value` function) keeps the keys of object rows between sorts: after a live
 * update only the replaced rows compute their key again.
 */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, direction: SortDirection, keyCache?: WeakMap<object, SortKey>): T[] {
  const keys = rows.map((row) => cachedKey(row, value, keyCache));
  const order = rows.map((_, index) => index);
  const sign = direction === 'asc' ? 1 : -1;
  order.sort((i, j) => {
    const a = keys[i] ?? null;
    const b = keys[j] ?? null;
    if (a === null || b === null) {
      if (a === b) return i - j;
      return a === null ? 1 : -1;
    }
    return sign * compareKeys(a, b) || i - j;
  });
  return order.map((index) => rows[index] as T);
}

/** A sort's input and result, kept so that the next rows can reuse its order. */
export interface SortedRows<T> {
  readonly rows: readonly T[];
  readonly sorted: readonly T[];
}

/**
 * `rows` sorted as {@link sortRows} does, reusing `previous` (the rows last sorted by the same
 * `value` and `direction`) when the order cannot have changed: `rows` holds the same rows as
 * `previous.rows` at the same positions (by `rowKey`), and every replaced row kept its sort key.
 * The order is then the previous one with the replaced rows swapped in, without a comparison (a
 * live update of a few units does not sort 1,000 rows again); the previous array itself when no
 * row was replaced. Anything else is sorted afresh.
 */
export function resortRows<T>(
  previous: SortedRows<T> | null,
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: SortDirection,
  rowKey: (row: T) => string,
  keyCache?: WeakMap<object, SortKey>,
): readonly T[] {
  if (previous === null || previous.rows.length !== rows.length) return sortRows(rows, value, direction, keyCache);
  if (previous.rows === rows) return previous.sorted;
  let replaced: Map<T, T> | null = null;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as T;
    const before = previous.rows[i] as T;
    if (row === before) continue;
    if (rowKey(row) !== rowKey(before)) return sortRows(rows, value, direction, keyCache);
    // The same value has the same key (no key to compute for it); another value may still have it.
    const same = value(row) === value(before);
    if (same && keyCache !== undefined && typeof row === 'object' && row !== null) keyCache.set(row, cachedKey(before, value, keyCache));
    else if (!same && cachedKey(row, value, keyCache) !== cachedKey(before, value, keyCache)) return sortRows(rows, value, direction, keyCache);
    replaced ??= new Map();
    replaced.set(before, row);
  }
  if (replaced === null) return previous.sorted;
  const swaps = replaced;
  return previous.sorted.map((row) => swaps.get(row) ?? row);
}

/** The default lower bound of a column width (px). */
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 2000;

export function clampWidth(width: number, min = MIN_COLUMN_WIDTH, max = MAX_COLUMN_WIDTH): number {
  if (!Number.isFinite(width)) return min;
  return Math.round(Math.min(max, Math.max(min, width)));
}

/** Column widths: the saved ones (clamped) over the defaults; unknown saved columns are dropped. */
export function resolveWidths(
  columns: readonly { readonly id: string; readonly width: number; readonly minWidth?: number }[],
  saved: Readonly<Record<string, number>> | undefined,
): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const column of columns) {
    const stored = saved?.[column.id];
    widths[column.id] = stored === undefined ? column.width : clampWidth(stored, column.minWidth ?? MIN_COLUMN_WIDTH);
  }
  return widths;
}

/** A saved sort state is used only when it names a sortable column. */
export function resolveSort(saved: SortState | null | undefined, sortable: ReadonlySet<string>, fallback: SortState | null): SortState | null {
  if (saved === null) return null;
  if (saved === undefined) return fallback;
  return sortable.has(saved.column) ? saved : fallback;
}
