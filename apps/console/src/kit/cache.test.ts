import { describe, expect, it } from 'vitest';
import { byName, newest, removeFromList, removeFromPage, replaces, upsertInList, upsertInPage } from './cache';

interface Row {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  readonly count?: number;
}

const row = (id: string, name: string, version: number, count = 0): Row => ({ id, name, version, count });
const patch = { key: (r: Row) => r.id, order: byName };

describe('the version rule', () => {
  it('an older copy never replaces a newer one; a newer one always does', () => {
    expect(replaces(row('a', 'A', 1), row('a', 'A', 2))).toBe(false);
    expect(replaces(row('a', 'B', 3), row('a', 'A', 2))).toBe(true);
  });

  it('an equal version replaces only when its content differs (a live field moved without the version)', () => {
    expect(replaces(row('a', 'A', 2), row('a', 'A', 2))).toBe(false);
    expect(replaces(row('a', 'A', 2, 5), row('a', 'A', 2, 4))).toBe(true);
  });

  it('anything replaces nothing; newest keeps the cached reference when nothing changed', () => {
    expect(replaces(row('a', 'A', 1), undefined)).toBe(true);
    const cached = row('a', 'A', 2);
    expect(newest(cached, row('a', 'A', 2))).toBe(cached);
    expect(newest(cached, row('a', 'A', 1))).toBe(cached);
    expect(newest(cached, row('a', 'Z', 3)).name).toBe('Z');
  });
});

describe('list and page patches', () => {
  const list = [row('b', 'Beta', 1), row('d', 'Delta', 1)];

  it('a new row is added in the list order and counted in the page', () => {
    expect(upsertInList(list, row('c', 'Charlie', 1), patch).map((r) => r.id)).toEqual(['b', 'c', 'd']);
    const page = upsertInPage({ items: list, total: 7 }, row('a', 'Alpha', 1), patch);
    expect(page.items.map((r) => r.id)).toEqual(['a', 'b', 'd']);
    expect(page.total).toBe(8);
  });

  it('a changed row is replaced and re-sorted; the total stays', () => {
    const page = upsertInPage({ items: list, total: 2 }, row('b', 'Zulu', 2), patch);
    expect(page.items.map((r) => r.name)).toEqual(['Delta', 'Zulu']);
    expect(page.total).toBe(2);
  });

  it('a stale or identical copy leaves the same array and page (idempotent: events come once per topic)', () => {
    expect(upsertInList(list, row('b', 'Old', 0), patch)).toBe(list);
    expect(upsertInList(list, row('b', 'Beta', 1), patch)).toBe(list);
    const page = { items: list, total: 2 };
    expect(upsertInPage(page, row('d', 'Delta', 1), patch)).toBe(page);
  });

  it('without an order a new row goes last', () => {
    expect(upsertInList(list, row('a', 'Alpha', 1), { key: (r) => r.id }).map((r) => r.id)).toEqual(['b', 'd', 'a']);
  });

  it('a removal drops the row and one from the total, once', () => {
    const page = { items: list, total: 9 };
    const once = removeFromPage(page, 'b', (r: Row) => r.id);
    expect(once.items.map((r) => r.id)).toEqual(['d']);
    expect(once.total).toBe(8);
    expect(removeFromPage(once, 'b', (r: Row) => r.id)).toBe(once);
    expect(removeFromList(list, 'x', (r) => r.id)).toBe(list);
  });
});
