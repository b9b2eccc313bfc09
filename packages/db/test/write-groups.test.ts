/**
 * Grouped commits (SQLite) and the write feed (both providers): concurrent writes share commits,
 * each write succeeds or fails alone, nothing is reported or acknowledged before it is committed,
 * and the feed reports exactly the committed writes before their callers hear back.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commitStats, createDb, transaction, watchWrites, type DbHandle } from '../src/client.js';
import type { WriteChange } from '../src/write-feed.js';
import { sqlitePathOf } from '../src/url.js';
import { deferred, describeEachProvider, openFresh, sqliteProvider, unitData, describeSqlite } from './helpers.js';

describeEachProvider('write feed', (p) => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openFresh(p));
  });
  afterAll(async () => cleanup());

  it('reports each committed write once, after its commit and before its caller hears back', async () => {
    const seen: WriteChange[] = [];
    const visibleAtReport: boolean[] = [];
    const stop = watchWrites(db, async (changes) => {
      for (const c of changes) {
        seen.push(c);
        if (c.model === 'Unit' && c.operation === 'create') {
          // A fresh read from the listener sees the committed row.
          const id = (c.result as { id: string }).id;
          visibleAtReport.push((await db.prisma.unit.findUnique({ where: { id } })) !== null);
        }
      }
    });
    try {
      const before = seen.length;
      await db.prisma.unit.create({ data: unitData('FEED-1') });
      // The listener ran before create() resolved.
      expect(seen.length).toBe(before + 1);
      await db.prisma.unit.update({ where: { id: 'FEED-1' }, data: { name: 'FEED-1b' } });
      await transaction(db, async (tx) => {
        await tx.unit.create({ data: unitData('FEED-2') });
        await tx.unit.updateMany({ where: { id: 'FEED-2' }, data: { comment: 'x' } });
      });
      const ops = seen.slice(before).map((c) => `${c.model}.${c.operation}`);
      expect(ops).toEqual(['Unit.create', 'Unit.update', 'Unit.create', 'Unit.updateMany']);
      expect(visibleAtReport).toEqual([true, true]);
      expect(seen.at(-1)!.args).toEqual({ where: { id: 'FEED-2' }, data: { comment: 'x' } });
    } finally {
      stop();
    }
  });

  it('reports nothing of a rolled-back transaction or a failed write', async () => {
    const seen: WriteChange[] = [];
    const stop = watchWrites(db, (changes) => void seen.push(...changes));
    try {
      await expect(
        transaction(db, async (tx) => {
          await tx.unit.create({ data: unitData('FEED-RB') });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await db.prisma.unit.create({ data: unitData('FEED-DUP') });
      await expect(db.prisma.unit.create({ data: unitData('FEED-DUP') })).rejects.toThrow();
      expect(seen.map((c) => `${c.model}.${c.operation}:${(c.result as { id?: string }).id}`)).toEqual(['Unit.create:FEED-DUP']);
      expect(await db.prisma.unit.findUnique({ where: { id: 'FEED-RB' } })).toBeNull();
    } finally {
      stop();
    }
  });
});

describeSqlite('grouped commits [sqlite]', () => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    ({ db, cleanup, url } = await openFresh(sqliteProvider));
  });
  afterAll(async () => cleanup());

  it('commits concurrent writes together, and each is committed when its caller hears back', async () => {
    // A second, independent connection sees only committed data.
    const other = new Database(sqlitePathOf(url), { readonly: true });
    try {
      const before = commitStats(db);
      const committedAtAck: boolean[] = [];
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          db.prisma.unit.create({ data: unitData(`G-${i}`) }).then(() => {
            committedAtAck.push(other.prepare('SELECT 1 FROM "Unit" WHERE "id" = ?').get(`G-${i}`) !== undefined);
          }),
        ),
      );
      const after = commitStats(db);
      expect(after.writes - before.writes).toBe(100);
      // One turn of the event loop issued them all: far fewer commits than writes.
      expect(after.groups - before.groups).toBeLessThanOrEqual(5);
      expect(committedAtAck).toEqual(Array.from({ length: 100 }, () => true));
    } finally {
      other.close();
    }
  });

  it('a failing write or transaction in a group rolls back alone', async () => {
    await db.prisma.unit.create({ data: unitData('G-TAKEN') });
    const results = await Promise.allSettled([
      db.prisma.unit.create({ data: unitData('G-OK-1') }),
      db.prisma.unit.create({ data: unitData('G-TAKEN') }),
      transaction(db, async (tx) => {
        await tx.unit.create({ data: unitData('G-TX-GONE') });
        throw new Error('roll back');
      }),
      transaction(db, async (tx) => {
        await tx.unit.create({ data: unitData('G-TX-KEPT') });
        // A nested write (Prisma opens its own transaction for it): a savepoint inside the group.
        await tx.inventory.create({ data: { name: 'G-INV', groups: { create: [{ name: 'G-GROUP' }] } } });
      }),
      db.prisma.unit.create({ data: unitData('G-OK-2') }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    const ids = (await db.prisma.unit.findMany({ where: { id: { startsWith: 'G-' } }, select: { id: true } })).map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining(['G-OK-1', 'G-OK-2', 'G-TX-KEPT', 'G-TAKEN']));
    expect(ids).not.toContain('G-TX-GONE');
    expect(await db.prisma.group.count({ where: { name: 'G-GROUP' } })).toBe(1);
  });

  it('reads never see a group before it commits', async () => {
    const writes = Array.from({ length: 20 }, (_, i) => db.prisma.unit.create({ data: unitData(`R-${i}`) }));
    // Issued in the same turn, after the writes: waits for the group's commit, then sees all of it.
    const count = db.prisma.unit.count({ where: { id: { startsWith: 'R-' } } });
    await Promise.all(writes);
    expect([0, 20]).toContain(await count);
  });

  it('reads outside transactions neither wait for an open group nor see its writes', async () => {
    const opened = deferred();
    const finish = deferred();
    const group = transaction(db, async (tx) => {
      await tx.unit.create({ data: unitData('OPEN-1') });
      opened.resolve();
      await finish.promise;
    });
    await opened.promise;
    // The group holds the writing connection's lock; the read runs on the reading connection.
    const seen = await Promise.race([
      db.prisma.unit.findUnique({ where: { id: 'OPEN-1' } }).then((row) => (row ? 'uncommitted row' : 'nothing')),
      new Promise<string>((r) => setTimeout(() => r('waited for the group'), 2000)),
    ]);
    finish.resolve();
    await group;
    expect(seen).toBe('nothing');
    expect(await db.prisma.unit.findUnique({ where: { id: 'OPEN-1' } })).not.toBeNull();
  });

  it('commits queued writes before closing, and refuses (never crashes on) a write after close', async () => {
    const other = await createDb({ url });
    // Started (Prisma promises are lazy) and queued for the next group: then the handle is closed.
    const queued = Array.from({ length: 10 }, (_, i) => other.prisma.unit.create({ data: unitData(`CLOSE-${i}`) }).then((u) => u));
    await new Promise((r) => setImmediate(r));
    await other.close();
    await Promise.all(queued);
    expect(await db.prisma.unit.count({ where: { id: { startsWith: 'CLOSE-' } } })).toBe(10);
    await expect(other.prisma.unit.create({ data: unitData('AFTER-CLOSE') })).rejects.toThrow();
  });

  it('commits each write alone when grouping is off', async () => {
    const plain = await createDb({ url, groupWrites: false });
    try {
      await Promise.all(Array.from({ length: 10 }, (_, i) => plain.prisma.unit.create({ data: unitData(`P-${i}`) })));
      expect(commitStats(plain)).toEqual({ groups: 0, writes: 0 });
      expect(await plain.prisma.unit.count({ where: { id: { startsWith: 'P-' } } })).toBe(10);
    } finally {
      await plain.close();
    }
  });
});
