/**
 * The SQLite connection's lock, and what the current async context is doing with the database.
 *
 * One connection per process: a query issued while another request's interactive transaction is
 * open would run inside it. A FIFO lock per handle serialises work on the connection; an
 * AsyncLocalStorage context tells a query that it already runs inside a transaction callback, a
 * commit group or a locked query (whose nested-write transaction must not lock again), so it skips
 * the lock instead of waiting for itself. client.ts says who takes the lock when.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { WriteChange } from './write-feed.js';

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
export interface DbContext {
  /** The handle this context belongs to (a process may open several databases). */
  readonly owner: object;
  /**
   * 'query': a query holding the lock (its nested-write transaction must not lock again);
   * 'tx': the callback of `transaction(db, fn)` (its queries run inside the open transaction).
   */
  readonly kind: 'query' | 'tx';
  /** Cleared when the query / transaction ends, so leaked async continuations do not skip the lock. */
  open: boolean;
  /**
   * The transaction client, for `kind: 'tx'` (nested `transaction()` calls join it). Held as an
   * opaque object: client.ts, which defines its type (DbTx), reads it back with `txOf`.
   */
  tx?: object;
  /** Writes made in this context, reported to the write feed once they are committed. */
  changes?: WriteChange[];
  /** Set inside a commit group: a transaction Prisma opens here becomes a savepoint. */
  group?: true;
}

const context = new AsyncLocalStorage<DbContext>();

/**
 * A context whose query or transaction has ended lets go of what it held: every promise and timer
 * started inside it (a service's background loop first called from a write, a cache filled there)
 * keeps the context for as long as it lives, and with it the writes it recorded — a seed's rows
 * (the whole fleet's arguments) for the life of the process.
 */
export function forget(ctx: DbContext): void {
  ctx.changes = undefined;
  ctx.tx = undefined;
}

/** Runs under way in {@link context}. */
let runs = 0;

/**
 * `fn` in the context `ctx`. The storage is enabled only while a run is under way: on Node 20 an
 * enabled AsyncLocalStorage keeps async and promise hooks installed that every request of the
 * process pays for (about 4 % of a cached unit read), queries or not. It is disabled once the last
 * run has settled, and the next run enables it again. What a run left behind (a timer, a detached
 * promise) then finds no context: its context is closed (`open` false) by then anyway.
 */
export function runIn<T>(ctx: DbContext, fn: () => Promise<T>): Promise<T> {
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

export function currentContext(owner: object): DbContext | undefined {
  const c = context.getStore();
  return c && c.owner === owner && c.open ? c : undefined;
}
