/**
 * Test support: what a request could change in the database, read generically — every model table
 * of the Prisma schema (TABLES comes from Prisma's own model list, so a new model is covered without
 * editing this file), every column, rows in a stable order.
 *
 * Left out is only what devices write on their own while the simulator runs (their reports, not a
 * request's doing), listed by table and column below with the reason. `checkDeviceWritten` keeps
 * that list honest: it fails when the list names a table or column the schema does not have.
 */
import { TABLES } from '@fleet/db';

/** The raw-query surface of the app's Prisma client (both providers). */
interface RawDb {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * A unit's columns its device writes while nothing is asked of the core (live status and activities as the device
 * reports them, status derived from them, its tally, the last-known snapshot device events write: scan and speed test
 * results) and Prisma's `updatedAt`: a Prisma `omit` for the tests' "changes nothing" snapshots of the units.
 */
export const UNIT_DEVICE_COLUMNS = { status: true, applications: true, telemetry: true, tally: true, updatedAt: true } as const;

/**
 * Columns (or whole tables, `'*'`) that the devices and the clock change while nothing is asked
 * of the core: the simulator's status, telemetry, alert and server/channel reports, and the
 * `updatedAt` stamps Prisma writes on every update. Everything else must stay as it was.
 */
export const DEVICE_WRITTEN: Readonly<Record<string, readonly string[] | '*'>> = {
  Unit: Object.keys(UNIT_DEVICE_COLUMNS),
  // The durable log of those status changes, and the alerts devices raise and clear.
  UnitStatusChange: '*',
  Alert: '*',
  // Servers and channels report their status (the version column counts those reports).
  Server: ['status', 'swVersion', 'version', 'updatedAt'],
  Channel: ['status', 'allocatedToUnitUid', 'version', 'updatedAt'],
  VideoReturnChannel: ['status', 'version', 'updatedAt'],
  // Usage the core counts from the units' telemetry and writes every few seconds (usage-accounting.ts).
  UsageRecord: '*',
};

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** JSON for rows as both drivers return them (bigint counters, Date stamps, JSON columns). */
function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

/** Every table's rows (device-written columns left out), each table as a sorted list of row texts. */
export async function readAllTables(
  db: RawDb,
  leaveOut: Readonly<Record<string, readonly string[] | '*'>> = DEVICE_WRITTEN,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const skip = leaveOut[table];
    if (skip === '*') continue;
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM ${quote(table)}`);
    out[table] = rows
      .map((row) => {
        const kept: Record<string, unknown> = {};
        for (const key of Object.keys(row).sort()) if (!skip?.includes(key)) kept[key] = row[key];
        return stableJson(kept);
      })
      .sort();
  }
  return out;
}

/**
 * The rows that differ between two full snapshots, for a failure message a person can act on
 * (at most `limit` rows per table, each side).
 */
export function describeChanges(before: Record<string, string[]>, after: Record<string, string[]>, limit = 3): string[] {
  const out: string[] = [];
  const tables = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const t of tables) {
    const b = new Set(before[t] ?? []);
    const a = new Set(after[t] ?? []);
    const gone = [...b].filter((r) => !a.has(r)).slice(0, limit);
    const added = [...a].filter((r) => !b.has(r)).slice(0, limit);
    if (gone.length === 0 && added.length === 0) continue;
    out.push(`${t}: -${gone.join(' -')} +${added.join(' +')}`);
  }
  return out;
}

/** The device-written list names only tables and columns that exist (else it silently hides nothing). */
export async function checkDeviceWritten(db: RawDb): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(DEVICE_WRITTEN)) {
    if (!TABLES.includes(table)) {
      problems.push(`${table}: no such table`);
      continue;
    }
    if (columns === '*') continue;
    const [row] = await db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM ${quote(table)} LIMIT 1`);
    if (!row) {
      problems.push(`${table}: empty, its columns cannot be checked`);
      continue;
    }
    for (const c of columns) if (!(c in row)) problems.push(`${table}.${c}: no such column`);
  }
  return problems;
}
