/**
 * Writes in groups (SQLite): at synchronous=FULL every commit waits for the disk, so a write per
 * commit caps the core at a few hundred writes a second. Writes issued outside a transaction and
 * `transaction(db, fn)` callbacks are queued instead; once per turn of the event loop the queue is
 * run as one transaction (each write in its own savepoint, so a failing one rolls back alone) and
 * committed once. Every caller's promise settles only after that commit: nothing is acknowledged
 * before it is durable. PostgreSQL already flushes concurrent commits together (its WAL writer), so
 * there each write keeps its own transaction.
 */
import type { SqlDriverAdapter, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { forget, runIn, type AsyncLock, type DbContext } from './lock.js';
import { emitWrites, type FeedOwner, type WriteChange } from './write-feed.js';

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
export class CommitGroups {
  #queue: GroupJob[] = [];
  #running = false;
  #idle: Array<() => void> = [];
  /** Groups committed and writes carried (diagnostics and tests). */
  readonly stats = { groups: 0, writes: 0 };

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly lock: AsyncLock,
    private readonly state: FeedOwner,
    /** The client the group's writes run on (a context's opaque `tx`, see lock.ts). */
    private readonly client: () => object,
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
      while (this.#queue.length > 0) {
        await this.#commit(this.#queue.splice(0, MAX_GROUP));
        // Writes queued meanwhile (a fleet's reports, a burst of requests) wait for the next turn of the
        // event loop, so that requests and timers due now are not held up behind all of them.
        if (this.#queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
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
          forget(ctx);
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
    await emitWrites(
      this.state,
      done.flatMap((d) => d.changes),
    );
    for (const d of done) (d.ok ? d.job.resolve : d.job.reject)(d.value);
  }
}

/** A transaction Prisma opens inside a commit group (a nested write): a savepoint of the group's. */
let savepoints = 0;
export async function savepointTransaction(inner: SqlDriverAdapter): Promise<Transaction> {
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
