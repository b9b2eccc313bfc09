/** Open storage as configured: create the SQLite folder, apply migrations, seed an empty database. */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createDb, DatabaseBusyError, migrateDeployInWorker, seed } from '@fleet/db';
import type { Config } from './env.js';

export async function prepareDatabase(config: Config) {
  const url = config.DATABASE_URL;
  if (url.startsWith('file:')) mkdirSync(dirname(resolve(url.slice('file:'.length))), { recursive: true });
  // In a worker thread: the schema engine's memory ends with it (packages/db migrate-worker.ts).
  if (config.MIGRATE_ON_BOOT) await migrateDeployInWorker(url);
  const db = await createDb({ url });
  if (config.SEED_ON_BOOT && (await db.prisma.user.count()) === 0) {
    await seed(db, {
      seed: config.SEED,
      fleet: config.SEED_FLEET,
      password: config.DEMO_PASSWORD,
      ...(config.PASSWORD_HASH_N === undefined ? {} : { passwordCost: config.PASSWORD_HASH_N }),
    });
  }
  return db;
}

/**
 * For entry points: a database held by another process ends the start with its one-line reason
 * (exit code 1); any other error is rethrown with its stack.
 */
export function exitOnBusyDatabase(error: unknown): never {
  if (error instanceof DatabaseBusyError) {
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
