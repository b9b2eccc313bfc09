/**
 * (c) Optimistic concurrency with the version column: 20 concurrent updates of one row.
 * A conditional update (`where: { id, version }`) that matches no row is a conflict (the core
 * answers 409); no update is ever lost.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../src/client.js';
import { describeEachProvider, openFresh, unitData } from './helpers.js';

const WORKERS = 20;

describeEachProvider('20 concurrent optimistic-version updates', (p) => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openFresh(p));
  });
  afterAll(async () => cleanup());

  /** Read-modify-write of a counter kept in Unit.comment, guarded by Unit.version. */
  async function tryIncrement(id: string, read?: { version: number; comment: string }): Promise<boolean> {
    const current = read ?? (await db.prisma.unit.findUniqueOrThrow({ where: { id }, select: { version: true, comment: true } }));
    const next = String(Number(current.comment || '0') + 1);
    const r = await db.prisma.unit.updateMany({
      where: { id, version: current.version },
      data: { comment: next, version: { increment: 1 } },
    });
    return r.count === 1;
  }

  it('all read the same version: exactly one wins, 19 conflicts are detected', async () => {
    await db.prisma.unit.create({ data: unitData('OPT-1', { comment: '0' }) });
    const snapshot = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-1' }, select: { version: true, comment: true } });
    const results = await Promise.all(Array.from({ length: WORKERS }, () => tryIncrement('OPT-1', snapshot)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.filter((r) => !r)).toHaveLength(WORKERS - 1);
    const after = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-1' } });
    expect(after.version).toBe(1);
    expect(after.comment).toBe('1');
  });

  it('workers retry on conflict: 20 increments, none lost, version 20', async () => {
    await db.prisma.unit.create({ data: unitData('OPT-2', { comment: '0' }) });
    let conflicts = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let attempt = 0; attempt < 200; attempt++) {
          if (await tryIncrement('OPT-2')) return;
          conflicts++;
        }
        throw new Error('too many conflicts');
      }),
    );
    const after = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-2' } });
    expect(after.comment).toBe(String(WORKERS));
    expect(after.version).toBe(WORKERS);
    // On PostgreSQL the reads interleave and conflicts happen; on SQLite the lock may serialise
    // read and write of one worker, so conflicts are possible but not guaranteed.
    expect(conflicts).toBeGreaterThanOrEqual(0);
  });

  it('a plain read-modify-write without the version check would lose updates (why the column exists)', async () => {
    await db.prisma.unit.create({ data: unitData('OPT-3', { comment: '0' }) });
    const snapshot = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-3' }, select: { comment: true } });
    await Promise.all(
      Array.from({ length: WORKERS }, () =>
        db.prisma.unit.update({ where: { id: 'OPT-3' }, data: { comment: String(Number(snapshot.comment) + 1) } }),
      ),
    );
    const after = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-3' } });
    expect(after.comment).toBe('1'); // 20 "increments", 19 lost
  });
});
