/**
 * Row updates outside Prisma's pipeline (`updateRow` / `executeStatement`), on both providers: they
 * store what the Prisma update they replace would store, honour the version condition, fail alone
 * on a unique violation, join a `transaction()` callback (and roll back with it), and tell the
 * write feed exactly what they changed, after the commit and before their caller hears back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commitStats, createDb, transaction, watchWrites, type DbHandle } from '../src/client.js';
import type { WriteChange } from '../src/write-feed.js';
import { rowsUpsert, rowUpdate, updateRow, type RowTable } from '../src/row-writes.js';
import { executeStatement } from '../src/client.js';
import { describeEachProvider, openFresh, sqliteProvider, unitData } from './helpers.js';

const UNIT = {
  model: 'Unit',
  updatedAt: true,
  columns: {
    name: 'string',
    comment: 'string',
    configuration: 'json',
    filenamePrefix: 'string',
    hasExtender: 'boolean',
    latitude: 'float',
    lastReboot: 'datetime',
  },
} as const satisfies RowTable<Record<string, 'string' | 'json' | 'boolean' | 'float' | 'datetime'>>;

describeEachProvider('row updates outside Prisma', (p) => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openFresh(p));
    for (const id of ['ROW-1', 'ROW-2', 'ROW-3', 'ROW-4']) await db.prisma.unit.create({ data: unitData(id) });
  });
  afterAll(async () => cleanup());

  it('stores each kind of column as Prisma does, moves the version on when asked and sets updatedAt', async () => {
    const before = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-1' } });
    const reboot = new Date('2026-11-24T10:11:12.345Z');
    const set = {
      comment: 'c1',
      configuration: { delay: 800, paths: [{ a: 'x' }] },
      filenamePrefix: null,
      hasExtender: true,
      latitude: 48.5,
      lastReboot: reboot,
    };
    expect(await updateRow(db, UNIT, { id: 'ROW-1' }, set, { incrementVersion: true })).toBe(1);
    // The same change through Prisma on a twin row: both read back alike.
    await db.prisma.unit.update({ where: { id: 'ROW-2' }, data: { ...set, version: { increment: 1 } } });
    const [a, b] = await Promise.all(['ROW-1', 'ROW-2'].map((id) => db.prisma.unit.findUniqueOrThrow({ where: { id } })));
    const same = (r: typeof a) => ({ ...r, id: undefined, name: undefined, serialNumber: undefined, createdAt: undefined, updatedAt: undefined });
    expect(same(a!)).toEqual(same(b!));
    expect(a!.version).toBe(before.version + 1);
    expect(a!.lastReboot?.toISOString()).toBe(reboot.toISOString());
    expect(a!.configuration).toEqual({ delay: 800, paths: [{ a: 'x' }] });
    expect(a!.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime() - 1);
    // Without incrementVersion the version stays.
    await updateRow(db, UNIT, { id: 'ROW-1' }, { comment: 'c2' });
    expect((await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-1' } })).version).toBe(a!.version);
  });

  it('changes nothing and answers 0 when the version no longer matches or the row is unknown', async () => {
    const row = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-3' } });
    expect(await updateRow(db, UNIT, { id: 'ROW-3', version: row.version + 5 }, { comment: 'stale' }, { incrementVersion: true })).toBe(0);
    expect(await updateRow(db, UNIT, { id: 'NO-SUCH-UNIT' }, { comment: 'x' })).toBe(0);
    expect(await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-3' } })).toEqual(row);
    expect(await updateRow(db, UNIT, { id: 'ROW-3', version: row.version }, { comment: 'fresh' }, { incrementVersion: true })).toBe(1);
    expect(await updateRow(db, UNIT, { id: 'ROW-3', version: row.version }, { comment: 'again' }, { incrementVersion: true })).toBe(0);
    expect((await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-3' } })).comment).toBe('fresh');
  });

  it('fails alone on a unique violation, with the adapter naming the kind', async () => {
    const seen: WriteChange[] = [];
    const stop = watchWrites(db, (changes) => void seen.push(...changes));
    try {
      const results = await Promise.allSettled([
        updateRow(db, UNIT, { id: 'ROW-4' }, { name: 'ROW-1' }),
        updateRow(db, UNIT, { id: 'ROW-4' }, { comment: 'kept' }),
      ]);
      expect(results[0]!.status).toBe('rejected');
      const error = (results[0] as PromiseRejectedResult).reason as { name: string; cause: { kind: string } };
      expect(error.name).toBe('DriverAdapterError');
      expect(error.cause.kind).toBe('UniqueConstraintViolation');
      expect(results[1]).toEqual({ status: 'fulfilled', value: 1 });
      const row = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-4' } });
      expect([row.name, row.comment]).toEqual(['ROW-4', 'kept']);
      expect(seen.map((c) => [c.model, c.operation, c.args, c.result])).toEqual([['Unit', 'updateMany', { where: { id: 'ROW-4' } }, { count: 1 }]]);
    } finally {
      stop();
    }
  });

  it('reports the write to the feed before its caller hears back, with the row committed', async () => {
    const committed: Array<string | undefined> = [];
    const stop = watchWrites(db, async (changes) => {
      for (const c of changes) if (c.model === 'Unit') committed.push((await db.prisma.unit.findUnique({ where: { id: 'ROW-2' } }))?.comment);
    });
    try {
      const row = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-2' } });
      const done = updateRow(db, UNIT, { id: 'ROW-2', version: row.version }, { comment: 'fed' }, { incrementVersion: true });
      expect(committed).toEqual([]);
      await done;
      expect(committed).toEqual(['fed']);
    } finally {
      stop();
    }
  });

  it('joins a transaction() callback: rolled back with it, reported with it, and only as the row it changed', async () => {
    const seen: WriteChange[] = [];
    const stop = watchWrites(db, (changes) => void seen.push(...changes));
    try {
      await expect(
        transaction(db, async () => {
          await updateRow(db, UNIT, { id: 'ROW-3' }, { comment: 'rolled back' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-3' } })).comment).toBe('fresh');
      expect(seen).toEqual([]);
      await transaction(db, async (tx) => {
        await updateRow(db, UNIT, { id: 'ROW-3' }, { comment: 'in tx' });
        // The transaction's own reads see it.
        expect((await tx.unit.findUniqueOrThrow({ where: { id: 'ROW-3' } })).comment).toBe('in tx');
      });
      expect((await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-3' } })).comment).toBe('in tx');
      expect(seen.map((c) => [c.model, c.operation, c.args, c.result])).toEqual([['Unit', 'updateMany', { where: { id: 'ROW-3' } }, { count: 1 }]]);
    } finally {
      stop();
    }
  });

  it('tells the feed the row’s columns after the write when all of them are known', async () => {
    const seen: WriteChange[] = [];
    const stop = watchWrites(db, (changes) => void seen.push(...changes));
    try {
      const row = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-2' } });
      await updateRow(db, UNIT, { id: 'ROW-2', version: row.version }, { comment: 'known', configuration: { k: [1, 'x'] } }, { incrementVersion: true });
      const stored = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'ROW-2' } });
      expect(seen[0]!.row).toEqual({
        id: 'ROW-2',
        columns: { comment: 'known', configuration: { k: [1, 'x'] }, version: stored.version, updatedAt: stored.updatedAt },
      });
      // The version moved on from a version the write did not check: unknown, so no row.
      await updateRow(db, UNIT, { id: 'ROW-2' }, { comment: 'unknown version' }, { incrementVersion: true });
      expect(seen[1]!.row).toBeUndefined();
      // Nothing matched: nothing to tell.
      await updateRow(db, UNIT, { id: 'ROW-2', version: 0 }, { comment: 'stale' }, { incrementVersion: true });
      expect(seen[2]!.row).toBeUndefined();
      expect(seen[2]!.result).toEqual({ count: 0 });
    } finally {
      stop();
    }
  });

  it('builds each statement text once per shape, with the provider’s placeholders', () => {
    const a = rowUpdate(db, UNIT, { id: 'x', version: 1 }, { comment: 'a', configuration: {} }, { incrementVersion: true });
    const b = rowUpdate(db, UNIT, { id: 'y', version: 2 }, { comment: 'b', configuration: { k: 1 } }, { incrementVersion: true });
    expect(b.sql).toBe(a.sql);
    expect(a.args.slice(0, 2)).toEqual(['a', '{}']);
    const placeholder = p.provider === 'postgresql' ? '$1' : '?';
    expect(a.sql).toContain(`"comment" = ${placeholder}`);
    expect(a.sql).toContain('"version" = "version" + 1');
    expect(() => rowUpdate(db, UNIT, { id: 'x' }, { nope: 1 } as never)).toThrow(/not a declared column/);
  });

  it('writes many rows in one statement as Prisma’s upsert would, row by row: new rows created, existing ones updated', async () => {
    const FILE = {
      model: 'File',
      insert: { unitId: 'string', kind: 'string' },
      set: { fileName: 'string', sizeBytes: 'bigint', lastModified: 'datetime', isTransferring: 'boolean', status: 'string', progress: 'float' },
      createdAt: true,
      updatedAt: true,
    } as const;
    const at = new Date('2026-11-29T08:00:00.000Z');
    const set = (name: string, progress: number) => ({
      fileName: name,
      sizeBytes: 5_000_000_000n,
      lastModified: at,
      isTransferring: progress < 100,
      status: null,
      progress,
    });
    // One file exists already (at version 0), as Prisma's upsert made it.
    await db.prisma.file.upsert({ where: { id: 'F-1' }, create: { id: 'F-1', unitId: 'ROW-1', kind: 'recorded', ...set('a', 10) }, update: {} });
    const seen: WriteChange[] = [];
    const stop = watchWrites(db, (changes) => void seen.push(...changes));
    try {
      const rows = [
        { id: 'F-1', insert: { unitId: 'ROW-1', kind: 'recorded' }, set: set('a', 55.5) },
        { id: 'F-2', insert: { unitId: 'ROW-2', kind: 'recorded' }, set: set('b', 100) },
      ];
      expect(await executeStatement(db, rowsUpsert(db, FILE, rows, { incrementVersion: true }))).toBe(2);
      // The same through Prisma on twin rows: both read back alike.
      await db.prisma.file.upsert({ where: { id: 'T-1' }, create: { id: 'T-1', unitId: 'ROW-1', kind: 'recorded', ...set('a', 10) }, update: {} });
      for (const r of [
        { ...rows[0]!, id: 'T-1' },
        { ...rows[1]!, id: 'T-2' },
      ])
        await db.prisma.file.upsert({ where: { id: r.id }, create: { id: r.id, ...r.insert, ...r.set }, update: { ...r.set, version: { increment: 1 } } });
      const read = (id: string) => db.prisma.file.findUniqueOrThrow({ where: { id } });
      const same = (r: Awaited<ReturnType<typeof read>>) => ({ ...r, id: undefined, createdAt: undefined, updatedAt: undefined });
      for (const [a, b] of [
        ['F-1', 'T-1'],
        ['F-2', 'T-2'],
      ] as const)
        expect(same(await read(a))).toEqual(same(await read(b)));
      const updated = await read('F-1');
      expect([updated.version, updated.progress, updated.sizeBytes, updated.lastModified?.toISOString()]).toEqual([1, 55.5, 5_000_000_000n, at.toISOString()]);
      expect((await read('F-2')).version).toBe(0);
      expect(seen[0]).toMatchObject({ model: 'File', operation: 'upsert', args: { where: { id: { in: ['F-1', 'F-2'] } } }, result: { count: 2 } });
      // A row that breaks a constraint (no such unit) fails the statement, and writes none of it.
      const orphan = { id: 'F-3', insert: { unitId: 'NO-SUCH-UNIT', kind: 'recorded' }, set: set('c', 1) };
      await expect(executeStatement(db, rowsUpsert(db, FILE, [{ ...rows[1]!, set: set('b', 1) }, orphan]))).rejects.toThrow();
      expect((await read('F-2')).progress).toBe(100);
      expect(await db.prisma.file.findUnique({ where: { id: 'F-3' } })).toBeNull();
      expect(() => rowsUpsert(db, FILE, [])).toThrow(/0 rows/);
    } finally {
      stop();
    }
  });

  it('meets rows on another unique key and adds to the stored amounts, as Prisma’s upsert with increment would', async () => {
    const USAGE = {
      model: 'UsageRecord',
      insert: { unitId: 'string', periodStart: 'datetime', periodEnd: 'datetime' },
      set: { dataBytes: 'bigint', seconds: 'int' },
      createdAt: true,
      updatedAt: true,
      conflict: ['unitId', 'periodStart'],
      accumulate: ['dataBytes', 'seconds'],
    } as const;
    const day = new Date('2026-11-29T00:00:00.000Z');
    const next = new Date('2026-11-30T00:00:00.000Z');
    const key = { unitId: 'ROW-1', periodStart: day, periodEnd: next };
    // ROW-1's record of the day exists (as Prisma made it); ROW-2 has none.
    await db.prisma.usageRecord.create({ data: { id: 'U-1', ...key, dataBytes: 5_000_000_000n, seconds: 60 } });
    const seen: WriteChange[] = [];
    const stop = watchWrites(db, (changes) => void seen.push(...changes));
    try {
      const rows = [
        { id: 'new-1', insert: key, set: { dataBytes: 7n, seconds: 3 } },
        { id: 'new-2', insert: { ...key, unitId: 'ROW-2' }, set: { dataBytes: 9n, seconds: 4 } },
      ];
      expect(await executeStatement(db, rowsUpsert(db, USAGE, rows))).toBe(2);
      const records = await db.prisma.usageRecord.findMany({ orderBy: { unitId: 'asc' } });
      expect(records.map((r) => [r.id, r.unitId, r.periodStart.toISOString(), r.periodEnd.toISOString(), r.dataBytes, r.seconds])).toEqual([
        // Met on the unit and the day: the stored row keeps its id, its amounts added to.
        ['U-1', 'ROW-1', day.toISOString(), next.toISOString(), 5_000_000_007n, 63],
        ['new-2', 'ROW-2', day.toISOString(), next.toISOString(), 9n, 4],
      ]);
      // Prisma reads the row the statement made as one of its own (defaults included).
      expect(records[1]).toMatchObject({ details: {}, version: 0 });
      // The ids say nothing of which rows changed: the feed hears of the model.
      expect(seen[0]).toMatchObject({ model: 'UsageRecord', operation: 'upsert', args: {}, result: { count: 2 } });
    } finally {
      stop();
    }
  });

  if (p.provider === 'sqlite') {
    it('commits concurrent statements in shared groups', async () => {
      const before = commitStats(db);
      await Promise.all(Array.from({ length: 40 }, (_, i) => updateRow(db, UNIT, { id: `ROW-${1 + (i % 4)}` }, { comment: `g${i}` })));
      const after = commitStats(db);
      expect(after.writes - before.writes).toBe(40);
      expect(after.groups - before.groups).toBeLessThan(5);
    });

    it('lets the event loop turn between groups: a burst of writes does not hold up what is due meanwhile', async () => {
      const before = commitStats(db).writes;
      const burst = Array.from({ length: 600 }, (_, i) => updateRow(db, UNIT, { id: `ROW-${1 + (i % 4)}` }, { comment: `burst ${i}` }));
      // Due in the same turn as the first group: it runs once that group is committed, not after the whole burst.
      const committedThen = await new Promise<number>((resolve) => setImmediate(() => resolve(commitStats(db).writes - before)));
      await Promise.all(burst);
      expect(commitStats(db).writes - before).toBe(600);
      expect(committedThen).toBeGreaterThan(0);
      expect(committedThen).toBeLessThan(600);
    });

    it('runs alone under the connection lock when writes are not grouped', async () => {
      const fresh = await sqliteProvider.fresh();
      const plain = await createDb({ url: fresh.url, groupWrites: false });
      try {
        await plain.prisma.unit.create({ data: unitData('PLAIN-1') });
        const seen: WriteChange[] = [];
        const stop = watchWrites(plain, (changes) => void seen.push(...changes));
        const results = await Promise.all([
          updateRow(plain, UNIT, { id: 'PLAIN-1' }, { comment: 'a' }),
          transaction(plain, async (tx) => {
            await updateRow(plain, UNIT, { id: 'PLAIN-1' }, { comment: 'b' });
            return (await tx.unit.findUniqueOrThrow({ where: { id: 'PLAIN-1' } })).comment;
          }),
        ]);
        stop();
        expect(results).toEqual([1, 'b']);
        expect((await plain.prisma.unit.findUniqueOrThrow({ where: { id: 'PLAIN-1' } })).comment).toBe('b');
        expect(commitStats(plain)).toEqual({ groups: 0, writes: 0 });
        expect(seen.map((c) => c.row?.columns.comment)).toEqual(['a', 'b']);
      } finally {
        await plain.close();
        await fresh.destroy();
      }
    });

    it('settles a transaction() callback that hands back a Prisma query without awaiting it', async () => {
      // The lazy query starts inside the group's transaction, not outside it waiting for the lock the group holds.
      const result = await transaction(db, (tx) => tx.unit.updateMany({ where: { id: 'ROW-1' }, data: { comment: 'lazy' } }));
      expect(result).toEqual({ count: 1 });
    });
  }
});
