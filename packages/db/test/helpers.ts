/**
 * Test helpers: fresh migrated databases on both providers.
 *
 * SQLite: a file in a temporary folder. PostgreSQL: a uniquely named database created through
 * an admin connection (env DATABASE_URL_PG, a role with CREATEDB) and dropped at the end.
 * Without DATABASE_URL_PG the PostgreSQL suites are skipped with a visible message, or FAIL when
 * REQUIRE_PG=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { createDb, type DbHandle } from '../src/client.js';
import { createScratchDatabase, migrateDeploy } from '../src/migrate.js';
import type { DbProvider } from '../src/paths.js';
import type { Prisma } from '../generated/sqlite/client.js';

/** `TEST_PROVIDER` (sqlite or postgresql) limits a run to one provider, as the test command's two integration phases do. */
const ONLY = process.env.TEST_PROVIDER;
export const PG_URL = ONLY === 'sqlite' ? undefined : process.env.DATABASE_URL_PG;
export const REQUIRE_PG = ONLY !== 'sqlite' && process.env.REQUIRE_PG === '1';
/** `describe` for a block that runs on SQLite only: skipped in a run limited to PostgreSQL. */
export const describeSqlite = ONLY === 'postgresql' ? describe.skip : describe;

export interface FreshDatabase {
  url: string;
  /** Removes the file / drops the database. */
  destroy(): Promise<void>;
}

export interface ProviderUnderTest {
  provider: DbProvider;
  /** A new empty database; migrated unless `migrate: false`. */
  fresh(options?: { migrate?: boolean }): Promise<FreshDatabase>;
}

const tmpRoot = (): string => mkdtempSync(path.join(os.tmpdir(), 'fleet-db-test-'));

export const sqliteProvider: ProviderUnderTest = {
  provider: 'sqlite',
  async fresh(options = {}) {
    const dir = tmpRoot();
    const url = `file:${path.join(dir, 'test.db')}`;
    if (options.migrate !== false) await migrateDeploy(url);
    return { url, destroy: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

export const pgProvider: ProviderUnderTest = {
  provider: 'postgresql',
  async fresh(options = {}) {
    if (!PG_URL) throw new Error('DATABASE_URL_PG is not set');
    const db = await createScratchDatabase(PG_URL, 'fleet_test');
    try {
      if (options.migrate !== false) await migrateDeploy(db.url);
    } catch (e) {
      await db.drop();
      throw e;
    }
    return { url: db.url, destroy: db.drop };
  },
};

let warned = false;
function pgUnavailableNotice(): void {
  if (warned) return;
  warned = true;
  console.warn(
    '\n[@fleet/db] DATABASE_URL_PG is not set: PostgreSQL tests are SKIPPED. ' +
      'Run `export DATABASE_URL_PG="$(bash scripts/pg-up.sh)"` (REQUIRE_PG=1 makes this an error).\n',
  );
}

/**
 * `describe` once per provider of the run. The PostgreSQL block is skipped (with a message) when
 * DATABASE_URL_PG is unset, or replaced by a failing test when REQUIRE_PG=1.
 */
export function describeEachProvider(name: string, body: (p: ProviderUnderTest) => void): void {
  if (ONLY !== 'postgresql') describe(`${name} [sqlite]`, () => body(sqliteProvider));
  if (ONLY === 'sqlite') return;
  if (PG_URL) {
    describe(`${name} [postgresql]`, () => body(pgProvider));
  } else if (REQUIRE_PG) {
    describe(`${name} [postgresql]`, () => {
      it('needs DATABASE_URL_PG (REQUIRE_PG=1)', () => {
        throw new Error('REQUIRE_PG=1 but DATABASE_URL_PG is not set: run `export DATABASE_URL_PG="$(bash scripts/pg-up.sh)"`');
      });
    });
  } else {
    pgUnavailableNotice();
    describe.skip(`${name} [postgresql] (skipped: DATABASE_URL_PG not set)`, () => body(pgProvider));
  }
}

/** Open a fresh migrated database and a client on it; `cleanup` closes and destroys both. */
export async function openFresh(p: ProviderUnderTest): Promise<{ db: DbHandle; url: string; cleanup: () => Promise<void> }> {
  const fresh = await p.fresh();
  const db = await createDb({ url: fresh.url });
  return {
    db,
    url: fresh.url,
    cleanup: async () => {
      await db.close();
      await fresh.destroy();
    },
  };
}

/** A minimal valid unit row. */
export function unitData(id: string, extra: Partial<Prisma.UnitUncheckedCreateInput> = {}): Prisma.UnitUncheckedCreateInput {
  return {
    id,
    name: id,
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    swVersion: '10.1',
    serialNumber: `SN-${id}`,
    ...extra,
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
