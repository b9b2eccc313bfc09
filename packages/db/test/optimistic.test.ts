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

  it('workers retry on conflict in rounds: each round one wins, the others conflict; 20 increments, none lost', async () => {
    await db.prisma.unit.create({ data: unitData('OPT-2', { comment: '0' }) });
    let waiting = Array.from({ length: WORKERS }, (_, i) => i);
    let conflicts = 0;
    for (let round = 1; waiting.length > 0; round++) {
      // Every waiting worker reads before any of them writes (the interleaving conflicts need,
      // made certain rather than left to the scheduler: on SQLite the lock may serialise a
      // worker's read and write), then each writes its own value under the version it read.
      const reads = await Promise.all(
        waiting.map(() => db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-2' }, select: { version: true, comment: true } })),
      );
      const won = await Promise.all(
        waiting.map(async (worker, i) => {
          const read = reads[i]!;
          const r = await db.prisma.unit.updateMany({
            where: { id: 'OPT-2', version: read.version },
            data: { comment: String(Number(read.comment) + 1), serialNumber: `OPT2-W${worker}`, version: { increment: 1 } },
          });
          return r.count === 1 ? worker : null;
        }),
      );
      const winners = won.filter((w): w is number => w !== null);
      expect(winners, `round ${round}`).toHaveLength(1);
      conflicts += waiting.length - 1;
      const after = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-2' } });
      // The stored row is the winner's write, whole: its value and its marker, one version up.
      expect({ comment: after.comment, serialNumber: after.serialNumber, version: after.version }).toEqual({
        comment: String(round),
        serialNumber: `OPT2-W${winners[0]}`,
        version: round,
      });
      waiting = waiting.filter((w) => w !== winners[0]);
    }
    expect(conflicts).toBe((WORKERS * (WORKERS - 1)) / 2);
    const after = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-2' } });
    expect(after.comment).toBe(String(WORKERS));
    expect(after.version).toBe(WORKERS);
  });

  it('a plain read-modify-write without the version check would lose updates (why the column exists)', async () => {
    await db.prisma.unit.create({ data: unitData('OPT-3', { comment: '0' }) });
    const snapshot = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-3' }, select: { comment: true } });
    await Promise.all(
      Array.from({ length: WORKERS }, () => db.prisma.unit.update({ where: { id: 'OPT-3' }, data: { comment: String(Number(snapshot.comment) + 1) } })),
    );
    const after = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'OPT-3' } });
    expect(after.comment).toBe('1'); // 20 "increments", 19 lost
  });
});
