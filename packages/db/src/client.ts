/**
 * The client factory: one model, two providers, one client type for callers.
 *
 * SQLite (`file:` URLs or paths) goes through the better-sqlite3 driver adapter, PostgreSQL
 * (`postgres://`, `postgresql://`) through the pg adapter. Both generated clients come from the
 * same models; callers see the SQLite client's type (`Db`).
 *
 * SQLite traps handled here (STACK.md):
 * 1. One connection per process: a query issued while another request's interactive transaction
 *    is open would run INSIDE it (see uncommitted rows, vanish on rollback). A process-wide async
 *    lock (per handle) serialises work on the connection:
 *    - a client extension (`query.$allOperations`) takes the lock around every query issued
 *      outside a transaction;
 *    - a transaction takes the same lock when it starts (driver-adapter level, so it also covers
 *      `prisma.$transaction(...)` called directly and batch transactions) and releases it at
 *      commit/rollback, i.e. it holds it for its whole callback;
 *    - queries inside a transaction skip the lock: the transaction's own queries (Prisma marks
 *      them), and, through AsyncLocalStorage, any query made by a `transaction(db, fn)` callback
 *      and the internal transaction Prisma opens for a nested write.
 * 2. Durability: `journal_mode=WAL` and `synchronous=FULL` are set on every connection and
 *    asserted at start-up (better-sqlite3 reopens a WAL file at synchronous=NORMAL).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { ITXClientDenyList } from '@prisma/client/runtime/client';
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from '@prisma/driver-adapter-utils';
import { PrismaClient as SqliteClient } from '../generated/sqlite/client.js';
import { PrismaClient as PostgresClient } from '../generated/postgresql/client.js';
import type { DbProvider } from './paths.js';
import { providerOf, sqlitePathOf } from './url.js';

// ── the lock ───────────────────────────────────────────────────────────────────────────────────

/** A FIFO async mutex. */
export class AsyncLock {
  #tail: Promise<void> = Promise.resolve();
  #held = 0;

  /** Resolves with a release function once the lock is ours. Release is idempotent. */
  acquire(): Promise<() => void> {
    let open!: () => void;
    const mine = new Promise<void>((resolve) => (open = resolve));
    const prev = this.#tail;
    this.#tail = prev.then(() => mine);
    return prev.then(() => {
      this.#held++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        this.#held--;
        open();
      };
    });
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** True while someone holds the lock (diagnostics and tests). */
  get locked(): boolean {
    return this.#held > 0;
  }
}

/** What the current async context is doing with the database (SQLite lock bookkeeping). */
interface DbContext {
  /** The handle this context belongs to (a process may open several databases). */
  readonly owner: object;
  /**
   * 'query': a query holding the lock (its nested-write transaction must not lock again);
   * 'tx': the callback of `transaction(db, fn)` (its queries run inside the open transaction).
   */
  readonly kind: 'query' | 'tx';
  /** Cleared when the query / transaction ends, so leaked async continuations do not skip the lock. */
  open: boolean;
  /** The transaction client, for `kind: 'tx'` (nested `transaction()` calls join it). */
  tx?: DbTx;
}

const context = new AsyncLocalStorage<DbContext>();

function currentContext(owner: object): DbContext | undefined {
  const c = context.getStore();
  return c && c.owner === owner && c.open ? c : undefined;
}

// ── client type ────────────────────────────────────────────────────────────────────────────────

function withSqliteLock(base: SqliteClient, owner: object, lock: AsyncLock) {
  return base.$extends({
    name: 'fleet-sqlite-lock',
    query: {
      async $allOperations(params) {
        const { args, query } = params;
        // Prisma marks the queries of a transaction (interactive or batch) in its internal
        // parameters; they run on the transaction, which already holds the lock. This is not a
        // public API: packages/db/test/sqlite-lock.test.ts pins the behaviour.
        const internal = (params as unknown as { __internalParams?: { transaction?: unknown } }).__internalParams;
        if (internal?.transaction || currentContext(owner)) return query(args);
        const release = await lock.acquire();
        const ctx: DbContext = { owner, kind: 'query', open: true };
        try {
          // query() returns a lazy PrismaPromise that runs when `.then` is called: call it inside
          // the context, or the request (and its internal transaction) would run outside it.
          return await context.run(ctx, () => query(args).then((value) => value));
        } finally {
          ctx.open = false;
          release();
        }
      },
    },
  });
}

/**
 * The one client type callers use, for both providers (the SQLite client's type; the PostgreSQL
 * client is generated from the same models). Provider-specific options (e.g. `mode:
 * 'insensitive'`) are deliberately absent from it.
 */
export type Db = ReturnType<typeof withSqliteLock>;
/** The client passed to a transaction callback. */
export type DbTx = Omit<Db, ITXClientDenyList>;

export interface DbHandle {
  prisma: Db;
  provider: DbProvider;
  /** Disconnects (closes the SQLite file / ends the pg pool). */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** `file:./x.db`, a path, `postgres://...` or `postgresql://...` */
  url: string;
  /** PostgreSQL pool size (pg default 10). */
  poolSize?: number;
  /** Prisma log levels, e.g. ['warn', 'error']. */
  log?: Array<'query' | 'info' | 'warn' | 'error'>;
}

export interface TransactionOptions {
  /** Max time (ms) to wait to start the transaction (Prisma default 2000). */
  maxWait?: number;
  /** Max time (ms) the callback may run (Prisma default 5000). */
  timeout?: number;
}

// ── SQLite adapter wrapper: pragmas + transactions take the lock ───────────────────────────────

const SQLITE_PRAGMAS = 'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;';

function lockingTransaction(tx: Transaction, release: () => void): Transaction {
  const wrapped: Transaction = {
    provider: tx.provider,
    adapterName: tx.adapterName,
    options: tx.options,
    queryRaw: (q: SqlQuery) => tx.queryRaw(q),
    executeRaw: (q: SqlQuery) => tx.executeRaw(q),
    commit: async () => {
      try {
        await tx.commit();
      } finally {
        release();
      }
    },
    rollback: async () => {
      try {
        await tx.rollback();
      } finally {
        release();
      }
    },
  };
  if (tx.createSavepoint) wrapped.createSavepoint = (n: string) => tx.createSavepoint!(n);
  if (tx.rollbackToSavepoint) wrapped.rollbackToSavepoint = (n: string) => tx.rollbackToSavepoint!(n);
  if (tx.releaseSavepoint) wrapped.releaseSavepoint = (n: string) => tx.releaseSavepoint!(n);
  return wrapped;
}

function lockingAdapter(inner: SqlDriverAdapter, owner: object, lock: AsyncLock): SqlDriverAdapter {
  const adapter: SqlDriverAdapter = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    // Plain queries are locked by the client extension (which knows about transactions).
    queryRaw: (q: SqlQuery) => inner.queryRaw(q),
    executeRaw: (q: SqlQuery) => inner.executeRaw(q),
    executeScript: (s: string) => inner.executeScript(s),
    startTransaction: async (isolationLevel?: IsolationLevel) => {
      const ctx = currentContext(owner);
      // The internal transaction of a nested write runs under its query's lock already.
      if (ctx?.kind === 'query') return inner.startTransaction(isolationLevel);
      if (ctx?.kind === 'tx' && ctx.tx) {
        // A second transaction from inside a transaction callback (e.g. a nested write through
        // the outer client): on one connection it could only deadlock or nest BEGINs.
        throw new Error('SQLite: start no transaction inside a transaction callback; use the `tx` client');
      }
      const release = await lock.acquire();
      try {
        return lockingTransaction(await inner.startTransaction(isolationLevel), release);
      } catch (e) {
        release();
        throw e;
      }
    },
    dispose: () => inner.dispose(),
  };
  if (inner.getConnectionInfo) adapter.getConnectionInfo = () => inner.getConnectionInfo!();
  return adapter;
}

class SqliteFactory implements SqlDriverAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;
  readonly #owner: object;
  readonly #lock: AsyncLock;

  constructor(file: string, owner: object, lock: AsyncLock) {
    this.#inner = new PrismaBetterSqlite3({ url: file });
    this.adapterName = `${this.#inner.adapterName}+fleet`;
    this.#owner = owner;
    this.#lock = lock;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    await inner.executeScript(SQLITE_PRAGMAS);
    return lockingAdapter(inner, this.#owner, this.#lock);
  }
}

/** Read the durability pragmas of an open SQLite client. */
export async function sqlitePragmas(prisma: Db): Promise<{ journalMode: string; synchronous: number; foreignKeys: number }> {
  const [jm] = await prisma.$queryRawUnsafe<Array<{ journal_mode: string }>>('PRAGMA journal_mode');
  const [sync] = await prisma.$queryRawUnsafe<Array<{ synchronous: bigint | number }>>('PRAGMA synchronous');
  const [fk] = await prisma.$queryRawUnsafe<Array<{ foreign_keys: bigint | number }>>('PRAGMA foreign_keys');
  return {
    journalMode: String(jm?.journal_mode ?? ''),
    synchronous: Number(sync?.synchronous ?? -1),
    foreignKeys: Number(fk?.foreign_keys ?? -1),
  };
}

// ── factory ────────────────────────────────────────────────────────────────────────────────────

const handles = new WeakMap<object, { owner: object }>();

/**
 * Open a database. Migrations are not applied here (see `migrateDeploy`).
 * On SQLite the parent folder is created, and WAL + synchronous=FULL are asserted.
 */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const provider = providerOf(options.url);
  const log = options.log ?? ['warn', 'error'];

  if (provider === 'sqlite') {
    const file = sqlitePathOf(options.url);
    if (file === ':memory:') throw new Error('createDb: in-memory SQLite is not supported (WAL needs a file)');
    mkdirSync(path.dirname(file), { recursive: true });
    const owner = {};
    const lock = new AsyncLock();
    const base = new SqliteClient({ adapter: new SqliteFactory(file, owner, lock), log });
    const prisma = withSqliteLock(base, owner, lock);
    try {
      const p = await sqlitePragmas(prisma);
      if (p.journalMode !== 'wal' || p.synchronous !== 2 || p.foreignKeys !== 1) {
        throw new Error(
          `SQLite ${file}: expected journal_mode=wal, synchronous=2 (FULL), foreign_keys=1; got ${p.journalMode}, ${p.synchronous}, ${p.foreignKeys}`,
        );
      }
    } catch (e) {
      await base.$disconnect().catch(() => undefined);
      throw e;
    }
    const handle: DbHandle = { prisma, provider, close: () => base.$disconnect() };
    handles.set(prisma, { owner });
    return handle;
  }

  const adapter = new PrismaPg({ connectionString: options.url, ...(options.poolSize ? { max: options.poolSize } : {}) });
  const pgClient = new PostgresClient({ adapter, log });
  // The PostgreSQL client is generated from the very same models as the SQLite one; the two
  // types differ only in provider-specific extras (e.g. `mode: 'insensitive'`, isolation level
  // names). Callers get one type, the SQLite one, which both clients satisfy at run time.
  const prisma = pgClient as unknown as Db;
  await prisma.$queryRawUnsafe('SELECT 1');
  handles.set(prisma, { owner: {} });
  return { prisma, provider, close: () => pgClient.$disconnect() };
}

/**
 * Run `fn` in an interactive transaction. On SQLite the process-wide lock is held for the whole
 * callback, and any query the callback makes (through `tx` or, by mistake, through the outer
 * client) runs inside the transaction instead of waiting for it. Nested calls join the outer
 * transaction. On PostgreSQL (Read Committed) a transaction alone does not prevent lost updates:
 * use a version column (`updateMany({ where: { id, version } })`) or atomic updates.
 */
export async function transaction<T>(db: DbHandle | Db, fn: (tx: DbTx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const prisma = 'prisma' in db && 'provider' in db ? db.prisma : (db as Db);
  const owner = handles.get(prisma)?.owner ?? prisma;
  const outer = currentContext(owner);
  if (outer?.kind === 'tx' && outer.tx) return fn(outer.tx);
  const ctx: DbContext = { owner, kind: 'tx', open: true };
  try {
    return await context.run(ctx, () =>
      prisma
        .$transaction(async (tx) => {
          ctx.tx = tx;
          return fn(tx);
        }, options)
        // started inside the context (Prisma promises are lazy until `.then`)
        .then((value) => value),
    );
  } finally {
    ctx.open = false;
  }
}
