import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../generated/sqlite/client.js';
import { createDb, transaction, watchWrites, type DbHandle } from '../src/client.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { nonEmptyTables, resetDatabase } from '../src/maintenance.js';
import { migrateDeploy } from '../src/migrate.js';
import { providerOf, sqlitePathOf } from '../src/url.js';
import { describeEachProvider, openFresh, unitData } from './helpers.js';

describe('URLs', () => {
  it('chooses the provider from the URL', () => {
    expect(providerOf('file:./x.db')).toBe('sqlite');
    expect(providerOf('./x.db')).toBe('sqlite');
    expect(providerOf('/abs/x.db')).toBe('sqlite');
    expect(providerOf('postgres://u:p@h/db')).toBe('postgresql');
    expect(providerOf('postgresql://u:p@h/db')).toBe('postgresql');
    expect(() => providerOf('mysql://h/db')).toThrow(/Unsupported/);
  });

  it('resolves SQLite paths', () => {
    expect(sqlitePathOf('file:/abs/x.db')).toBe('/abs/x.db');
    expect(sqlitePathOf('file:///abs/x.db')).toBe('/abs/x.db');
    expect(sqlitePathOf('file:./x.db?mode=rwc')).toBe(path.resolve('x.db'));
    expect(sqlitePathOf('rel/x.db')).toBe(path.resolve('rel/x.db'));
  });

  it('opens a plain path and creates its folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-path-'));
    try {
      const file = path.join(dir, 'nested', 'deeper', 'x.db');
      await migrateDeploy(file);
      const db = await createDb({ url: file });
      expect(db.provider).toBe('sqlite');
      expect(await db.prisma.unit.count()).toBe(0);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachProvider('client', (p) => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openFresh(p));
  });
  afterAll(async () => cleanup());

  it('reports its provider', () => {
    expect(db.provider).toBe(p.provider);
  });

  it('lets go of what a finished transaction wrote, however long a promise started inside it lives', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await db.prisma.unit.create({ data: unitData('HELD-1') });
    // A promise that outlives the transaction it started in (a service's loop first called from a write).
    const leaked: Promise<void>[] = [];
    let written: WeakRef<object> | undefined;
    const stop = watchWrites(db, (changes) => {
      for (const c of changes) if (c.model === 'Unit') written = new WeakRef(c);
    });
    await transaction(db, async (tx) => {
      await tx.unit.update({ where: { id: 'HELD-1' }, data: { comment: 'written in a transaction' } });
      leaked.push(new Promise<void>(() => undefined));
    });
    stop();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(leaked).toHaveLength(1);
    expect(written).toBeDefined();
    expect(written!.deref()).toBeUndefined();
  });

  it('raises the same error classes on both providers (unique violation P2002)', async () => {
    await db.prisma.unit.create({ data: unitData('DUP-1') });
    const err = await db.prisma.unit.create({ data: unitData('DUP-2', { name: 'DUP-1' }) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((err as Prisma.PrismaClientKnownRequestError).code).toBe('P2002');
  });

  it('round-trips Json, BigInt, DateTime and Float values', async () => {
    const at = new Date('2024-05-06T07:08:09.123Z');
    await db.prisma.unit.create({
      data: unitData('RT-1', { latitude: 48.1234, longitude: -2.5, applications: { video: { state: 'running' } }, lastReboot: at }),
    });
    const f = await db.prisma.file.create({
      data: { unitId: 'RT-1', fileName: 'a.mp4', sizeBytes: 5_000_000_000n, metadata: { codec: 'h265', gps: [1.5, 2] } },
    });
    const u = await db.prisma.unit.findUniqueOrThrow({ where: { id: 'RT-1' } });
    expect(u.applications).toEqual({ video: { state: 'running' } });
    expect(u.lastReboot?.toISOString()).toBe(at.toISOString());
    expect(u.latitude).toBe(48.1234);
    const f2 = await db.prisma.file.findUniqueOrThrow({ where: { id: f.id } });
    expect(f2.sizeBytes).toBe(5_000_000_000n);
    expect(f2.metadata).toEqual({ codec: 'h265', gps: [1.5, 2] });
  });

  it('enforces foreign keys and cascades join rows', async () => {
    await expect(db.prisma.unitGroup.create({ data: { unitId: 'RT-1', groupId: 'missing' } })).rejects.toThrow();
    await db.prisma.inventory.create({ data: { id: 'inv-fk', name: 'inv-fk', groups: { create: [{ id: 'grp-fk', name: 'g' }] } } });
    await db.prisma.unitGroup.create({ data: { unitId: 'RT-1', groupId: 'grp-fk' } });
    await db.prisma.unit.delete({ where: { id: 'RT-1' } });
    expect(await db.prisma.unitGroup.count({ where: { groupId: 'grp-fk' } })).toBe(0);
    expect(await db.prisma.file.count({ where: { unitId: 'RT-1' } })).toBe(0);
  });

  it('resetDatabase empties every model table', async () => {
    expect((await nonEmptyTables(db)).length).toBeGreaterThan(0);
    await db.prisma.inventory.create({ data: { id: 'inv-child', name: 'inv-child', parentId: 'inv-fk' } });
    await resetDatabase(db);
    expect(await nonEmptyTables(db)).toEqual([]);
  });
});
