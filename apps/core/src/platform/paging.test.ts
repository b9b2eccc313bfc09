import { describe, expect, it } from 'vitest';
import { pageOf, pageRows } from './paging.js';

describe('pageOf', () => {
  const rows = ['a', 'b', 'c', 'd', 'e'];

  it('answers the asked page with the total of every row', () => {
    expect(pageOf(rows, { offset: 1, limit: 2 })).toEqual({ items: ['b', 'c'], total: 5, offset: 1, limit: 2 });
  });

  it('presents each row of the page, and only those', () => {
    const seen: string[] = [];
    const page = pageOf(rows, { offset: 3, limit: 10 }, (r) => (seen.push(r), r.toUpperCase()));
    expect(page).toEqual({ items: ['D', 'E'], total: 5, offset: 3, limit: 10 });
    expect(seen).toEqual(['d', 'e']);
  });

  it('answers an empty page past the end', () => {
    expect(pageOf(rows, { offset: 9, limit: 2 })).toEqual({ items: [], total: 5, offset: 9, limit: 2 });
    expect(pageRows(rows, { offset: 0, limit: 0 })).toEqual([]);
  });
});
