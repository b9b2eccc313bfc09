/**
 * The write feed (both providers): read models are told about every committed write (model,
 * operation, arguments, result) after its commit and before the writer's promise settles, so a
 * caller that reads after its write sees it (read-your-writes). `watchWrites` (client.ts) subscribes.
 */

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

export const WRITE_OPERATIONS = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  '$executeRaw',
  '$executeRawUnsafe',
]);

/**
 * Writes Prisma runs as one statement, or in a transaction of its own when they need more (a nested
 * write): in a commit group they need no savepoint to fail alone. (createMany, which may be cut into
 * several statements, upsert and raw SQL get one.)
 */
export const ATOMIC_OPERATIONS = new Set(['create', 'update', 'updateMany', 'delete', 'deleteMany']);

/** Who hears an open database's writes: its listeners, and the owner its async contexts carry. */
export interface FeedOwner {
  readonly owner: object;
  readonly listeners: ReadonlySet<WriteListener>;
}

export async function emitWrites(state: FeedOwner, changes: readonly WriteChange[]): Promise<void> {
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

export function changeOf(model: string | undefined, operation: string, args: unknown, result: unknown): WriteChange {
  return { model: model ?? null, operation, args, result };
}
