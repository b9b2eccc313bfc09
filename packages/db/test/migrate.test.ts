/**
 * Migrations through the WASM schema engine, on both providers: deploy, history rows as
 * Prisma's CLI writes them, migrations in sync with the schema, and creating a new migration.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '../src/client.js';
import { createMigrations, diffMigrationsToSchema, lockfileContent, migrateDeploy } from '../src/migrate.js';
import { MIGRATIONS_DIRS } from '../src/paths.js';
import { schemaFor } from '../src/schema-source.js';
import { describeEachProvider, PG_URL, type FreshDatabase } from './helpers.js';

const committed = (provider: 'sqlite' | 'postgresql'): string[] =>
  readdirSync(MIGRATIONS_DIRS[provider], { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describeEachProvider('migrations', (p) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await p.fresh({ migrate: false });
  });
  afterAll(async () => fresh.destroy());

  it('migrateDeploy applies every committed migration once', async () => {
    const first = await migrateDeploy(fresh.url);
    expect(first.provider).toBe(p.provider);
    expect(first.appliedMigrationNames).toEqual(committed(p.provider));
    const second = await migrateDeploy(fresh.url);
    expect(second.appliedMigrationNames).toEqual([]);
  });

  it('records _prisma_migrations rows as the Prisma CLI does (checksum = sha256 of migration.sql)', async () => {
    const db = await createDb({ url: fresh.url });
    try {
      const rows = await db.prisma.$queryRawUnsafe<Array<{ migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown }>>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
      );
      expect(rows.map((r) => r.migration_name)).toEqual(committed(p.provider));
      for (const r of rows) {
        const sql = readFileSync(path.join(MIGRATIONS_DIRS[p.provider], r.migration_name, 'migration.sql'));
        expect(r.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
        expect(r.finished_at).not.toBeNull();
        expect(r.rolled_back_at).toBeNull();
      }
      // Json defaults work (SQLite: quoted by fixSqliteJsonDefaults)
      const unit = await db.prisma.unit.create({
        data: { id: 'MIG-1', name: 'MIG-1', productType: 'LU800', typeGroup: 'fieldUnits', swVersion: '10.1', serialNumber: 'MIG-1' },
      });
      expect(unit.applications).toEqual({});
      expect(unit.multiCameraLabels).toEqual([]);
      expect(unit.status).toBe('offline');
      expect(unit.version).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('the committed migrations produce exactly the schema (no pending change)', async () => {
    const url = p.provider === 'sqlite' ? `file:${path.join(mkdtempSync(path.join(os.tmpdir(), 'fleet-diff-')), 'd.db')}` : (PG_URL as string);
    expect(await diffMigrationsToSchema(url)).toBe('');
  });

  it('createMigrations writes the same folder for both providers, applies it, and is idempotent', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'fleet-create-'));
    try {
      const dirs = { sqlite: path.join(tmp, 'sqlite'), postgresql: path.join(tmp, 'postgresql') };
      cpSync(MIGRATIONS_DIRS.sqlite, dirs.sqlite, { recursive: true });
      cpSync(MIGRATIONS_DIRS.postgresql, dirs.postgresql, { recursive: true });
      const change = (s: string): string =>
        s.replace('model WhatsNew {', 'model WhatsNew {\n  tags Json @default("[]")') +
        '\nmodel TestThing {\n  id String @id @default(cuid())\n  data Json @default("{}")\n  version Int @default(0)\n}\n';
      const schemas = { sqlite: change(schemaFor('sqlite')), postgresql: change(schemaFor('postgresql')) };
      const withPg = p.provider === 'postgresql';
      const opts = {
        name: 'Add test thing!',
        migrationsDirs: dirs,
        schemas,
        ...(withPg ? { postgresUrl: PG_URL as string } : { sqliteOnly: true }),
      };
      const created = await createMigrations(opts);
      expect(created).toHaveLength(withPg ? 2 : 1);
      const names = new Set(created.map((c) => c.migrationName));
      expect(names.size).toBe(1);
      const name = created[0]?.migrationName ?? '';
      expect(name).toMatch(/^\d{14}_add_test_thing$/);
      expect(name > (committed('sqlite').at(-1) ?? '')).toBe(true);
      for (const c of created) {
        const sql = readFileSync(path.join(dirs[c.provider], name, 'migration.sql'), 'utf8');
        expect(sql).toContain('TestThing');
        expect(readFileSync(path.join(dirs[c.provider], 'migration_lock.toml'), 'utf8')).toBe(lockfileContent(c.provider));
        if (c.provider === 'sqlite') expect(sql).not.toMatch(/JSONB(?: NOT NULL)? DEFAULT [{[]/);
      }
      // nothing left to create
      const again = await createMigrations({ ...opts, name: 'again' });
      expect(again.every((c) => c.migrationName === null)).toBe(true);
      expect(existsSync(path.join(dirs.sqlite, 'again'))).toBe(false);
      // the new history deploys on a fresh database of this provider
      const target = await p.fresh({ migrate: false });
      try {
        const r = await migrateDeploy(target.url, { migrationsDir: dirs[p.provider], schema: schemas[p.provider] });
        expect(r.appliedMigrationNames.at(-1)).toBe(name);
      } finally {
        await target.destroy();
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
