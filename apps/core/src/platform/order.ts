/**
 * Orders of lists answered from the read model, the same as the database's `orderBy` gave them:
 * text compares by UTF-16 code units (`<`), as SQLite's BINARY collation and PostgreSQL's C
 * collation order names, never by locale.
 */

/** Text in code-unit order. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By name, then by id (`orderBy: [{ name: 'asc' }, { id: 'asc' }]`). */
export function byNameThenId(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return compareText(a.name, b.name) || compareText(a.id, b.id);
}
