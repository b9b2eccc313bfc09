/**
 * The SQLite driver adapters under Prisma: the writing connection (WAL, synchronous=FULL, foreign
 * keys, asserted at start-up by client.ts since better-sqlite3 reopens a WAL file at
 * synchronous=NORMAL) whose transactions take the connection's lock when they start and release it
 * at commit or rollback, and the read-only connection that sees what is committed without waiting.
 */
import Database from 'better-sqlite3';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { savepointTransaction } from './commit-groups.js';
import { currentContext, type AsyncLock } from './lock.js';
import { cacheStatements, type StatementCacheStats } from './statement-cache.js';

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
      // A nested write inside a commit group: the group's transaction is open on the connection.
      if (ctx?.group) return savepointTransaction(inner);
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

/**
 * Compiled statements kept on the adapter's better-sqlite3 connection (statement-cache.ts). The
 * adapter does not type its connection; a later adapter without one keeps working uncached, and
 * `statementStats` then reports nothing (a test checks that statements are reused).
 */
function keepStatements(inner: SqlDriverAdapter): StatementCacheStats | undefined {
  const client = (inner as unknown as { client?: unknown }).client;
  return client instanceof Database ? cacheStatements(client) : undefined;
}

/** What the writing connection hands the handle once it is open (client.ts keeps them). */
export type OnWriterConnected = (inner: SqlDriverAdapter, statements: StatementCacheStats | undefined) => void;

/** The writing connection: durability pragmas, its statements kept, transactions under the lock. */
export class SqliteFactory implements SqlDriverAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(
    file: string,
    private readonly owner: object,
    private readonly lock: AsyncLock,
    private readonly connected: OnWriterConnected,
  ) {
    this.#inner = new PrismaBetterSqlite3({ url: file });
    this.adapterName = `${this.#inner.adapterName}+fleet`;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    const statements = keepStatements(inner);
    await inner.executeScript(SQLITE_PRAGMAS);
    this.connected(inner, statements);
    return lockingAdapter(inner, this.owner, this.lock);
  }
}

/** The reading connection: refuses writes, waits (bounded) rather than failing while a checkpoint runs. */
export class ReadingFactory implements SqlDriverAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(file: string) {
    this.#inner = new PrismaBetterSqlite3({ url: file });
    this.adapterName = `${this.#inner.adapterName}+fleet-reader`;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    keepStatements(inner);
    await inner.executeScript('PRAGMA query_only = ON; PRAGMA busy_timeout = 5000;');
    return inner;
  }
}
