/**
 * Seeded template databases: one migrated and seeded SQLite file and one PostgreSQL database made
 * once per test run (the integration project's global setup), so each test stack starts from a copy
 * (a file copy; `CREATE DATABASE ... TEMPLATE`) instead of migrating and seeding its own (about
 * 3 s a stack on either provider). The templates are handed to the workers through the
 * environment; without them (a test run outside vitest's setup, a benchmark) a stack migrates and
 * seeds its own database as before.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, createScratchDatabase, dropDatabase, migrateDeploy, seed, type FleetSize } from '@fleet/db';

/** The seed every test stack starts from (seed 1, the tests' demo password). */
export const TEST_SEED = 1;
export const DEMO_PASSWORD = 'Test-pass-1';
/**
 * The fleet every test stack starts from: `small`, the 24 structural units of SEED_IDS and nothing
 * around them (the counts the tests assert are this fleet's). The demo presets' test seeds `medium`.
 */
export const TEST_FLEET: FleetSize = 'small';
/**
 * The scrypt cost of the tests' passwords (the core's `PASSWORD_HASH_N`, the seed's `passwordCost`): a
 * log-in costs about a millisecond instead of 150 ms of CPU. The log-in tests that prove the current
 * parameters run their stacks with the core's default.
 */
export const TEST_PASSWORD_N = 1024;

const SQLITE_TEMPLATE = 'FLEET_TEST_SQLITE_TEMPLATE';
const PG_TEMPLATE = 'FLEET_TEST_PG_TEMPLATE';

/**
 * Migrates and seeds a database at `url` the way every test stack expects it; with
 * `productionPasswords` the demo users' hashes have the core's current parameters instead of
 * `TEST_PASSWORD_N`.
 */
export async function migrateAndSeed(url: string, options: { productionPasswords?: boolean; fleet?: FleetSize } = {}): Promise<void> {
  await migrateDeploy(url);
  const db = await createDb({ url });
  try {
    await seed(db, {
      seed: TEST_SEED,
      fleet: options.fleet ?? TEST_FLEET,
      password: DEMO_PASSWORD,
      ...(options.productionPasswords ? {} : { passwordCost: TEST_PASSWORD_N }),
    });
  } finally {
    await db.close();
  }
}

/**
 * Makes the templates (PostgreSQL only with `pgAdminUrl`), publishes them in `process.env` for the
 * workers, and returns what removes them.
 */
export async function createTemplates(pgAdminUrl: string | undefined): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-template-'));
  const file = join(dir, 'template.db');
  const [, pgName] = await Promise.all([migrateAndSeed(`file:${file}`), pgAdminUrl ? createPgTemplate(pgAdminUrl) : Promise.resolve(undefined)]);
  process.env[SQLITE_TEMPLATE] = file;
  if (pgName) process.env[PG_TEMPLATE] = pgName;
  return async () => {
    delete process.env[SQLITE_TEMPLATE];
    delete process.env[PG_TEMPLATE];
    rmSync(dir, { recursive: true, force: true });
    if (pgAdminUrl && pgName) await dropDatabase(pgAdminUrl, pgName);
  };
}

async function createPgTemplate(adminUrl: string): Promise<string> {
  const made = await createScratchDatabase(adminUrl, 'fleet_template');
  try {
    await migrateAndSeed(made.url);
    // Fresh statistics and no dead rows: autovacuum has no reason to visit the template while it is copied.
    const c = new pg.Client({ connectionString: made.url });
    await c.connect();
    try {
      await c.query('VACUUM ANALYZE');
    } finally {
      await c.end();
    }
    return made.name;
  } catch (e) {
    await made.drop();
    throw e;
  }
}

/** A copy of this run's SQLite template in a new folder, or undefined without a template. */
export function copySqliteTemplate(): { url: string; dir: string } | undefined {
  const template = process.env[SQLITE_TEMPLATE];
  if (!template) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fleet-test-'));
  mkdirSync(dir, { recursive: true });
  // The template was closed cleanly: its WAL is checkpointed into the main file, which is all there is to copy.
  copyFileSync(template, join(dir, 'test.db'));
  return { url: `file:${join(dir, 'test.db')}`, dir };
}

/** The name of this run's PostgreSQL template, or undefined. */
export const pgTemplate = (): string | undefined => process.env[PG_TEMPLATE];
