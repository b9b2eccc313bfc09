/**
 * The client factory: one model, two providers, one client type for callers.
 *
 * SQLite (`file:` URLs or paths) goes through the better-sqlite3 driver adapter, PostgreSQL
 * (`postgres://`, `postgresql://`) through the pg adapter. Both generated clients come from the
 * same models; callers see the SQLite client's type (`Db`).
 *
 * SQLite traps handled here and beside (STACK.md):
 * 1. One connection per process (lock.ts): a query issued while another request's interactive
 *    transaction is open would run INSIDE it (see uncommitted rows, vanish on rollback). The
 *    connection's lock serialises work on it:
 *    - a client extension (`query.$allOperations`, below) takes the lock around every query issued
 *      outside a transaction;
 *    - a transaction takes the same lock when it starts (driver-adapter level, sqlite-adapter.ts,
 *      so it also covers `prisma.$transaction(...)` called directly and batch transactions) and
 *      releases it at commit/rollback, i.e. it holds it for its whole callback;
 *    - queries inside a transaction skip the lock: the transaction's own queries (Prisma marks
 *      them), and, through AsyncLocalStorage, any query made by a `transaction(db, fn)` callback
 *      and the internal transaction Prisma opens for a nested write.
 * 2. Durability: `journal_mode=WAL` and `synchronous=FULL` are set on every connection and
 *    asserted at start-up (better-sqlite3 reopens a WAL file at synchronous=NORMAL).
 *
 * Writes in groups (SQLite): commit-groups.ts. Reads (SQLite): model reads outside a transaction
 * go to a second, read-only connection. In WAL mode it sees exactly what is committed, so it needs
 * no lock and never waits for a group (reads inside a transaction stay on the writing connection
 * and see the transaction's own writes). The write feed (both providers): write-feed.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import type { ITXClientDenyList } from '@prisma/client/runtime/client';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import { PrismaClient as SqliteClient } from '../generated/sqlite/client.js';
import { PrismaClient as PostgresClient } from '../generated/postgresql/client.js';

/**
 * Prisma's error format. Any other than `minimal` makes every query capture a stack trace (`new
 * Error()`, to point a failed query's message at its call site). A clock step of one simulated day
 * on the medium fleet with the lively preset (about 127,000 device messages) took the core 151 s of
 * CPU with it and 44 s without. Errors keep their code and message; only the call-site preamble goes.
 */
const ERROR_FORMAT = 'minimal';
import type { DbProvider } from './paths.js';
import { providerOf, sqlitePathOf } from './url.js';
import type { StatementCacheStats } from './statement-cache.js';
import { Checkpointer, DEFAULT_AUTOCHECKPOINT_PAGES, WRITER_AUTOCHECKPOINT_PAGES, type CheckpointStats } from './checkpoints.js';
import { CommitGroups } from './commit-groups.js';
import { AsyncLock, currentContext, forget, runIn, type DbContext } from './lock.js';
import { ReadingFactory, SqliteFactory, type OnWriterConnected } from './sqlite-adapter.js';
import {
  ATOMIC_OPERATIONS,
  changeOf,
  emitWrites,
  WRITE_OPERATIONS,
  type FeedOwner,
  type WriteChange,
  type WriteListener,
  type WrittenRow,
} from './write-feed.js';

/** Per open database: its lock owner, write listeners and (SQLite) commit groups. */
interface HandleState extends FeedOwner {
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
  /** Told how long each write took to be durable (`timeWrites`, the core's metrics). */
  writeTimers?: Set<WriteTimer>;
}

/** Told the seconds from a write's call to its commit. */
export type WriteTimer = (seconds: number) => void;

/** Runs a write, telling the write timers how long it took (nothing is measured without one). */
function timed<T>(state: HandleState, run: () => PromiseLike<T>): Promise<T> {
  const timers = state.writeTimers;
  if (!timers || timers.size === 0) return Promise.resolve(run());
  const start = performance.now();
  return Promise.resolve(run()).finally(() => {
    const seconds = (performance.now() - start) / 1000;
    for (const timer of timers) timer(seconds);
  });
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
          const groups = state.groups;
          const groupCtx = (): DbContext | undefined => currentContext(owner);
          return timed(state, () =>
            groups.submit(async () => {
              // query() is lazy: run it inside the group's context (its nested writes become savepoints).
              const value: unknown = await query(args).then((v) => v);
              groupCtx()?.changes?.push(changeOf(model, operation, args, value));
              return value;
            }, ATOMIC_OPERATIONS.has(operation)),
          );
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

/** The transaction client a context holds (lock.ts keeps it opaque: it cannot name DbTx without importing this file). */
function txOf(ctx: DbContext | undefined): DbTx | undefined {
  return ctx?.tx as DbTx | undefined;
}

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

/**
 * Tell `timer` how long each write takes from its call to its commit (model writes outside a transaction,
 * and `transaction()` callbacks; writes inside a transaction count with it). Returns an unsubscribe.
 */
export function timeWrites(db: DbHandle | Db, timer: WriteTimer): () => void {
  const { state } = stateOf(db);
  state.writeTimers ??= new Set();
  state.writeTimers.add(timer);
  return () => state.writeTimers?.delete(timer);
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
        const value: unknown = await timed(state, () => query(args));
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
    const connected: OnWriterConnected = (inner, statements) => {
      state.adapter = inner;
      if (statements) state.statements = statements;
      if (groupWith) state.groups = new CommitGroups(inner, lock, state, groupWith);
    };
    const base = new SqliteClient({ adapter: new SqliteFactory(file, state.owner, lock, connected), log, errorFormat: ERROR_FORMAT });
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
      if (options.readConnection !== false) state.reader = new SqliteClient({ adapter: new ReadingFactory(file), log, errorFormat: ERROR_FORMAT });
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
    const handle: DbHandle = {
      prisma,
      provider,
      close: async () => {
        // Writes already queued are committed (or refused) before the connection goes.
        await state.groups?.whenIdle();
        await state.checkpointer?.close();
        await base.$disconnect();
        await reader?.$disconnect();
      },
    };
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
  const pgClient = new PostgresClient({ adapter, log, errorFormat: ERROR_FORMAT });
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
  readonly change: { readonly model: string; readonly operation: 'updateMany' | 'upsert'; readonly args: unknown };
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
    const tx = txOf(ctx);
    if (ctx && tx) {
      // Inside a transaction callback the statement must run on the transaction's connection,
      // which only its client reaches. The feed extension files a raw statement as "anything may
      // have changed": replaced here by what this statement changed.
      const before = ctx.changes?.length ?? 0;
      const count = await tx.$executeRawUnsafe(statement.sql, ...statement.args);
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
  const outerTx = outer?.kind === 'tx' ? txOf(outer) : undefined;
  if (outerTx) return fn(outerTx);
  // SQLite with grouped writes: the callback is one write of the next group (its own savepoint);
  // its queries run on the group's open transaction through the outer client.
  const groups = state.groups;
  if (groups) return timed(state, () => groups.submit(() => fn(txOf(currentContext(state.owner))!)));
  const ctx: DbContext = { owner: state.owner, kind: 'tx', open: true, changes: [] };
  let value: T;
  try {
    value = await timed(state, () =>
      runIn(ctx, () =>
        prisma
          .$transaction(async (tx) => {
            ctx.tx = tx;
            return fn(tx);
          }, options)
          // started inside the context (Prisma promises are lazy until `.then`)
          .then((v) => v),
      ),
    );
  } finally {
    ctx.open = false;
  }
  const changes = ctx.changes!;
  forget(ctx);
  await emitWrites(state, changes);
  return value;
}
