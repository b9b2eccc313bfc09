import { describe, expect, it, vi } from 'vitest';
import { clampWidth, compareSortValues, naturalKey, nextSortState, resolveSort, resolveWidths, resortRows, sortRows } from './gridSort';

describe('nextSortState', () => {
  it.each([
    [null, 'name', { column: 'name', direction: 'asc' }],
    [{ column: 'name', direction: 'asc' } as const, 'name', { column: 'name', direction: 'desc' }],
    [{ column: 'name', direction: 'desc' } as const, 'name', null],
    [{ column: 'name', direction: 'desc' } as const, 'type', { column: 'type', direction: 'asc' }],
  ])('%j + click %s → %j', (current, column, expected) => {
    expect(nextSortState(current, column)).toEqual(expected);
  });
});

describe('naturalKey / compareSortValues', () => {
  it('orders numbers inside text by value, case-insensitively', () => {
    const names = ['unit-10', 'Unit-9', 'unit-009b', 'alpha', 'Beta', 'unit-100'];
    expect([...names].sort((a, b) => compareSortValues(a, b))).toEqual(['alpha', 'Beta', 'Unit-9', 'unit-009b', 'unit-10', 'unit-100']);
    expect(naturalKey('A1') < naturalKey('a2')).toBe(true);
  });

  it.each([
    [1, 2, -1],
    [2, 1, 1],
    [3, 3, 0],
    [null, 1, 1],
    [1, null, -1],
    [undefined, null, 0],
    [true, false, 1],
    [Number.NaN, 0, 1],
  ])('compare(%j, %j) has the sign of %d', (a, b, sign) => {
    expect(Math.sign(compareSortValues(a, b))).toBe(sign);
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 'a', name: 'LU800-0010', kbps: 300 },
    { id: 'b', name: 'lu800-0002', kbps: null },
    { id: 'c', name: 'LU800-0002', kbps: 900 },
    { id: 'd', name: 'LU200-0001', kbps: 0 },
  ];

  it('sorts ascending and descending, stable, no value last', () => {
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(sortRows(rows, (r) => r.name, 'desc').map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(sortRows(rows, (r) => r.kbps, 'asc').map((r) => r.id)).toEqual(['d', 'a', 'c', 'b']);
    expect(sortRows(rows, (r) => r.kbps, 'desc').map((r) => r.id)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('reuses cached keys of unchanged rows', () => {
    const cache = new WeakMap<object, string | number | null>();
    let calls = 0;
    const value = (r: (typeof rows)[number]) => {
      calls += 1;
      return r.name;
    };
    expect(sortRows(rows, value, 'asc', cache).map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(calls).toBe(4);
    const next = [...rows.slice(0, 3), { id: 'd', name: 'LU900-0001', kbps: 0 }];
    expect(sortRows(next, value, 'desc', cache).map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(calls).toBe(5);
  });

  it('does not change its input', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.name, 'desc');
    expect(rows).toEqual(copy);
  });

  it('sorts 10,000 rows', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `SIM-${(i * 7919) % 10_000}` }));
    const sorted = sortRows(many, (r) => r.name, 'asc');
    expect(sorted[0]?.name).toBe('SIM-0');
    expect(sorted[9_999]?.name).toBe('SIM-9999');
  });
});

describe('resortRows', () => {
  type Row = { readonly id: string; readonly name: string; readonly kbps: number | null };
  const rows: readonly Row[] = [
    { id: 'a', name: 'LU800-0010', kbps: 300 },
    { id: 'b', name: 'lu800-0002', kbps: null },
    { id: 'c', name: 'LU800-0002', kbps: 900 },
    { id: 'd', name: 'LU200-0001', kbps: 0 },
  ];
  const byName = (r: Row) => r.name;
  const idOf = (r: Row) => r.id;
  const ids = (list: readonly Row[]) => list.map(idOf);

  it('keeps the previous order, without sorting, when the replaced rows keep their sort keys', () => {
    const cache = new WeakMap<object, string | number | null>();
    const sorted = sortRows(rows, byName, 'asc', cache);
    const live = rows.map((r) => (r.id === 'c' ? { ...r, kbps: 1 } : r));
    const sort = vi.spyOn(Array.prototype, 'sort');
    try {
      const resorted = resortRows({ rows, sorted }, live, byName, 'asc', idOf, cache);
      expect(ids(resorted)).toEqual(['d', 'b', 'c', 'a']);
      expect(resorted[2]).toBe(live[2]);
      // Nothing replaced: the previous array itself.
      expect(resortRows({ rows, sorted }, [...rows], byName, 'asc', idOf, cache)).toBe(sorted);
      expect(sort).not.toHaveBeenCalled();
    } finally {
      sort.mockRestore();
    }
  });

  it('sorts again when a sort key changed, rows moved, or rows came or went', () => {
    const cache = new WeakMap<object, string | number | null>();
    const previous = { rows, sorted: sortRows(rows, byName, 'asc', cache) };
    const renamed = rows.map((r) => (r.id === 'a' ? { ...r, name: 'LU100-0001' } : r));
    expect(ids(resortRows(previous, renamed, byName, 'asc', idOf, cache))).toEqual(['a', 'd', 'b', 'c']);
    // b and c have equal keys: their input order decides.
    const moved = [rows[0], rows[2], rows[1], rows[3]] as Row[];
    expect(ids(resortRows(previous, moved, byName, 'asc', idOf, cache))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(resortRows(previous, rows.slice(0, 3), byName, 'asc', idOf, cache))).toEqual(['b', 'c', 'a']);
    expect(ids(resortRows(null, rows, byName, 'desc', idOf, cache))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('widths and saved sort', () => {
  const columns = [
    { id: 'name', width: 200 },
    { id: 'type', width: 120, minWidth: 80 },
  ];

  it('clamps', () => {
    expect(clampWidth(10)).toBe(48);
    expect(clampWidth(99_999)).toBe(2000);
    expect(clampWidth(Number.NaN)).toBe(48);
    expect(clampWidth(150.4)).toBe(150);
  });

  it('takes saved widths over defaults and drops unknown columns', () => {
    expect(resolveWidths(columns, undefined)).toEqual({ name: 200, type: 120 });
    expect(resolveWidths(columns, { name: 321, type: 20, gone: 99 })).toEqual({ name: 321, type: 80 });
  });

  it('uses a saved sort only on a sortable column', () => {
    const sortable = new Set(['name']);
    const fallback = { column: 'name', direction: 'asc' } as const;
    expect(resolveSort(undefined, sortable, fallback)).toBe(fallback);
    expect(resolveSort(null, sortable, fallback)).toBeNull();
    expect(resolveSort({ column: 'name', direction: 'desc' }, sortable, fallback)).toEqual({ column: 'name', direction: 'desc' });
    expect(resolveSort({ column: 'gone', direction: 'desc' }, sortable, fallback)).toBe(fallback);
  });
});
