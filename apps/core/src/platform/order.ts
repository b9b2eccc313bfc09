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

/**
 * Text the way people count: runs of digits compare by their value (`CH2` before `CH10`), the rest
 * in code-unit order as {@link compareText}; equal by that, in code-unit order.
 */
export function compareNatural(a: string, b: string): number {
  const xs = a.match(DIGITS_OR_NOT) ?? [];
  const ys = b.match(DIGITS_OR_NOT) ?? [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x === y) continue;
    const nx = DIGITS.test(x);
    const ny = DIGITS.test(y);
    if (nx && ny) {
      // Compare digit runs by value without Number's precision limits: shorter (leading zeros aside) is smaller.
      const tx = x.replace(/^0+(?=\d)/, '');
      const ty = y.replace(/^0+(?=\d)/, '');
      if (tx.length !== ty.length) return tx.length - ty.length;
      if (tx !== ty) return compareText(tx, ty);
      continue;
    }
    return compareText(x, y);
  }
  return xs.length - ys.length || compareText(a, b);
}

const DIGITS_OR_NOT = /\d+|\D+/g;
const DIGITS = /^\d+$/;
