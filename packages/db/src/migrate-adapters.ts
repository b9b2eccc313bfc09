/**
 * The connections Prisma's schema engine opens for a migration (migrate.ts drives the engine): every
 * one through a tracking factory, disposed after the engine is freed (on SQLite the engine otherwise
 * leaves the file in exclusive locking mode); SQLite's multi-statement migration SQL falls back to
 * `executeScript`; PostgreSQL's `"char"` columns read as text; the shadow database our own, uniquely
 * named. Also the scratch databases tests and the shadow use (createScratchDatabase, dropDatabase).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { systemClock, type Clock } from '@fleet/contracts';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';
import type { DbProvider } from './paths.js';
import { databaseOf, sqlitePathOf, withDatabase } from './url.js';

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
export class TrackingFactory implements SqlMigrationAwareDriverAdapterFactory {
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
  options: { template?: string; clock?: Clock } = {},
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${(options.clock ?? systemClock).now().toString(36)}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const url = await createDatabase(adminUrl, name, options);
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Run one statement through `adminUrl` on a connection of its own, tried again while it fails with
 * `retryCode` (a database briefly in use by a session we may not end), every `delayMs`, `attempts` times at most.
 */
async function adminStatement(adminUrl: string, sql: string, retry: { code: string; attempts: number; delayMs: number } | null): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(sql);
        return;
      } catch (e) {
        if (retry === null || (e as { code?: unknown }).code !== retry.code || attempt >= retry.attempts) throw e;
        await new Promise((r) => setTimeout(r, retry.delayMs));
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * A database copied or renamed must have no sessions; an autovacuum worker may visit it for a moment
 * (55006 object_in_use: "source database is being accessed by other users").
 */
const WHILE_VISITED = { code: '55006', attempts: 50, delayMs: 100 } as const;

/** Create the PostgreSQL database `name` (a copy of `options.template` when given) through `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string, name: string, options: { template?: string } = {}): Promise<string> {
  const from = options.template ? ` TEMPLATE ${quoteIdent(options.template)}` : '';
  await adminStatement(adminUrl, `CREATE DATABASE ${quoteIdent(name)}${from}`, from ? WHILE_VISITED : null);
  return withDatabase(adminUrl, name);
}

/** Rename the PostgreSQL database `from` (no session connected to it) to `to` through `adminUrl`; returns its URL. */
export async function renameDatabase(adminUrl: string, from: string, to: string): Promise<string> {
  await adminStatement(adminUrl, `ALTER DATABASE ${quoteIdent(from)} RENAME TO ${quoteIdent(to)}`, WHILE_VISITED);
  return withDatabase(adminUrl, to);
}

/** The names of the PostgreSQL databases starting with `prefix`, seen through `adminUrl`. */
export async function databasesStartingWith(adminUrl: string, prefix: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname', [prefix]);
    return rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

/**
 * Drop a PostgreSQL database and its connections. `WITH (FORCE)` signals the backends connected
 * to it; one our role may not signal (an autovacuum worker, briefly) makes the drop fail with
 * insufficient privilege: tried again until it is gone (a few seconds at most).
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`, { code: '42501', attempts: 25, delayMs: 200 });
}

export function makeFactory(url: string, provider: DbProvider): TrackingFactory {
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
