/**
 * One table of the read model in memory, by id (read-model.ts keeps the tables current from the
 * storage layer's write feed): refreshes coalesce, rows are shared and frozen.
 */
import { systemClock, type Clock } from '../clock.js';

/** The tables of the read model. */
export type TableName = 'units' | 'groups' | 'inventories' | 'servers' | 'channels' | 'vrChannels' | 'alertConfigurations';

/** Largest `IN (...)` list per refresh query (SQLite binds at most 32,766 variables). */
const CHUNK = 500;

/**
 * One table in memory, by id. `refresh` coalesces: ids asked for while a read is running are read
 * in the next round, and each caller resumes once a read that started after its call is applied.
 */
export class MemoryTable<Row extends { id: string }> {
  private readonly rows = new Map<string, Row>();
  private readonly dirty = new Set<string>();
  private dirtyAll = false;
  private waiters: Array<() => void> = [];
  private running = false;
  /** Rows whose columns (not their memberships) changed: read without the relations. */
  private readonly dirtyColumns = new Set<string>();
  private ordered: Row[] | null = null;
  /** Where each row sits in `ordered`. */
  private positions = new Map<string, number>();
  private readonly listeners: Array<(id: string, row: Row | undefined, origin: ChangeOrigin) => void> = [];
  /** Rows (or, with `localAll`, the whole table) to read again because this instance wrote them. */
  private readonly localIds = new Set<string>();
  private localAll = false;
  /** Whether the read under way was asked for by this instance's own writes (see ChangeOrigin). */
  private reading: { all: boolean; ids: ReadonlySet<string>; loading: boolean } = { all: false, ids: new Set(), loading: false };
  /** The rows the read under way covers (null: every row), while one runs. */
  private inFlight: ReadonlySet<string> | null | undefined = undefined;
  private loaded = false;

  constructor(
    readonly name: TableName,
    private readonly read: (ids: readonly string[] | null) => Promise<Row[]>,
    /** Order of `all()` (computed once per change of the table). */
    private readonly compare: (a: Row, b: Row) => number = byId,
    /** Reading only a row's own columns, kept with the relations the table already holds. */
    private readonly columns?: { read(ids: readonly string[]): Promise<Array<{ id: string }>>; merge(held: Row, fresh: { id: string }): Row },
    /** A failed read is tried again on it. */
    private readonly clock: Clock = systemClock,
  ) {}

  get(id: string): Row | undefined {
    return this.rows.get(id);
  }

  get size(): number {
    return this.rows.size;
  }

  /** Every row, in the table's order (the same array until the table changes: do not mutate). */
  all(): readonly Row[] {
    if (!this.ordered) {
      this.ordered = [...this.rows.values()].sort(this.compare);
      this.positions = new Map(this.ordered.map((r, i) => [r.id, i]));
    }
    return this.ordered;
  }

  /** Called with each row read again (undefined: it is gone), and why it was read (see ChangeOrigin). */
  onChange(listener: (id: string, row: Row | undefined, origin: ChangeOrigin) => void): void {
    this.listeners.push(listener);
  }

  async load(): Promise<void> {
    await this.refresh(null, false, 'remote');
    this.loaded = true;
  }

  /**
   * A row this instance has just written with known values (`WriteChange.row`): the columns are
   * applied to the row held, with no read. Answers false (and applies nothing) when that would be
   * unsafe: the row is not held, or a read under way covers it (it may have started before the
   * write and would then put the old row back); the caller reads the row again instead.
   */
  patch(id: string, columns: Readonly<Record<string, unknown>>): boolean {
    const held = this.rows.get(id);
    if (!held || this.inFlight === null || this.inFlight?.has(id)) return false;
    this.put(id, { ...held, ...columns }, 'local');
    return true;
  }

  /**
   * Read these rows (null: every row) from storage again; resolves once the table holds them.
   * `columnsOnly`: only the rows' own columns changed (their relations did not).
   */
  refresh(ids: readonly string[] | null, columnsOnly = false, origin: 'local' | 'remote' = 'local'): Promise<void> {
    if (ids === null) this.dirtyAll = true;
    else for (const id of ids) (columnsOnly && this.columns ? this.dirtyColumns : this.dirty).add(id);
    if (origin === 'local') {
      if (ids === null) this.localAll = true;
      else for (const id of ids) this.localIds.add(id);
    }
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.dirtyAll || this.dirty.size > 0 || this.dirtyColumns.size > 0) {
        const all = this.dirtyAll;
        // A row not held yet is read whole.
        for (const id of this.dirtyColumns) if (!this.rows.has(id)) this.dirty.add(id);
        const ids = [...this.dirty];
        const columnIds = [...this.dirtyColumns].filter((id) => !this.dirty.has(id));
        this.dirtyAll = false;
        this.dirty.clear();
        this.dirtyColumns.clear();
        const waiters = this.waiters;
        this.waiters = [];
        this.reading = { all: this.localAll, ids: new Set(this.localIds), loading: !this.loaded };
        this.localAll = false;
        this.localIds.clear();
        this.inFlight = all ? null : new Set([...ids, ...columnIds]);
        try {
          if (all) await this.replaceAll();
          else {
            for (let i = 0; i < ids.length; i += CHUNK) await this.replace(ids.slice(i, i + CHUNK));
            for (let i = 0; i < columnIds.length; i += CHUNK) await this.replaceColumns(columnIds.slice(i, i + CHUNK));
          }
        } catch (e) {
          // Storage failed under us: keep serving what we have and read these rows again shortly.
          process.emitWarning(`read model: reading ${this.name} failed: ${e instanceof Error ? e.message : String(e)}`);
          this.clock.setTimeout(() => void this.refresh(all ? null : [...ids, ...columnIds]), 500).unref();
        } finally {
          this.inFlight = undefined;
        }
        for (const w of waiters) w();
      }
    } finally {
      this.running = false;
    }
  }

  private async replaceAll(): Promise<void> {
    const rows = await this.read(null);
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      this.put(row.id, row);
    }
    for (const id of [...this.rows.keys()]) if (!seen.has(id)) this.put(id, undefined);
  }

  private async replace(ids: string[]): Promise<void> {
    const rows = await this.read(ids);
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) this.put(id, found.get(id));
  }

  private async replaceColumns(ids: string[]): Promise<void> {
    const columns = this.columns!;
    const fresh = new Map((await columns.read(ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const held = this.rows.get(id);
      const row = fresh.get(id);
      this.put(id, held && row ? columns.merge(held, row) : undefined);
    }
  }

  private put(id: string, row: Row | undefined, origin?: ChangeOrigin): void {
    const held = this.rows.get(id);
    if (row) this.rows.set(id, deepFreeze(row));
    else if (!this.rows.delete(id)) return;
    // Same place in the order (a unit renamed keeps none, a status change does): patch it there.
    const at = this.ordered && held && row && this.compare(held, row) === 0 ? this.positions.get(id) : undefined;
    if (at !== undefined) this.ordered![at] = row!;
    else this.ordered = null;
    const why: ChangeOrigin = origin ?? (this.reading.loading ? 'load' : this.reading.all || this.reading.ids.has(id) ? 'local' : 'remote');
    for (const l of this.listeners) l(id, row, why);
  }
}

/**
 * Why a row was read again: `local`, a write of this instance (announce it: this instance is the
 * one that publishes it on the realtime hub, which relays to the others through the broker);
 * `remote`, another instance's write (already announced there) or a full reload after a lost
 * connection; `load`, the first load at start (nothing to announce).
 */
export type ChangeOrigin = 'local' | 'remote' | 'load';

/**
 * Rows are shared by every reader: frozen, so that a service changing one in place (instead of
 * writing to storage) fails loudly rather than serving a change that was never stored.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
