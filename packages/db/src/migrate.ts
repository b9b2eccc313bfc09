/**
 * Migrations without downloaded binaries: Prisma's WASM schema engine driven through the driver
 * adapters (STACK.md, "Prisma without downloaded binaries").
 *
 * - The engine module is loaded once per process (its wasm-bindgen glue keeps module state).
 * - Every connection the engine opens goes through a tracking factory and is disposed after
 *   `engine.free()`: on SQLite the engine otherwise leaves the file in exclusive locking mode
 *   and the application's own client fails.
 * - SQLite: multi-statement migration SQL falls back from `executeRaw` to `executeScript`.
 * - PostgreSQL: the `"char"` column type (oid 18) is reported as text (oid 25), otherwise
 *   `devDiagnostic` / `createMigration` fail on catalogue queries; the shadow database is our own
 *   uniquely named database, never adapter-pg's built-in one (with a connection string it replays
 *   migrations onto the main database).
 *
 * `_prisma_migrations` gets the same rows Prisma's CLI writes, so `prisma migrate deploy` keeps
 * working wherever the native engine is available.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import type * as EngineGlue from '@prisma/schema-engine-wasm/schema_engine_bg';
import Database from 'better-sqlite3';
import pg from 'pg';
import { MIGRATIONS_DIRS, SCHEMA_PATHS, type DbProvider } from './paths.js';
import { schemaFor } from './schema-source.js';
import { databaseOf, providerOf, redactUrl, sqlitePathOf, withDatabase } from './url.js';

type Glue = typeof EngineGlue;
type SchemaEngine = EngineGlue.SchemaEngine;
type MigrationList = EngineGlue.MigrationList;

export type MigrateLogger = (message: string) => void;

export interface MigrateOptions {
  /** Folder of migration directories; defaults to prisma/migrations/<provider>. */
  migrationsDir?: string;
  /** Schema text; defaults to the repository schema for the URL's provider. */
  schema?: string;
  /** Receives the engine's log lines and progress messages. */
  log?: MigrateLogger;
}

export interface MigrateDeployResult {
  provider: DbProvider;
  appliedMigrationNames: string[];
}

const NO_FILTERS: EngineGlue.SchemaFilter = { externalTables: [], externalEnums: [] };

/**
 * The WebAssembly global of Node; the repository's lib settings (ES2023, no DOM) do not declare
 * it, so the part used here is declared locally.
 */
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: Record<string, unknown>): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

// ── engine module: loaded once per process ─────────────────────────────────────────────────────

let gluePromise: Promise<Glue> | undefined;

function loadSchemaEngine(): Promise<Glue> {
  gluePromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue: Glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    const start = instance.exports['__wbindgen_start'];
    if (typeof start !== 'function') throw new Error('schema engine wasm: no __wbindgen_start export');
    (start as () => void)();
    return glue;
  })();
  return gluePromise;
}

/** One engine at a time per process: the glue keeps module-level state. */
let engineQueue: Promise<unknown> = Promise.resolve();
function serialized<T>(fn: () => Promise<T>): Promise<T> {
  const run = engineQueue.then(fn, fn);
  engineQueue = run.catch(() => undefined);
  return run;
}

// ── adapter factory wrapper ────────────────────────────────────────────────────────────────────

/** pg result post-processing: report `"char"` (oid 18) columns as text (oid 25). */
function charAsText<T>(result: T): T {
  const results: unknown[] = Array.isArray(result) ? result : [result];
  for (const r of results) {
    const fields = (r as { fields?: Array<{ dataTypeID: number }> } | null)?.fields;
    if (!Array.isArray(fields)) continue;
    for (const f of fields) if (f.dataTypeID === 18) f.dataTypeID = 25;
  }
  return result;
}

/** A pg client whose promise-form results never carry the `"char"` oid that adapter-pg rejects. */
class CharAsTextClient extends pg.Client {
  // pg's query() has a dozen overloads (callback, promise, Submittable); a rest signature is the
  // only way to wrap all of them, and its result is whatever the base returned.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  override query(...args: any[]): any {
    // pg.Pool#query calls client.query(text, values, callback): wrap the callback form too.
    const last: unknown = args[args.length - 1];
    if (typeof last === 'function') {
      const cb = last as (err: unknown, res: unknown) => void;
      args[args.length - 1] = (err: unknown, res: unknown) => cb(err, err ? res : charAsText(res));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwarding the same overloads
    const ret: any = (super.query as (...a: any[]) => any)(...args);
    if (ret && typeof ret.then === 'function') return (ret as Promise<unknown>).then(charAsText);
    return ret;
  }
}

function migrationPool(url: string): pg.Pool {
  // PoolConfig types `Client` as a zero-argument constructor; pg calls it with the pool options,
  // which pg.Client's constructor accepts, so the cast only narrows the declared arity.
  return new pg.Pool({ connectionString: url, max: 4, Client: CharAsTextClient as unknown as new () => pg.ClientBase });
}

function isMultiStatementError(e: unknown): boolean {
  const seen = new Set<unknown>();
  const text = (v: unknown): string => {
    if (v === null || v === undefined || seen.has(v)) return '';
    if (typeof v !== 'object') return String(v);
    seen.add(v);
    const o = v as Record<string, unknown>;
    return [o['message'], o['originalMessage'], text(o['cause'])].map((x) => (typeof x === 'string' ? x : '')).join(' ');
  };
  return /more than one statement/i.test(text(e));
}

interface TrackedAdapter extends SqlDriverAdapter {
  disposeOnce(): Promise<void>;
}

function track(inner: SqlDriverAdapter, sqliteScriptFallback: boolean, onDispose?: () => Promise<void>): TrackedAdapter {
  let disposed: Promise<void> | undefined;
  const disposeOnce = (): Promise<void> => {
    disposed ??= (async () => {
      try {
        await inner.dispose();
      } finally {
        await onDispose?.();
      }
    })();
    return disposed;
  };
  const adapter: TrackedAdapter = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (q: SqlQuery) => inner.queryRaw(q),
    executeRaw: async (q: SqlQuery) => {
      try {
        return await inner.executeRaw(q);
      } catch (e) {
        if (sqliteScriptFallback && q.args.length === 0 && isMultiStatementError(e)) {
          await inner.executeScript(q.sql);
          return 0;
        }
        throw e;
      }
    },
    executeScript: (s: string) => inner.executeScript(s),
    startTransaction: (iso?: IsolationLevel) => inner.startTransaction(iso),
    dispose: disposeOnce,
    disposeOnce,
  };
  if (inner.getConnectionInfo) adapter.getConnectionInfo = () => inner.getConnectionInfo!();
  return adapter;
}

/**
 * The adapter factory handed to the engine: keeps every connection it opened (disposed by
 * `disposeAll`, after `engine.free()`), adds the provider fixes, and provides our own shadow
 * database.
 */
class TrackingFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider: 'sqlite' | 'postgres';
  readonly adapterName: string;
  readonly #opened: TrackedAdapter[] = [];
  readonly #cleanups: Array<() => Promise<void>> = [];
  readonly #inner: SqlDriverAdapterFactory;
  readonly #shadow: () => Promise<SqlDriverAdapter>;
  readonly #sqlite: boolean;

  constructor(inner: SqlDriverAdapterFactory, shadow: () => Promise<SqlDriverAdapter>, sqlite: boolean) {
    this.#inner = inner;
    this.#shadow = shadow;
    this.#sqlite = sqlite;
    this.provider = sqlite ? 'sqlite' : 'postgres';
    this.adapterName = `${inner.adapterName}+fleet-migrate`;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const a = track(await this.#inner.connect(), this.#sqlite);
    this.#opened.push(a);
    return a;
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const a = track(await this.#shadow(), this.#sqlite);
    this.#opened.push(a);
    return a;
  }

  addCleanup(fn: () => Promise<void>): void {
    this.#cleanups.push(fn);
  }

  async disposeAll(): Promise<void> {
    const errors: unknown[] = [];
    for (const a of this.#opened.splice(0)) await a.disposeOnce().catch((e: unknown) => errors.push(e));
    for (const fn of this.#cleanups.splice(0).reverse()) await fn().catch((e: unknown) => errors.push(e));
    if (errors.length) throw new AggregateError(errors, 'disposing migration connections failed');
  }
}

function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

/**
 * Create a uniquely named PostgreSQL database through `adminUrl` (a copy of `options.template` when
 * given, a database no session is connected to); returns its URL and a dropper.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const from = options.template ? ` TEMPLATE ${quoteIdent(options.template)}` : '';
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}${from}`);
        break;
      } catch (e) {
        // A copy needs the template without sessions; an autovacuum worker may visit it for a moment
        // (55006 object_in_use: "source database is being accessed by other users").
        if (!from || (e as { code?: unknown }).code !== '55006' || attempt >= 50) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/**
 * Drop a PostgreSQL database and its connections. `WITH (FORCE)` signals the backends connected
 * to it; one our role may not signal (an autovacuum worker, briefly) makes the drop fail with
 * insufficient privilege: tried again until it is gone (a few seconds at most).
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        return;
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (code !== '42501' || attempt >= 25) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    await c.end();
  }
}

function makeFactory(url: string, provider: DbProvider): TrackingFactory {
  if (provider === 'sqlite') {
    const file = sqlitePathOf(url);
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    const inner = new PrismaBetterSqlite3({ url: file });
    // The shadow database is a private in-memory database (adapter default).
    return new TrackingFactory(inner, () => inner.connectToShadowDb(), true);
  }
  const pool = migrationPool(url);
  const factory: TrackingFactory = new TrackingFactory(
    new PrismaPg(pool),
    async (): Promise<SqlDriverAdapter> => {
      // Our own shadow database, created and dropped through the main URL (the role needs CREATEDB).
      const db = await createScratchDatabase(url, `${databaseOf(url)}_shadow`.slice(0, 40));
      const shadowPool = migrationPool(db.url);
      const adapter = await new PrismaPg(shadowPool).connect();
      factory.addCleanup(async () => {
        await shadowPool.end();
        await db.drop();
      });
      return adapter;
    },
    false,
  );
  factory.addCleanup(() => pool.end());
  return factory;
}

// ── migrations on disk ─────────────────────────────────────────────────────────────────────────

export function lockfileContent(provider: DbProvider): string {
  return '# Please do not edit this file manually\n' + '# It should be added in your version-control system (e.g., Git)\n' + `provider = "${provider}"\n`;
}

/** The migrations folder as the engine wants it (sorted directories with their migration.sql). */
export function readMigrationsList(dir: string): MigrationList {
  const lockPath = path.join(dir, 'migration_lock.toml');
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => {
      const file = path.join(dir, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(file) ? { tag: 'ok' as const, value: readFileSync(file, 'utf8') } : { tag: 'error' as const, value: `Could not read ${file}` },
        },
      };
    }),
  };
}

// ── engine sessions ────────────────────────────────────────────────────────────────────────────

async function withEngine<T>(
  url: string,
  provider: DbProvider,
  schema: string,
  log: MigrateLogger | undefined,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  return serialized(async () => {
    const glue = await loadSchemaEngine();
    const factory = makeFactory(url, provider);
    let engine: SchemaEngine | undefined;
    try {
      engine = await glue.SchemaEngine.new(
        { datamodels: [[SCHEMA_PATHS[provider], schema]] },
        (line: string) => log?.(line),
        bindMigrationAwareSqlAdapterFactory(factory),
      );
      return await fn(engine);
    } finally {
      engine?.free();
      await factory.disposeAll();
    }
  });
}

/**
 * Apply every committed migration not yet applied (`prisma migrate deploy`). Programmatic: the
 * core calls it at boot when MIGRATE_ON_BOOT is set; tests call it on fresh databases.
 */
export async function migrateDeploy(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrateDeployResult> {
  const provider = providerOf(databaseUrl);
  const dir = options.migrationsDir ?? MIGRATIONS_DIRS[provider];
  const schema = options.schema ?? schemaFor(provider);
  const migrationsList = readMigrationsList(dir);
  if (migrationsList.migrationDirectories.length === 0) {
    throw new Error(`No migrations in ${dir}: run \`pnpm --filter @fleet/db migrate:create <name>\` first`);
  }
  if (provider === 'sqlite') {
    // The engine opens SQLite in exclusive locking mode, so it cannot run while another process
    // uses the file; an up-to-date database does not need it at all.
    const names = migrationsList.migrationDirectories.map((d) => d.path);
    if (sqlitePendingMigrations(databaseUrl, names).length === 0) return { provider, appliedMigrationNames: [] };
  }
  try {
    const out = await withEngine(databaseUrl, provider, schema, options.log, (engine) => engine.applyMigrations({ migrationsList, filters: NO_FILTERS }));
    return { provider, appliedMigrationNames: out.appliedMigrationNames };
  } catch (error) {
    if (provider === 'sqlite' && isSqliteBusy(error)) throw new DatabaseBusyError(sqlitePathOf(databaseUrl), { cause: error });
    throw error;
  }
}

/** The SQLite file is held by another process (another core or stack running on it). */
export class DatabaseBusyError extends Error {
  constructor(
    readonly file: string,
    options?: ErrorOptions,
  ) {
    super(
      `The SQLite database ${file} is in use by another process (is another core or stack running on it?). ` +
        'Stop that process, or point DATABASE_URL at another file.',
      options,
    );
    this.name = 'DatabaseBusyError';
  }
}

/** Busy/locked answers of SQLite, as better-sqlite3 or the schema engine's adapter word them. */
function isSqliteBusy(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message} ${'code' in error ? String(error.code) : ''}` : String(error);
  return /SQLITE_BUSY|SQLITE_LOCKED|database is locked|SocketTimeout/i.test(text);
}

/**
 * The committed migrations a SQLite database has not applied yet (all of them for a missing
 * file). Read-only; waits up to `timeoutMs` for a writer, then reports the file as busy.
 */
export function sqlitePendingMigrations(databaseUrl: string, names: readonly string[], timeoutMs = 5000): string[] {
  const file = sqlitePathOf(databaseUrl);
  if (file === ':memory:' || !existsSync(file)) return [...names];
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: timeoutMs });
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (table === undefined) return [...names];
    const rows = db.prepare('SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL').all() as Array<{
      name: string;
    }>;
    const applied = new Set(rows.map((row) => row.name));
    return names.filter((name) => !applied.has(name));
  } catch (error) {
    if (isSqliteBusy(error)) throw new DatabaseBusyError(file, { cause: error });
    throw error;
  } finally {
    db?.close();
  }
}

/**
 * The SQL that would bring a database built from the committed migrations to the schema; empty
 * when the migrations are up to date. `databaseUrl` is only used to reach the server (and, on
 * PostgreSQL, to create the shadow database): nothing is written to it.
 */
export async function diffMigrationsToSchema(databaseUrl: string, options: MigrateOptions = {}): Promise<string> {
  const provider = providerOf(databaseUrl);
  const dir = options.migrationsDir ?? MIGRATIONS_DIRS[provider];
  const schema = options.schema ?? schemaFor(provider);
  const migrationsList = readMigrationsList(dir);
  const result = await withEngine(databaseUrl, provider, schema, options.log, (engine) =>
    engine.diff({
      from: { tag: 'migrations', ...migrationsList },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATHS[provider], content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    }),
  );
  const sql = (result.stdout ?? '').trim();
  // An empty diff renders as a comment only.
  return /^(--[^\n]*\n?)*$/.test(sql) ? '' : sql;
}

export interface CreateMigrationsOptions {
  /** Migration name; sanitised to [a-z0-9_]. */
  name: string;
  /**
   * PostgreSQL server reached through this URL (role with CREATEDB). A scratch development
   * database and a shadow database are created and dropped; the URL's own database is untouched.
   * Omit only together with `sqliteOnly`.
   */
  postgresUrl?: string;
  /** Create the SQLite half only (the PostgreSQL half must then be created later). */
  sqliteOnly?: boolean;
  /** Override the migrations folders (tests). */
  migrationsDirs?: Partial<Record<DbProvider, string>>;
  /** Override the schema texts (tests). */
  schemas?: Partial<Record<DbProvider, string>>;
  log?: MigrateLogger;
  /** Clock for the folder timestamp (tests). */
  now?: Date;
}

export interface CreatedMigration {
  provider: DbProvider;
  /** Folder name, or null when the schema had no changes for this provider. */
  migrationName: string | null;
  dir: string | null;
}

/**
 * Prisma writes Json defaults unquoted into SQLite DDL (`"x" JSONB NOT NULL DEFAULT {}`), which
 * SQLite rejects (prisma/orm#26571, open). Quote them as SQL string literals; the engine then
 * reads the database back as matching the schema (no drift in later diffs).
 */
export function fixSqliteJsonDefaults(sql: string): string {
  return sql.replace(
    /(JSONB(?: NOT NULL)? DEFAULT )(\{.*?\}|\[.*?\])(?=\s*(?:,|;|\)|$))/gm,
    (_m, head: string, json: string) => `${head}'${json.replace(/'/g, "''")}'`,
  );
}

function sanitizeName(name: string): string {
  const s = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!s) throw new Error('A migration name is required (letters, digits, underscores)');
  return s.slice(0, 200);
}

function timestamp(d: Date): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/**
 * One folder name for both providers, strictly after every existing migration: folder names
 * have one-second precision, and two runs in the same second would otherwise sort wrongly.
 */
function nextFolderName(name: string, dirs: string[], now: Date): string {
  let last = '';
  for (const dir of dirs) {
    for (const m of readMigrationsList(dir).migrationDirectories) {
      const ts = m.path.slice(0, 14);
      if (/^\d{14}$/.test(ts) && ts > last) last = ts;
    }
  }
  let t = now.getTime();
  while (timestamp(new Date(t)) <= last) t += 1000;
  return `${timestamp(new Date(t))}_${name}`;
}

async function createOne(
  provider: DbProvider,
  devUrl: string,
  dir: string,
  schema: string,
  folderName: string,
  log: MigrateLogger | undefined,
): Promise<CreatedMigration> {
  return withEngine(devUrl, provider, schema, log, async (engine) => {
    let migrationsList = readMigrationsList(dir);
    await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    const diagnostic = await engine.devDiagnostic({ migrationsList, filters: NO_FILTERS });
    if (diagnostic.action.tag === 'reset') {
      throw new Error(`${provider}: the migration history cannot be replayed (${diagnostic.action.reason})`);
    }
    const created = await engine.createMigration({
      draft: false,
      migrationName: folderName.slice(15),
      migrationsList,
      schema: { files: [{ path: SCHEMA_PATHS[provider], content: schema }] },
      filters: NO_FILTERS,
    });
    if (created.migrationScript === null) {
      log?.(`${provider}: no schema changes, no migration created`);
      return { provider, migrationName: null, dir: null };
    }
    const script = provider === 'sqlite' ? fixSqliteJsonDefaults(created.migrationScript) : created.migrationScript;
    const target = path.join(dir, folderName);
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, `migration.${created.extension || 'sql'}`), script);
    writeFileSync(path.join(dir, 'migration_lock.toml'), lockfileContent(provider));
    migrationsList = readMigrationsList(dir);
    // Prove the new migration applies on top of the history.
    await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    log?.(`${provider}: created ${path.relative(process.cwd(), target) || target}`);
    return { provider, migrationName: folderName, dir: target };
  });
}

/**
 * `migrate dev --create-only` for both providers: replays the committed migrations into a
 * scratch database, diffs them against the schema, writes `<timestamp>_<name>/migration.sql` and
 * `migration_lock.toml`, and applies the result to prove it. The same folder name is used for
 * both providers.
 */
export async function createMigrations(options: CreateMigrationsOptions): Promise<CreatedMigration[]> {
  const name = sanitizeName(options.name);
  if (!options.postgresUrl && !options.sqliteOnly) {
    throw new Error('createMigrations: postgresUrl is required (or pass sqliteOnly: true)');
  }
  const dirs: Record<DbProvider, string> = {
    sqlite: options.migrationsDirs?.sqlite ?? MIGRATIONS_DIRS.sqlite,
    postgresql: options.migrationsDirs?.postgresql ?? MIGRATIONS_DIRS.postgresql,
  };
  const folderName = nextFolderName(name, Object.values(dirs), options.now ?? new Date());
  const results: CreatedMigration[] = [];

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fleet-migrate-'));
  try {
    results.push(
      await createOne('sqlite', `file:${path.join(tmp, 'dev.db')}`, dirs.sqlite, options.schemas?.sqlite ?? schemaFor('sqlite'), folderName, options.log),
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  if (options.postgresUrl) {
    if (providerOf(options.postgresUrl) !== 'postgresql') {
      throw new Error(`Not a PostgreSQL URL: ${redactUrl(options.postgresUrl)}`);
    }
    const dev = await createScratchDatabase(options.postgresUrl, 'fleet_migrate_dev');
    try {
      results.push(await createOne('postgresql', dev.url, dirs.postgresql, options.schemas?.postgresql ?? schemaFor('postgresql'), folderName, options.log));
    } finally {
      await dev.drop();
    }
  }
  return results;
}
