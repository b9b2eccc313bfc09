/**
 * The read model's table: a refresh asked for while a read runs is answered by a read that starts
 * after it (the last read of a row follows the last write to it), columns-only refreshes keep the
 * relations the table holds, rows are frozen, and the order is kept without a re-sort when a row's
 * place does not change.
 */
import { describe, expect, it } from 'vitest';
import { MemoryTable } from './read-model.js';

interface Row {
  id: string;
  name: string;
  tags: string[];
}

/** A fake storage whose reads are released one by one. */
function storage(initial: Row[]) {
  const rows = new Map(initial.map((r) => [r.id, r]));
  const pending: Array<() => void> = [];
  let reads = 0;
  const gate = () => new Promise<void>((resolve) => pending.push(resolve));
  return {
    rows,
    get reads() {
      return reads;
    },
    release: () => pending.shift()?.(),
    get waiting() {
      return pending.length;
    },
    async read(ids: readonly string[] | null): Promise<Row[]> {
      reads++;
      // What the database holds when the read starts.
      const snapshot = (ids ?? [...rows.keys()]).flatMap((id) => (rows.has(id) ? [structuredClone(rows.get(id)!)] : []));
      await gate();
      return snapshot;
    },
  };
}

const byName = (a: Row, b: Row) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const settle = () => new Promise((r) => setImmediate(r));

describe('MemoryTable', () => {
  it('answers a refresh asked for during a read with a later read', async () => {
    const db = storage([{ id: 'a', name: 'A', tags: [] }]);
    const table = new MemoryTable<Row>('units', (ids) => db.read(ids), byName);
    const loaded = table.load();
    db.release();
    await loaded;

    db.rows.set('a', { id: 'a', name: 'A1', tags: [] });
    const first = table.refresh(['a']);
    await settle();
    // A second write lands while the first read is under way; its refresh must see it.
    db.rows.set('a', { id: 'a', name: 'A2', tags: [] });
    let secondDone = false;
    const second = table.refresh(['a']).then(() => (secondDone = true));
    db.release();
    await first;
    expect(secondDone).toBe(false);
    await settle();
    db.release();
    await second;
    expect(table.get('a')?.name).toBe('A2');
    expect(db.reads).toBe(3);
  });

  it('keeps the relations it holds on a columns-only refresh, freezes rows, keeps the order when a row keeps its place', async () => {
    const db = storage([
      { id: 'a', name: 'A', tags: ['g1'] },
      { id: 'b', name: 'B', tags: [] },
    ]);
    const columns = storage([]);
    const table = new MemoryTable<Row>('units', (ids) => db.read(ids), byName, {
      read: async (ids) => {
        const out = ids.map((id) => ({ id, name: db.rows.get(id)!.name }));
        return out;
      },
      merge: (held, fresh) => ({ ...held, ...(fresh as Pick<Row, 'id' | 'name'>), tags: held.tags }),
    });
    const loaded = table.load();
    db.release();
    await loaded;
    const order = table.all();
    expect(order.map((r) => r.id)).toEqual(['a', 'b']);
    expect(Object.isFrozen(table.get('a'))).toBe(true);
    expect(() => (table.get('a')!.tags as string[]).push('x')).toThrow(TypeError);

    // The database's tags change too, but a columns-only refresh does not read them.
    db.rows.set('a', { id: 'a', name: 'A', tags: ['changed'] });
    await table.refresh(['a'], true);
    expect(columns.reads).toBe(0);
    expect(table.get('a')?.tags).toEqual(['g1']);
    // Same place: the same array, patched.
    expect(table.all()).toBe(order);
    expect(table.all()[0]).toBe(table.get('a'));

    // A rename that moves the row: a new order.
    db.rows.set('a', { id: 'a', name: 'C', tags: ['g1'] });
    await table.refresh(['a'], true);
    expect(table.all()).not.toBe(order);
    expect(table.all().map((r) => r.id)).toEqual(['b', 'a']);

    // Gone from storage: gone from the table.
    db.rows.delete('b');
    const gone = table.refresh(['b']);
    await settle();
    db.release();
    await gone;
    expect(table.get('b')).toBeUndefined();
    expect(table.all().map((r) => r.id)).toEqual(['a']);
  });

  it('tells listeners why a row was read: the first load, this instance’s write, or another instance’s', async () => {
    const db = storage([
      { id: 'a', name: 'A', tags: [] },
      { id: 'b', name: 'B', tags: [] },
    ]);
    const table = new MemoryTable<Row>('units', (ids) => db.read(ids), byName);
    const seen: string[] = [];
    table.onChange((id, _row, origin) => seen.push(`${id}:${origin}`));
    const loaded = table.load();
    db.release();
    await loaded;
    const local = table.refresh(['a']);
    // Asked for while the local read is under way: read by the next read, as another instance's.
    await settle();
    const remote = table.refresh(['b'], false, 'remote');
    db.release();
    await settle();
    db.release();
    await Promise.all([local, remote]);
    expect(seen).toEqual(['a:load', 'b:load', 'a:local', 'b:remote']);
  });

  it('applies a patch of known columns without a read, as this instance’s change, keeping the rest of the row', async () => {
    const db = storage([
      { id: 'a', name: 'A', tags: ['t'] },
      { id: 'b', name: 'B', tags: [] },
    ]);
    const table = new MemoryTable<Row>('units', (ids) => db.read(ids), byName);
    const seen: string[] = [];
    table.onChange((id, row, origin) => seen.push(`${id}:${row?.name}:${origin}`));
    const loaded = table.load();
    db.release();
    await loaded;
    const reads = db.reads;
    expect(table.patch('a', { name: 'Z' })).toBe(true);
    expect(db.reads).toBe(reads);
    expect(table.get('a')).toEqual({ id: 'a', name: 'Z', tags: ['t'] });
    expect(Object.isFrozen(table.get('a'))).toBe(true);
    expect(table.all().map((r) => r.id)).toEqual(['b', 'a']);
    expect(seen.at(-1)).toBe('a:Z:local');
    // A row the table does not hold is not made up from a patch.
    expect(table.patch('c', { name: 'C' })).toBe(false);
    expect(table.get('c')).toBeUndefined();
  });

  it('refuses a patch of a row a read under way covers (that read may bring back the row from before the write)', async () => {
    const db = storage([
      { id: 'a', name: 'A', tags: [] },
      { id: 'b', name: 'B', tags: [] },
    ]);
    const table = new MemoryTable<Row>('units', (ids) => db.read(ids), byName);
    const loaded = table.load();
    db.release();
    await loaded;
    const reading = table.refresh(['a']);
    await settle();
    expect(table.patch('a', { name: 'A2' })).toBe(false);
    // Another row is not covered by that read.
    expect(table.patch('b', { name: 'B2' })).toBe(true);
    db.release();
    await reading;
    expect(table.patch('a', { name: 'A3' })).toBe(true);
    // While the whole table is read, no row is patched.
    const all = table.refresh(null);
    await settle();
    expect(table.patch('b', { name: 'B3' })).toBe(false);
    db.release();
    await all;
    expect(table.get('b')?.name).toBe('B');
  });
});
