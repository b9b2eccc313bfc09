/**
 * @fleet/db: storage for the fleet console. One Prisma model (prisma/schema.prisma), SQLite by
 * default, PostgreSQL from the same model; migrations and seed without downloaded binaries.
 */
export { createDb, transaction, sqlitePragmas, watchWrites, commitStats, timeWrites, checkpointStats, statementStats, executeStatement } from './client.js';
export type { WriteTimer } from './client.js';
export { AsyncLock } from './lock.js';
export { rowUpdate, rowsUpsert, updateRow, UPSERT_ROWS_MAX } from './row-writes.js';
export type { ColumnKind, RowTable, RowSet, RowWhere, RowUpdateOptions, UpsertRow } from './row-writes.js';
export type { StatementCacheStats } from './statement-cache.js';
export type { CheckpointStats } from './checkpoints.js';
export type { Db, DbTx, DbHandle, CreateDbOptions, TransactionOptions, Statement } from './client.js';
export type { WriteChange, WrittenRow, WriteListener } from './write-feed.js';
export {
  migrateDeploy,
  migrateDeployInWorker,
  sqlitePendingMigrations,
  DatabaseBusyError,
  createMigrations,
  diffMigrationsToSchema,
  createDatabase,
  createScratchDatabase,
  databasesStartingWith,
  dropDatabase,
  renameDatabase,
  fixSqliteJsonDefaults,
} from './migrate.js';
export type { MigrateOptions, MigrateDeployResult, CreateMigrationsOptions, CreatedMigration, MigrateLogger } from './migrate.js';
export { hashPassword, verifyPassword, needsRehash, passwordHashParams, dummyPasswordHash, PASSWORD_HASH_PARAMS } from './password.js';
export type { HashPasswordOptions, ScryptParams } from './password.js';
export { resetDatabase, nonEmptyTables, TABLES } from './maintenance.js';
export { databaseOf, providerOf, withDatabase } from './url.js';
export type { DbProvider } from './paths.js';
export {
  seed,
  SEED_IDS,
  DEFAULT_DEMO_PASSWORD,
  DEFAULT_SEED,
  DEFAULT_FLEET,
  FLEET_SIZES,
  firstUnitIdOfUser,
  restoreSeededPreferences,
  seededPreferences,
  seededUnits,
  RESTORED_UNIT_COLUMNS,
} from './seed/index.js';
export type { SeedOptions, SeedResult, FleetSize, SeededUnit, RestoredUnitColumn } from './seed/index.js';
/** The generated model types (e.g. `Unit`, `Prisma.UnitWhereInput`), from the SQLite client. */
export type * from '../generated/sqlite/models.js';
export { Prisma } from '../generated/sqlite/client.js';
