/**
 * Recorded files as devices report them, written many to a statement. Each unit's reports are
 * applied one after another, but the fleet's units report side by side: a clock step's outcome
 * brings thousands of `file` reports at once (a day's recordings and transfers), and a Prisma upsert
 * each cost the core most of a step. Reports arriving in one turn of the event loop are written
 * together as one multi-row upsert (`rowsUpsert`, in the storage's write groups); a report of a file
 * already waiting replaces it (the latest wins, as row by row). Every caller hears back once its row
 * is committed. Should a batch fail (a unit removed meanwhile: its files' foreign key), its rows are
 * written one by one, so only the failing one fails.
 */
import { executeStatement, rowsUpsert, UPSERT_ROWS_MAX, type Db, type UpsertRow } from '@fleet/db';

const FILE = {
  model: 'File',
  insert: { unitId: 'string', kind: 'string' },
  set: {
    fileName: 'string',
    path: 'string',
    rootDirectory: 'string',
    channelId: 'string',
    sizeBytes: 'bigint',
    lastModified: 'datetime',
    isTransferring: 'boolean',
    status: 'string',
    progress: 'float',
  },
  createdAt: true,
  updatedAt: true,
} as const;

export type RecordedFileRow = UpsertRow<typeof FILE.insert, typeof FILE.set>;
/** What a device report says of a recorded file (the columns it sets). */
export type RecordedFileData = RecordedFileRow['set'];

interface Waiting {
  row: RecordedFileRow;
  settle: Array<{ resolve(): void; reject(e: unknown): void }>;
}

export class RecordedFileWrites {
  private waiting = new Map<string, Waiting>();
  private scheduled = false;
  /** Statements written (diagnostics and tests): batches, and rows written alone after a batch failed. */
  readonly stats = { batches: 0, rows: 0, alone: 0 };

  constructor(private readonly db: Db) {}

  /** Create or update the recorded file `id` of `unitId`; settles once it is committed. */
  write(id: string, unitId: string, data: RecordedFileData): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const row: RecordedFileRow = { id, insert: { unitId, kind: 'recorded' }, set: data };
      const held = this.waiting.get(id);
      if (held) {
        held.row = row;
        held.settle.push({ resolve, reject });
      } else this.waiting.set(id, { row, settle: [{ resolve, reject }] });
      if (!this.scheduled) {
        this.scheduled = true;
        // The rest of this turn's reports join the batch.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = [...this.waiting.values()];
    this.waiting = new Map();
    this.scheduled = false;
    const writes: Promise<void>[] = [];
    for (let i = 0; i < batch.length; i += UPSERT_ROWS_MAX) writes.push(this.writeChunk(batch.slice(i, i + UPSERT_ROWS_MAX)));
    await Promise.all(writes);
  }

  private async writeChunk(chunk: Waiting[]): Promise<void> {
    try {
      this.stats.batches++;
      this.stats.rows += chunk.length;
      await executeStatement(this.db, this.statement(chunk.map((w) => w.row)));
      for (const w of chunk) for (const s of w.settle) s.resolve();
    } catch (batchError) {
      if (chunk.length === 1) {
        for (const s of chunk[0]!.settle) s.reject(batchError);
        return;
      }
      await Promise.all(
        chunk.map(async (w) => {
          this.stats.alone++;
          try {
            await executeStatement(this.db, this.statement([w.row]));
            for (const s of w.settle) s.resolve();
          } catch (e) {
            for (const s of w.settle) s.reject(e);
          }
        }),
      );
    }
  }

  private statement(rows: RecordedFileRow[]) {
    return rowsUpsert(this.db, FILE, rows, { incrementVersion: true });
  }
}
