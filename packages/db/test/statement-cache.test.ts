/**
 * Compiled statements kept between queries (statement-cache.ts): the same answers as fresh
 * statements, arguments given per call, the least recently used forgotten, and a Prisma client
 * on SQLite that really reuses them.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementStats, transaction, type DbHandle } from '../src/client.js';
import { cacheStatements } from '../src/statement-cache.js';
import { openFresh, sqliteProvider, unitData } from './helpers.js';

/** What Prisma's adapter does with a prepared statement (dist/index.mjs: executeIO, performIO). */
type AdapterView = {
  reader: boolean;
  run(): { changes: number };
  bind(args: unknown[]): { reader: boolean; run(): { changes: number }; columns(): Array<{ name: string }>; raw(): { all(): unknown[] } };
};
const prepareOf = (db: Database.Database) => (sql: string) => (db.prepare as unknown as (s: string) => AdapterView)(sql);

describe('statement cache on a better-sqlite3 connection', () => {
  it('answers as fresh statements do, with each call’s own arguments', () => {
    const db = new Database(':memory:');
    const stats = cacheStatements(db, 4);
    const prepare = prepareOf(db);
    prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)').run();
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ] as const)
      prepare('INSERT INTO t (id, name) VALUES (?, ?)').bind([id, name]).run();
    const select = 'SELECT id, name FROM t WHERE id >= ? ORDER BY id';
    expect(prepare(select).bind([2]).raw().all()).toEqual([
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(prepare(select).bind([3]).raw().all()).toEqual([[3, 'c']]);
    expect(
      prepare(select)
        .bind([3])
        .columns()
        .map((c) => c.name),
    ).toEqual(['id', 'name']);
    expect(prepare(select).reader).toBe(true);
    expect(prepare('UPDATE t SET name = ? WHERE id = ?').bind(['z', 1]).run().changes).toBe(1);
    expect(prepare('UPDATE t SET name = ? WHERE id = ?').reader).toBe(false);
    // A statement that returns rows, run as the adapter runs writes with RETURNING.
    expect(prepare('UPDATE t SET name = ? WHERE id = ? RETURNING name').bind(['y', 2]).raw().all()).toEqual([['y']]);
    expect(stats.prepared).toBe(5);
    expect(stats.reused).toBe(6);
    db.close();
  });

  it('holds at most `size` texts, forgetting the least recently used', () => {
    const db = new Database(':memory:');
    const stats = cacheStatements(db, 2);
    const prepare = prepareOf(db);
    prepare('SELECT 1').bind([]).raw().all();
    prepare('SELECT 2').bind([]).raw().all();
    prepare('SELECT 1').bind([]).raw().all(); // 1 is now the most recent
    prepare('SELECT 3').bind([]).raw().all(); // forgets 2
    expect(stats.held).toBe(2);
    prepare('SELECT 1').bind([]).raw().all();
    expect(stats.reused).toBe(2);
    prepare('SELECT 2').bind([]).raw().all();
    expect(stats.prepared).toBe(4);
    db.close();
  });

  it('keeps statements valid across a schema change', () => {
    const db = new Database(':memory:');
    cacheStatements(db);
    const prepare = prepareOf(db);
    prepare('CREATE TABLE t (id INTEGER)').run();
    prepare('INSERT INTO t (id) VALUES (?)').bind([1]).run();
    prepare('ALTER TABLE t ADD COLUMN extra TEXT').run();
    prepare('INSERT INTO t (id) VALUES (?)').bind([2]).run();
    expect(prepare('SELECT count(*) FROM t').bind([]).raw().all()).toEqual([[2]]);
    db.close();
  });
});

describe('a Prisma client on SQLite', () => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openFresh(sqliteProvider));
  });
  afterAll(async () => cleanup());

  it('reuses the writing connection’s statements, and reads and writes stay right', async () => {
    const before = statementStats(db);
    for (let i = 0; i < 20; i++) await db.prisma.unit.create({ data: unitData(`STMT-${i}`) });
    await Promise.all(Array.from({ length: 20 }, (_, i) => db.prisma.unit.update({ where: { id: `STMT-${i}` }, data: { name: `renamed-${i}` } })));
    await transaction(db, async (tx) => {
      await tx.unit.update({ where: { id: 'STMT-0' }, data: { comment: 'in a transaction' } });
    });
    const after = statementStats(db);
    expect(after.reused - before.reused).toBeGreaterThan(30);
    const rows = await db.prisma.unit.findMany({ where: { id: { startsWith: 'STMT-' } }, orderBy: { id: 'asc' } });
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.name === `renamed-${r.id.slice('STMT-'.length)}`)).toBe(true);
    expect(rows.find((r) => r.id === 'STMT-0')?.comment).toBe('in a transaction');
  });
});
