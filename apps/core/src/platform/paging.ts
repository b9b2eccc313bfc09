/**
 * A page of rows the core holds in memory (the read model, or rows read whole and filtered here):
 * the one way a service answers `{ items, total, offset, limit }` from them.
 */
export interface PageQuery {
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/** The rows of the page `q` asks for, in their order. */
export function pageRows<R>(rows: readonly R[], q: PageQuery): R[] {
  return rows.slice(q.offset, q.offset + q.limit);
}

/** The page `q` asks for, each row presented as the answer wants (as it is, without `present`). */
export function pageOf<R>(rows: readonly R[], q: PageQuery): Page<R>;
export function pageOf<R, T>(rows: readonly R[], q: PageQuery, present: (row: R) => T): Page<T>;
export function pageOf<R, T>(rows: readonly R[], q: PageQuery, present?: (row: R) => T): Page<R | T> {
  const page = pageRows(rows, q);
  return { items: present ? page.map(present) : page, total: rows.length, offset: q.offset, limit: q.limit };
}
