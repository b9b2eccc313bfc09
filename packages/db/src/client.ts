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
 *
 * Writes in groups (SQLite): at synchronous=FULL every commit waits for the disk, so a write per
 * commit caps the core at a few hundred writes a second. Writes issued outside a transaction and
 * `transaction(db, fn)` callbacks are queued instead; once per turn of the event loop the queue is
 * run as one transaction (each write in its own savepoint, so a failing one rolls back alone) and
 * committed once. Every caller's promise settles only after that commit: nothing is acknowledged
 * before it is durable. PostgreSQL already flushes concurrent commits together (its WAL writer), so
 * there each write keeps its own transaction.
 *
 * Reads (SQLite): model reads outside a transaction go to a second, read-only connection. In WAL
 * mode it sees exactly what is committed, so it needs no lock and never waits for a group (reads
 * inside a transaction stay on the writing connection and see the transaction's own writes).
 *
 * Write feed (both providers): `watchWrites` tells read models about every committed write (model,
 * operation, arguments, result) after the commit and before the writer's promise settles, so a
 * caller that reads after its write sees it (read-your-writes).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import Database from 'better-sqlite3';
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
import { cacheStatements, type StatementCacheStats } from './statement-cache.js';
import { Checkpointer, DEFAULT_AUTOCHECKPOINT_PAGES, WRITER_AUTOCHECKPOINT_PAGES, type CheckpointStats } from './checkpoints.js';

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
  /** Writes made in this context, reported to the write feed once they are committed. */
  changes?: WriteChange[];
  /** Set inside a commit group: a transaction Prisma opens here becomes a savepoint. */
  group?: true;
}

const context = new AsyncLocalStorage<DbContext>();

/** Runs under way in {@link context}. */
let runs = 0;

/**
 * `fn` in the context `ctx`. The storage is enabled only while a run is under way: on Node 20 an
 * enabled AsyncLocalStorage keeps async and promise hooks installed that every request of the
 * process pays for (about 4 % of a cached unit read), queries or not. It is disabled once the last
 * run has settled, and the next run enables it again. What a run left behind (a timer, a detached
 * promise) then finds no context: its context is closed (`open` false) by then anyway.
 */
function runIn<T>(ctx: DbContext, fn: () => Promise<T>): Promise<T> {
  runs++;
  let ran: Promise<T>;
  try {
    ran = context.run(ctx, fn);
  } catch (error) {
    runEnded();
    throw error;
  }
  return ran.finally(runEnded);
}

function runEnded(): void {
  if (--runs === 0) context.disable();
}

function currentContext(owner: object): DbContext | undefined {
  const c = context.getStore();
  return c && c.owner === owner && c.open ? c : undefined;
}

// ── the write feed ─────────────────────────────────────────────────────────────────────────────

/** A committed write as the storage layer saw it (read models are kept current from these). */
export interface WriteChange {
  /** The Prisma model ('Unit'), or null for raw SQL (which may have changed anything). */
  readonly model: string | null;
  readonly operation: string;
  readonly args: unknown;
  readonly result: unknown;
  /**
   * Set by statements that wrote known values to one row by id (`executeStatement` with a row,
   * when it changed that row): the columns as a read of the row would now give them. A read model
   * may apply these instead of reading the row again.
   */
  readonly row?: WrittenRow;
}

/** One row's columns after a write (values as Prisma reads them: Date, parsed JSON, numbers…). */
export interface WrittenRow {
  readonly id: string;
  readonly columns: Readonly<Record<string, unknown>>;
}

/** Called after writes are committed and before their callers' promises settle. */
export type WriteListener = (changes: readonly WriteChange[]) => Promise<void> | void;

const WRITE_OPERATIONS = new Set([
  'create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert',
  'delete', 'deleteMany', '$executeRaw', '$executeRawUnsafe',
]);

/**
 * Writes Prisma runs as one statement, or in a transaction of its own when they need more (a nested
 * write): in a commit group they need no savepoint to fail alone. (createMany, which may be cut into
 * several statements, upsert and raw SQL get one.)
 */
const ATOMIC_OPERATIONS = new Set(['create', 'update', 'updateMany', 'delete', 'deleteMany']);

/** Per open database: its lock owner, write listeners and (SQLite) commit groups. */
interface HandleState {
  readonly owner: object;
  readonly listeners: Set<WriteListener>;
  groups?: CommitGroups;
  /** SQLite: a second connection for reads outside transactions (sees committed data only, never waits for a group). */
  reader?: SqliteClient;
  /** SQLite: how the writing connection's compiled statements are kept. */
  statements?: StatementCacheStats;
  /** The driver adapter under Prisma (SQLite: the writing connection; PostgreSQL: the pool), for `executeStatement`. */
  adapter?: SqlDriverAdapter;
  /** The provider's placeholder style, for statements built outside Prisma. */
  provider?: DbProvider;
  /** SQLite: the writing connection's lock. */
  lock?: AsyncLock;
  /** SQLite: the worker that checkpoints the WAL off the event loop (checkpoints.ts). */
  checkpointer?: Checkpointer;
}

async function emitWrites(state: HandleState, changes: readonly WriteChange[]): Promise<void> {
  if (changes.length === 0 || state.listeners.size === 0) return;
  for (const listener of state.listeners) {
    try {
      await listener(changes);
    } catch (e) {
      // The write is committed whatever a listener does; its failure must not turn into the
      // writer's error (the caller would retry a write that happened).
      process.emitWarning(`write listener failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

function changeOf(model: string | undefined, operation: string, args: unknown, result: unknown): WriteChange {
  return { model: model ?? null, operation, args, result };
}

// ── commit groups (SQLite) ─────────────────────────────────────────────────────────────────────

interface GroupJob {
  run(): Promise<unknown>;
  /** One statement, or Prisma's own (nested) transaction: atomic without a savepoint of its own. */
  atomic: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Most writes one commit carries (bounds how long reads wait for the lock). */
const MAX_GROUP = 256;

/**
 * Queued writes, committed together: one `BEGIN IMMEDIATE … COMMIT` per group, a savepoint per
 * write. Jobs run one after another on the single connection while the group holds the lock.
 */
class CommitGroups {
  #queue: GroupJob[] = [];
  #running = false;
  #idle: Array<() => void> = [];
  /** Groups committed and writes carried (diagnostics and tests). */
  readonly stats = { groups: 0, writes: 0 };

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly lock: AsyncLock,
    private readonly state: HandleState,
    private readonly client: () => DbTx,
  ) {}

  submit<T>(run: () => Promise<T>, atomic = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run, atomic, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#running) {
        this.#running = true;
        // Wait for the rest of this turn of the event loop: the requests parsed in it join the group.
        setImmediate(() => void this.#drain());
      }
    });
  }

  /** The adapter throws synchronously (a closed connection): always a promise here. */
  async #exec(sql: string): Promise<void> {
    await this.inner.executeScript(sql);
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#commit(this.#queue.splice(0, MAX_GROUP));
    } finally {
      this.#running = false;
      const idle = this.#idle;
      this.#idle = [];
      for (const resolve of idle) resolve();
    }
  }

  /** Resolves once every queued write has been committed or refused (before closing). */
  whenIdle(): Promise<void> {
    if (!this.#running && this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #commit(batch: GroupJob[]): Promise<void> {
    const release = await this.lock.acquire();
    const done: Array<{ job: GroupJob; ok: boolean; value: unknown; changes: WriteChange[] }> = [];
    try {
      await this.#exec('BEGIN IMMEDIATE');
      for (const job of batch) {
        const ctx: DbContext = { owner: this.state.owner, kind: 'tx', open: true, tx: this.client(), changes: [], group: true };
        if (!job.atomic) await this.#exec('SAVEPOINT fleet_write');
        try {
          // `.then` called here, inside the context: a callback handing back a lazy PrismaPromise
          // (`(tx) => tx.unit.update(...)`) would otherwise start its query outside the group, wait
          // for the lock the group holds, and never settle.
          const value = await runIn(ctx, () => job.run().then((v) => v));
          if (!job.atomic) await this.#exec('RELEASE fleet_write');
          done.push({ job, ok: true, value, changes: ctx.changes! });
        } catch (error) {
          // A failed statement has undone itself (SQLite rolls back the statement, not the transaction).
          if (!job.atomic) await this.#exec('ROLLBACK TO fleet_write; RELEASE fleet_write');
          done.push({ job, ok: false, value: error, changes: [] });
        } finally {
          ctx.open = false;
        }
      }
      await this.#exec('COMMIT');
    } catch (error) {
      // BEGIN or COMMIT failed (I/O error, disk full, another process holding the file): nothing
      // of this group is durable, so none of its writes is acknowledged.
      await this.#exec('ROLLBACK').catch(() => undefined);
      release();
      for (const job of batch) job.reject(error);
      return;
    }
    release();
    this.stats.groups++;
    this.stats.writes += batch.length;
    await emitWrites(this.state, done.flatMap((d) => d.changes));
    for (const d of done) (d.ok ? d.job.resolve : d.job.reject)(d.value);
  }
}

/** A transaction Prisma opens inside a commit group (a nested write): a savepoint of the group's. */
let savepoints = 0;
async function savepointTransaction(inner: SqlDriverAdapter): Promise<Transaction> {
  const name = `fleet_nested_${++savepoints}`;
  await inner.executeScript(`SAVEPOINT ${name}`);
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    // Prisma sends no BEGIN/COMMIT of its own for a phantom transaction: commit and rollback below are all.
    options: { usePhantomQuery: true },
    queryRaw: (q: SqlQuery) => inner.queryRaw(q),
    executeRaw: (q: SqlQuery) => inner.executeRaw(q),
    commit: () => inner.executeScript(`RELEASE ${name}`),
    rollback: () => inner.executeScript(`ROLLBACK TO ${name}; RELEASE ${name}`),
  };
}

// ── client type ────────────────────────────────────────────────────────────────────────────────

/** Run a model operation (`unit.findMany`) on another client of the same models. */
function readOn(client: SqliteClient, model: string, operation: string, args: unknown): Promise<unknown> {
  // The delegate is looked up by name: the generated client types each one separately.
  const delegates = client as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>;
  const delegate = delegates[model.charAt(0).toLowerCase() + model.slice(1)];
  const run = delegate?.[operation];
  if (!run) throw new Error(`no ${model}.${operation} on the reading connection`);
  return run.call(delegate, args);
}

/** Whether Prisma runs this operation inside one of its transactions (interactive or batch). */
function inPrismaTransaction(params: object): boolean {
  // Prisma marks the queries of a transaction in its internal parameters. This is not a public
  // API: packages/db/test/sqlite-lock.test.ts pins the behaviour.
  return Boolean((params as { __internalParams?: { transaction?: unknown } }).__internalParams?.transaction);
}

function withSqliteLock(base: SqliteClient, state: HandleState, lock: AsyncLock) {
  const owner = state.owner;
  return base.$extends({
    name: 'fleet-sqlite-lock',
    query: {
      async $allOperations(params) {
        const { model, operation, args, query } = params;
        const write = WRITE_OPERATIONS.has(operation);
        const ctx = currentContext(owner);
        if (ctx) {
          // Inside a transaction callback or a commit group: already on the open transaction.
          const value: unknown = await query(args);
          if (write) ctx.changes?.push(changeOf(model, operation, args, value));
          return value;
        }
        // A Prisma transaction opened without transaction(): it holds the lock; the feed does not see it.
        if (inPrismaTransaction(params)) return query(args);
        // A model read: on the reading connection. In WAL mode it sees what is committed, at once,
        // without waiting for the lock a commit group holds on the writing connection.
        if (!write && model && state.reader) return readOn(state.reader, model, operation, args);
        if (write && state.groups) {
          const groupCtx = (): DbContext | undefined => currentContext(owner);
          return state.groups.submit(async () => {
            // query() is lazy: run it inside the group's context (its nested writes become savepoints).
            const value: unknown = await query(args).then((v) => v);
            groupCtx()?.changes?.push(changeOf(model, operation, args, value));
            return value;
          }, ATOMIC_OPERATIONS.has(operation));
        }
        const release = await lock.acquire();
        const own: DbContext = { owner, kind: 'query', open: true };
        let value: unknown;
        try {
          // query() returns a lazy PrismaPromise that runs when `.then` is called: call it inside
          // the context, or the request (and its internal transaction) would run outside it.
          value = await runIn(own, () => query(args).then((v) => v));
        } finally {
          own.open = false;
          release();
        }
        if (write) await emitWrites(state, [changeOf(model, operation, args, value)]);
        return value;
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
  /** SQLite: commit concurrent writes in groups (default true); false commits each write alone. */
  groupWrites?: boolean;
  /** SQLite: model reads outside transactions on a second connection (default true). */
  readConnection?: boolean;
  /** SQLite: checkpoint the WAL on a worker thread, not in the writer's commits (default true; checkpoints.ts). */
  checkpointWorker?: boolean;
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
function keepStatements(inner: SqlDriverAdapter, state: HandleState | null): void {
  const client = (inner as unknown as { client?: unknown }).client;
  if (!(client instanceof Database)) return;
  const stats = cacheStatements(client);
  if (state) state.statements = stats;
}

class SqliteFactory implements SqlDriverAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  /** `groupWith`: when set, the connection's writes are committed in groups through this client. */
  constructor(
    file: string,
    private readonly state: HandleState,
    private readonly lock: AsyncLock,
    private readonly groupWith: (() => DbTx) | null,
  ) {
    this.#inner = new PrismaBetterSqlite3({ url: file });
    this.adapterName = `${this.#inner.adapterName}+fleet`;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    keepStatements(inner, this.state);
    await inner.executeScript(SQLITE_PRAGMAS);
    this.state.adapter = inner;
    if (this.groupWith) this.state.groups = new CommitGroups(inner, this.lock, this.state, this.groupWith);
    return lockingAdapter(inner, this.state.owner, this.lock);
  }
}

/** The reading connection: refuses writes, waits (bounded) rather than failing while a checkpoint runs. */
class ReadingFactory implements SqlDriverAdapterFactory {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(file: string) {
    this.#inner = new PrismaBetterSqlite3({ url: file });
    this.adapterName = `${this.#inner.adapterName}+fleet-reader`;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    keepStatements(inner, null);
    await inner.executeScript('PRAGMA query_only = ON; PRAGMA busy_timeout = 5000;');
    return inner;
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

const handles = new WeakMap<object, HandleState>();

function stateOf(db: DbHandle | Db): { prisma: Db; state: HandleState } {
  const prisma = 'prisma' in db && 'provider' in db ? db.prisma : (db as Db);
  const state = handles.get(prisma);
  if (!state) throw new Error('not a client made by createDb');
  return { prisma, state };
}

/**
 * Listen to every committed write of this database: the listener runs after the commit and before
 * the writer's promise settles (so the writer's next read sees what the listener did). Writes of
 * Prisma transactions not opened through `transaction()` are not reported. Returns an unsubscribe.
 */
export function watchWrites(db: DbHandle | Db, listener: WriteListener): () => void {
  const { state } = stateOf(db);
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** The writing connection's compiled statements (SQLite; zeros otherwise). */
export function statementStats(db: DbHandle | Db): StatementCacheStats {
  const { state } = stateOf(db);
  return { ...(state.statements ?? { prepared: 0, reused: 0, held: 0 }) };
}

/** What the checkpoint worker has done (SQLite with the worker; null otherwise). */
export async function checkpointStats(db: DbHandle | Db): Promise<(CheckpointStats & { running: boolean }) | null> {
  const { state } = stateOf(db);
  const c = state.checkpointer;
  if (!c) return null;
  return { ...(await c.stats()), running: c.running };
}

/** Commit groups so far (SQLite with grouped writes; zeros otherwise). */
export function commitStats(db: DbHandle | Db): { groups: number; writes: number } {
  const { state } = stateOf(db);
  return { ...(state.groups?.stats ?? { groups: 0, writes: 0 }) };
}

function withWriteFeed(base: PostgresClient, state: HandleState) {
  return base.$extends({
    name: 'fleet-write-feed',
    query: {
      async $allOperations(params) {
        const { model, operation, args, query } = params;
        if (!WRITE_OPERATIONS.has(operation)) return query(args);
        const value: unknown = await query(args);
        const ctx = currentContext(state.owner);
        if (ctx) ctx.changes?.push(changeOf(model, operation, args, value));
        else if (!inPrismaTransaction(params)) await emitWrites(state, [changeOf(model, operation, args, value)]);
        return value;
      },
    },
  });
}

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
    const lock = new AsyncLock();
    const state: HandleState = { owner: {}, listeners: new Set(), provider, lock };
    // The commit groups run their writes through the extended client (set below, before any query).
    const ref: { client?: Db } = {};
    const groupWith = options.groupWrites === false ? null : () => ref.client as DbTx;
    const base = new SqliteClient({ adapter: new SqliteFactory(file, state, lock, groupWith), log });
    const prisma = withSqliteLock(base, state, lock);
    ref.client = prisma;
    try {
      const p = await sqlitePragmas(prisma);
      if (p.journalMode !== 'wal' || p.synchronous !== 2 || p.foreignKeys !== 1) {
        throw new Error(
          `SQLite ${file}: expected journal_mode=wal, synchronous=2 (FULL), foreign_keys=1; got ${p.journalMode}, ${p.synchronous}, ${p.foreignKeys}`,
        );
      }
      // Opened once the writing connection has put the file in WAL mode.
      if (options.readConnection !== false) state.reader = new SqliteClient({ adapter: new ReadingFactory(file), log });
      if (options.checkpointWorker !== false) {
        // The writer's own checkpoints become a rare bound while the worker runs (exec is synchronous).
        state.checkpointer = new Checkpointer(file, (running) => {
          const pages = running ? WRITER_AUTOCHECKPOINT_PAGES : DEFAULT_AUTOCHECKPOINT_PAGES;
          try {
            void state.adapter?.executeScript(`PRAGMA wal_autocheckpoint = ${pages}`).catch(() => undefined);
          } catch {
            // The writing connection is closed: nothing left to checkpoint.
          }
        });
      }
    } catch (e) {
      await base.$disconnect().catch(() => undefined);
      throw e;
    }
    const reader = state.reader;
    const handle: DbHandle = { prisma, provider, close: async () => {
      // Writes already queued are committed (or refused) before the connection goes.
      await state.groups?.whenIdle();
      await state.checkpointer?.close();
      await base.$disconnect();
      await reader?.$disconnect();
    } };
    handles.set(prisma, state);
    return handle;
  }

  const pool = new PrismaPg({ connectionString: options.url, ...(options.poolSize ? { max: options.poolSize } : {}) });
  const state: HandleState = { owner: {}, listeners: new Set(), provider };
  // The connected adapter is kept for `executeStatement` (the pool: each statement commits alone).
  const adapter: SqlDriverAdapterFactory = {
    provider: pool.provider,
    adapterName: pool.adapterName,
    connect: async () => (state.adapter = await pool.connect()),
  };
  const pgClient = new PostgresClient({ adapter, log });
  // The PostgreSQL client is generated from the very same models as the SQLite one; the two
  // types differ only in provider-specific extras (e.g. `mode: 'insensitive'`, isolation level
  // names). Callers get one type, the SQLite one, which both clients satisfy at run time.
  const prisma = withWriteFeed(pgClient, state) as unknown as Db;
  await prisma.$queryRawUnsafe('SELECT 1');
  handles.set(prisma, state);
  return { prisma, provider, close: () => pgClient.$disconnect() };
}

/** A write statement built outside Prisma, with what the write feed is told about it. */
export interface Statement {
  /** SQL with the provider's placeholders (`?` on SQLite, `$1…` on PostgreSQL). */
  readonly sql: string;
  readonly args: unknown[];
  readonly argTypes: SqlQuery['argTypes'];
  /** The write as a Prisma operation would have reported it (its result is `{ count }`). */
  readonly change: { readonly model: string; readonly operation: 'updateMany'; readonly args: unknown };
  /** The one row the statement writes and its columns afterwards, when all of them are known (see WriteChange.row). */
  readonly row?: WrittenRow;
}

/** The provider of an open database (statements are built for it). */
export function providerOfDb(db: DbHandle | Db): DbProvider {
  const { state } = stateOf(db);
  return state.provider ?? 'sqlite';
}

/**
 * Run one write statement on the driver adapter, without Prisma's query pipeline (which costs a
 * hot write about 0.2 ms of CPU): the same durability and the same write feed as a Prisma write.
 * On SQLite it is one (atomic) write of the next commit group, or runs on the open transaction
 * inside a `transaction()` callback or a group; on PostgreSQL it commits alone on the pool, or
 * runs through the callback's transaction client. Answers the number of rows changed. Errors are
 * the adapter's (`DriverAdapterError`; see `isUniqueViolation` in the core).
 */
export async function executeStatement(db: DbHandle | Db, statement: Statement): Promise<number> {
  const { state } = stateOf(db);
  const adapter = state.adapter;
  if (!adapter) throw new Error('executeStatement: the database is not connected yet');
  const query: SqlQuery = { sql: statement.sql, args: statement.args, argTypes: statement.argTypes };
  const report = (count: number): WriteChange => {
    const change = changeOf(statement.change.model, statement.change.operation, statement.change.args, { count });
    return count === 1 && statement.row ? { ...change, row: statement.row } : change;
  };
  const ctx = currentContext(state.owner);
  if (state.provider === 'postgresql') {
    if (ctx?.tx) {
      // Inside a transaction callback the statement must run on the transaction's connection,
      // which only its client reaches. The feed extension files a raw statement as "anything may
      // have changed": replaced here by what this statement changed.
      const before = ctx.changes?.length ?? 0;
      const count = await ctx.tx.$executeRawUnsafe(statement.sql, ...statement.args);
      ctx.changes?.splice(before, ctx.changes.length - before, report(count));
      return count;
    }
    const count = await adapter.executeRaw(query);
    await emitWrites(state, [report(count)]);
    return count;
  }
  // SQLite: one connection. Inside a transaction callback or a group, the transaction is open on it.
  if (ctx) {
    const count = await adapter.executeRaw(query);
    ctx.changes?.push(report(count));
    return count;
  }
  if (state.groups) {
    return state.groups.submit(async () => {
      const count = await adapter.executeRaw(query);
      currentContext(state.owner)?.changes?.push(report(count));
      return count;
    }, true);
  }
  const release = await state.lock!.acquire();
  let count: number;
  try {
    count = await adapter.executeRaw(query);
  } finally {
    release();
  }
  await emitWrites(state, [report(count)]);
  return count;
}

/**
 * Run `fn` in an interactive transaction. On SQLite the process-wide lock is held for the whole
 * callback, and any query the callback makes (through `tx` or, by mistake, through the outer
 * client) runs inside the transaction instead of waiting for it. Nested calls join the outer
 * transaction. On PostgreSQL (Read Committed) a transaction alone does not prevent lost updates:
 * use a version column (`updateMany({ where: { id, version } })`) or atomic updates.
 */
export async function transaction<T>(db: DbHandle | Db, fn: (tx: DbTx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const { prisma, state } = stateOf(db);
  const outer = currentContext(state.owner);
  if (outer?.kind === 'tx' && outer.tx) return fn(outer.tx);
  // SQLite with grouped writes: the callback is one write of the next group (its own savepoint);
  // its queries run on the group's open transaction through the outer client.
  if (state.groups) return state.groups.submit(() => fn(currentContext(state.owner)!.tx!));
  const ctx: DbContext = { owner: state.owner, kind: 'tx', open: true, changes: [] };
  let value: T;
  try {
    value = await runIn(ctx, () =>
      prisma
        .$transaction(async (tx) => {
          ctx.tx = tx;
          return fn(tx);
        }, options)
        // started inside the context (Prisma promises are lazy until `.then`)
        .then((v) => v),
    );
  } finally {
    ctx.open = false;
  }
  await emitWrites(state, ctx.changes!);
  return value;
}
