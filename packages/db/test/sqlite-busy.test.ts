/**
 * A second process on the same SQLite file: an up-to-date database starts without the schema
 * engine (which would take the file in exclusive mode), and a file held by another process is
 * reported as busy in plain words instead of the engine's connector error.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError, migrateDeploy, sqlitePendingMigrations } from '../src/migrate.js';
import { MIGRATIONS_DIRS } from '../src/paths.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const committed = readdirSync(MIGRATIONS_DIRS.sqlite, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('SQLite used by another process', () => {
  it('lists every migration as pending for a missing file and none once applied', async () => {
    const url = `file:${path.join(dir, 'fresh.db')}`;
    expect(sqlitePendingMigrations(url, committed)).toEqual(committed);
    await migrateDeploy(url);
    expect(sqlitePendingMigrations(url, committed)).toEqual([]);
    expect(sqlitePendingMigrations(url, [...committed, '99999999999999_next'])).toEqual(['99999999999999_next']);
  });

  it('starts on an up-to-date file while another connection writes to it', async () => {
    const url = `file:${path.join(dir, 'shared.db')}`;
    await migrateDeploy(url);
    const other = new Database(path.join(dir, 'shared.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec('CREATE TABLE busy_probe (x INTEGER)');
      expect((await migrateDeploy(url)).appliedMigrationNames).toEqual([]);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('reports a file held exclusively by another process as busy, with the file named', () => {
    const file = path.join(dir, 'held.db');
    const holder = new Database(file);
    try {
      holder.exec('PRAGMA locking_mode = EXCLUSIVE; CREATE TABLE t (x INTEGER); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);');
      let caught: unknown;
      try {
        sqlitePendingMigrations(`file:${file}`, committed, 200);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DatabaseBusyError);
      expect((caught as DatabaseBusyError).message).toContain(file);
      expect((caught as DatabaseBusyError).message).toMatch(/in use by another process/);
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
  });
});
