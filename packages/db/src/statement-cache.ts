/**
 * Prepared statements kept between queries on a better-sqlite3 connection.
 *
 * Prisma's SQLite adapter runs every query as `client.prepare(sql).bind(args)` and then `run()` or
 * `raw().all()` (or `run()` straight after `prepare` for BEGIN). A bound better-sqlite3 statement
 * cannot be bound again, so the adapter compiles the same few dozen SQL texts over and over: about
 * 5 % of a durable write's time. `cacheStatements` replaces the connection's `prepare` with one
 * that keeps the compiled statement per SQL text (the most recent `size` texts) and hands the
 * adapter a small view of it whose `bind(args)` passes the arguments at each call instead.
 *
 * Only the calls the adapter makes are offered (`reader`, `run`, `columns`, `raw().all`). The
 * statements stay valid across schema changes (SQLite recompiles them) and are finalised with the
 * connection.
 */
import type { Database, Statement } from 'better-sqlite3';

type Args = unknown[];

/** What `prepare(sql)` gives the adapter: the statement before its arguments. */
class CachedStatement {
  constructor(readonly statement: Statement<Args>) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  /** Without arguments (BEGIN, COMMIT, PRAGMA). */
  run(): ReturnType<Statement<Args>['run']> {
    return this.statement.run();
  }

  bind(args: Args): BoundStatement {
    return new BoundStatement(this.statement, args);
  }
}

/** What `bind(args)` gives the adapter: the cached statement with this query's arguments. */
class BoundStatement {
  constructor(
    private readonly statement: Statement<Args>,
    private readonly args: Args,
  ) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  run(): ReturnType<Statement<Args>['run']> {
    return this.statement.run(this.args);
  }

  columns(): ReturnType<Statement<Args>['columns']> {
    return this.statement.columns();
  }

  raw(): RawRows {
    return new RawRows(this.statement, this.args);
  }
}

class RawRows {
  constructor(
    private readonly statement: Statement<Args>,
    private readonly args: Args,
  ) {}

  all(): unknown[] {
    // raw mode is the statement's own setting: every caller of a cached statement reads rows as arrays.
    return this.statement.raw(true).all(this.args);
  }
}

/** How the statements of a connection are kept (for tests and stats). */
export interface StatementCacheStats {
  /** Statements compiled (a miss). */
  prepared: number;
  /** Statements reused (a hit). */
  reused: number;
  /** Texts held now. */
  held: number;
}

/**
 * Make `db.prepare` keep compiled statements, at most `size` SQL texts (the least recently used
 * forgotten first: Prisma writes `IN (?, ?, …)` with as many markers as values, so texts vary).
 */
export function cacheStatements(db: Database, size = 512): StatementCacheStats {
  const compile = db.prepare.bind(db) as (sql: string) => Statement<Args>;
  const held = new Map<string, CachedStatement>();
  const stats: StatementCacheStats = { prepared: 0, reused: 0, held: 0 };
  const prepare = (sql: string): CachedStatement => {
    let cached = held.get(sql);
    if (cached) {
      stats.reused++;
      // Most recently used last: a Map keeps insertion order.
      held.delete(sql);
      held.set(sql, cached);
      return cached;
    }
    cached = new CachedStatement(compile(sql));
    stats.prepared++;
    held.set(sql, cached);
    if (held.size > size) held.delete(held.keys().next().value as string);
    stats.held = held.size;
    return cached;
  };
  // The adapter calls prepare on the connection object; what it gets back offers what it uses.
  (db as unknown as { prepare: (sql: string) => CachedStatement }).prepare = prepare;
  return stats;
}
