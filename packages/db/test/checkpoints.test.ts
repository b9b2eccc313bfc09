/**
 * WAL checkpoints on a worker thread (SQLite): the worker copies the log into the database file
 * while writes go on, the writer's own checkpoint becomes a rare bound while it runs, and closing
 * stops it before the writing connection closes (which then removes the log).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointStats, createDb, type DbHandle } from '../src/client.js';
import { sqlitePathOf } from '../src/url.js';
import { sqliteProvider, unitData, type FreshDatabase } from './helpers.js';

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const autocheckpoint = async (db: DbHandle): Promise<number> => {
  const [row] = await db.prisma.$queryRawUnsafe<Array<{ wal_autocheckpoint: bigint | number }>>('PRAGMA wal_autocheckpoint');
  return Number(row?.wal_autocheckpoint);
};

describe('SQLite checkpoint worker', () => {
  let fresh: FreshDatabase | undefined;
  let db: DbHandle | undefined;
  afterEach(async () => {
    await db?.close();
    await fresh?.destroy();
    db = undefined;
    fresh = undefined;
  });

  it('copies committed pages into the database file while the writer only bounds the log', async () => {
    fresh = await sqliteProvider.fresh();
    db = await createDb({ url: fresh.url });
    const handle = db;
    await until(async () => (await checkpointStats(handle))?.running === true);
    // While the worker runs, the writer checkpoints only once the log is ~40 MB.
    expect(await autocheckpoint(handle)).toBe(10_000);

    for (let i = 0; i < 40; i++) await handle.prisma.unit.create({ data: unitData(`CKPT-${i}`) });
    // The worker copies the log's pages: a connection reading the database file alone (the log
    // ignored) finds every unit there.
    await until(async () => ((await checkpointStats(handle))?.pagesCopied ?? 0) > 0);
    const file = sqlitePathOf(fresh.url);
    const copy = `${file}.copy`;
    await until(async () => {
      // A copy of the database file without its log: what the checkpoints put there (a copy
      // taken mid-checkpoint may be torn: then try again).
      copyFileSync(file, copy);
      try {
        const probe = new Database(copy, { readonly: true });
        try {
          return (probe.prepare(`SELECT count(*) AS n FROM Unit WHERE id LIKE 'CKPT-%'`).get() as { n: number }).n === 40;
        } finally {
          probe.close();
        }
      } catch {
        return false;
      }
    });
    const stats = await checkpointStats(handle);
    expect(stats).toMatchObject({ running: true });
    expect(stats!.runs).toBeGreaterThan(0);
  });

  it('stops with the handle; the closed database has no log left and every write in it', async () => {
    fresh = await sqliteProvider.fresh();
    const handle = await createDb({ url: fresh.url });
    await until(async () => (await checkpointStats(handle))?.running === true);
    for (let i = 0; i < 10; i++) await handle.prisma.unit.create({ data: unitData(`CLOSE-${i}`) });
    await handle.close();
    const stats = await checkpointStats(handle);
    expect(stats?.running).toBe(false);
    const file = sqlitePathOf(fresh.url);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const check = new Database(file, { readonly: true });
    try {
      expect((check.prepare(`SELECT count(*) AS n FROM Unit WHERE id LIKE 'CLOSE-%'`).get() as { n: number }).n).toBe(10);
    } finally {
      check.close();
    }
  });

  it('lets a process whose last work is closing the database end normally', async () => {
    // Awaiting the worker's exit must hold the process: with an unreferenced worker and nothing
    // else pending, Node ended with code 13 (an unsettled top-level await) inside close().
    fresh = await sqliteProvider.fresh();
    const script = fileURLToPath(new URL('./fixtures/close-and-exit.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, fresh.url], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('closed\n');
    expect(run.status).toBe(0);
  });

  it('can be turned off: the writer checkpoints by itself at SQLite default', async () => {
    fresh = await sqliteProvider.fresh();
    db = await createDb({ url: fresh.url, checkpointWorker: false });
    expect(await checkpointStats(db)).toBeNull();
    expect(await autocheckpoint(db)).toBe(1_000);
  });
});
