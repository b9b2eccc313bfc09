/**
 * Row writes built without Prisma's query pipeline, for the hot writes (a unit renamed, a setting
 * saved, a device's report): one `UPDATE … WHERE id = ?`, optionally conditional on the row's
 * `version` and incrementing it, with `updatedAt` set as Prisma's `@updatedAt` would; and many rows
 * created or updated in one `INSERT … ON CONFLICT (id) DO UPDATE` (`rowsUpsert`, a fleet's reports
 * of one turn). The statement goes through `executeStatement`: same commit groups, same write feed,
 * same durability as the Prisma writes it replaces, at a fraction of the CPU.
 *
 * A table is declared once with the kinds of the columns its hot writes set (see the core's
 * repositories); the values are typed from those kinds. SQL texts are built once per shape.
 */
import { systemClock, type Clock } from '@fleet/contracts';
import type { ArgScalarType } from '@prisma/driver-adapter-utils';
import type { Prisma } from '../generated/sqlite/client.js';
import { executeStatement, providerOfDb, type Db, type DbHandle, type Statement } from './client.js';

export type ColumnKind = 'string' | 'int' | 'bigint' | 'float' | 'boolean' | 'datetime' | 'json';

type ValueOf<K extends ColumnKind> = K extends 'string'
  ? string
  : K extends 'int' | 'float'
    ? number
    : K extends 'bigint'
      ? bigint
      : K extends 'boolean'
        ? boolean
        : K extends 'datetime'
          ? Date
          : Prisma.InputJsonValue; // stored as its JSON text, as Prisma stores it

/** A table whose rows are updated by id. */
export interface RowTable<C extends Record<string, ColumnKind>> {
  /** The Prisma model, which is also the table's name. */
  readonly model: string;
  /** The columns hot writes set, with their kinds. */
  readonly columns: C;
  /** The model has `updatedAt DateTime @updatedAt` (set on every update, as Prisma does). */
  readonly updatedAt: boolean;
}

/** The columns to set: absent keys are left alone; `null` only where the column allows it (the database checks). */
export type RowSet<C extends Record<string, ColumnKind>> = { readonly [K in keyof C]?: ValueOf<C[K]> | null };

/** Which row: by id, and when `version` is given only while the row's `version` column still holds it. */
export interface RowWhere {
  readonly id: string;
  readonly version?: number;
}

export interface RowUpdateOptions {
  /** Add one to the row's `version` column (an edit others must not overwrite unknowingly). */
  readonly incrementVersion?: boolean;
  /** Where `updatedAt` is read (default the system clock, as Prisma's `@updatedAt`). */
  readonly clock?: Clock;
}

const ARG_TYPES: Record<ColumnKind, ArgScalarType> = {
  string: 'string',
  int: 'int',
  bigint: 'bigint',
  float: 'float',
  boolean: 'boolean',
  datetime: 'datetime',
  json: 'json',
};
/** PostgreSQL: a parameter sent as text is cast to the column's type (a transaction client binds text). */
const PG_CASTS: Partial<Record<ColumnKind, string>> = {
  json: '::jsonb',
  datetime: '::timestamp(3)',
  bigint: '::bigint',
  int: '::integer',
  float: '::double precision',
  boolean: '::boolean',
};

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const texts = new Map<string, string>();

/** The UPDATE statement for `set` on `where`'s row (`version` incremented when the table has one). */
export function rowUpdate<C extends Record<string, ColumnKind>>(
  db: DbHandle | Db,
  table: RowTable<C>,
  where: RowWhere,
  set: RowSet<C>,
  options: RowUpdateOptions = {},
): Statement {
  const provider = providerOfDb(db);
  const names = Object.keys(set).filter((k) => set[k] !== undefined);
  const kinds: ColumnKind[] = names.map((n) => {
    const kind = table.columns[n];
    if (!kind) throw new Error(`rowUpdate: ${table.model}.${n} is not a declared column`);
    return kind;
  });
  // The row's columns after the write, as a read would give them (JSON as parsed from its text).
  const columns: Record<string, unknown> = {};
  const args: unknown[] = names.map((n, i) => {
    const v = set[n];
    if (v === null || kinds[i] !== 'json') {
      columns[n] = v;
      return v;
    }
    const text = JSON.stringify(v);
    columns[n] = JSON.parse(text);
    return text;
  });
  const argTypes: Statement['argTypes'] = kinds.map((k) => ({ scalarType: ARG_TYPES[k], arity: 'scalar' }));
  if (table.updatedAt) {
    const now = new Date((options.clock ?? systemClock).now());
    columns.updatedAt = now;
    args.push(now);
    argTypes.push({ scalarType: 'datetime', arity: 'scalar' });
  }
  args.push(where.id);
  argTypes.push({ scalarType: 'string', arity: 'scalar' });
  const checked = where.version !== undefined;
  const increment = options.incrementVersion === true;
  if (checked) {
    args.push(where.version);
    argTypes.push({ scalarType: 'int', arity: 'scalar' });
  }
  const key = `${provider}|${table.model}|${names.join(',')}|${checked ? 'v' : ''}|${increment ? '+' : ''}`;
  let sql = texts.get(key);
  if (sql === undefined) {
    let n = 0;
    const param = (kind: ColumnKind): string => (provider === 'postgresql' ? `$${++n}${PG_CASTS[kind] ?? ''}` : '?');
    const sets = names.map((name, i) => `${quote(name)} = ${param(kinds[i]!)}`);
    if (table.updatedAt) sets.push(`${quote('updatedAt')} = ${param('datetime')}`);
    if (increment) sets.push(`${quote('version')} = ${quote('version')} + 1`);
    if (sets.length === 0) throw new Error(`rowUpdate: nothing to set on ${table.model}`);
    const conditions = [`${quote('id')} = ${param('string')}`];
    if (checked) conditions.push(`${quote('version')} = ${param('int')}`);
    sql = `UPDATE ${quote(table.model)} SET ${sets.join(', ')} WHERE ${conditions.join(' AND ')}`;
    texts.set(key, sql);
  }
  // With the version incremented, the new one is known only from the version the write checked.
  if (increment && checked) columns.version = where.version! + 1;
  const known = !increment || checked;
  return {
    sql,
    args,
    argTypes,
    ...(known ? { row: { id: where.id, columns } } : {}),
    change: { model: table.model, operation: 'updateMany', args: { where: checked ? { id: where.id, version: where.version } : { id: where.id } } },
  };
}

/** Update one row (see `rowUpdate`); answers 1 when it was changed, 0 when no row matched. */
export function updateRow<C extends Record<string, ColumnKind>>(
  db: DbHandle | Db,
  table: RowTable<C>,
  where: RowWhere,
  set: RowSet<C>,
  options: RowUpdateOptions = {},
): Promise<number> {
  return executeStatement(db, rowUpdate(db, table, where, set, options));
}

/** A row written by `rowsUpsert`: its id, the columns a new row gets only, and the columns set either way. */
export interface UpsertRow<I extends Record<string, ColumnKind>, C extends Record<string, ColumnKind>> {
  readonly id: string;
  readonly insert: { readonly [K in keyof I]: ValueOf<I[K]> | null };
  readonly set: { readonly [K in keyof C]: ValueOf<C[K]> | null };
}

/** Most rows one `rowsUpsert` statement carries (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
export const UPSERT_ROWS_MAX = 500;

/**
 * Many rows written in one statement, each created or, when its id exists, updated: what
 * `prisma.x.upsert({ where: { id }, create: { id, ...insert, ...set }, update: set })` does row by
 * row, at the cost of one statement. Every row gives the same columns (`insert` only on a new row,
 * `set` either way); `createdAt` (new rows) and `updatedAt` are set as Prisma sets them, and
 * `version` moves on by one on an updated row when `incrementVersion` is set. A table may name
 * another unique key to meet on (`conflict`, e.g. a unit and a day: the row's id is then used only
 * when it is new) and set columns that an update adds to rather than replaces (`accumulate`: Prisma's
 * `{ increment }`). At most `UPSERT_ROWS_MAX` rows, no two on the same key; a failing row fails the
 * statement (the caller decides what then).
 */
export function rowsUpsert<I extends Record<string, ColumnKind>, C extends Record<string, ColumnKind>>(
  db: DbHandle | Db,
  table: {
    readonly model: string;
    readonly insert: I;
    readonly set: C;
    readonly createdAt: boolean;
    readonly updatedAt: boolean;
    /** The unique key a row meets an existing one on (default its id). */
    readonly conflict?: readonly string[];
    /** Columns of `set` an update adds to the stored value (default: every column of `set` replaces it). */
    readonly accumulate?: readonly (keyof C & string)[];
  },
  rows: readonly UpsertRow<I, C>[],
  options: RowUpdateOptions = {},
): Statement {
  if (rows.length === 0 || rows.length > UPSERT_ROWS_MAX) throw new Error(`rowsUpsert: ${rows.length} rows (1 to ${UPSERT_ROWS_MAX})`);
  const provider = providerOfDb(db);
  const insertNames = Object.keys(table.insert);
  const setNames = Object.keys(table.set);
  const kinds: ColumnKind[] = ['string', ...insertNames.map((n) => table.insert[n]!), ...setNames.map((n) => table.set[n]!)];
  const now = new Date((options.clock ?? systemClock).now());
  const stamps: Date[] = [...(table.createdAt ? [now] : []), ...(table.updatedAt ? [now] : [])];
  const columns = ['id', ...insertNames, ...setNames, ...(table.createdAt ? ['createdAt'] : []), ...(table.updatedAt ? ['updatedAt'] : [])];
  const rowKinds: ColumnKind[] = [...kinds, ...stamps.map((): ColumnKind => 'datetime')];
  const args: unknown[] = [];
  for (const row of rows) {
    args.push(row.id);
    for (const n of insertNames) args.push(valueArg(row.insert[n], table.insert[n]!));
    for (const n of setNames) args.push(valueArg(row.set[n], table.set[n]!));
    args.push(...stamps);
  }
  const argTypes: Statement['argTypes'] = rows.flatMap(() => rowKinds.map((k) => ({ scalarType: ARG_TYPES[k], arity: 'scalar' as const })));
  let n = 0;
  const param = (kind: ColumnKind): string => (provider === 'postgresql' ? `$${++n}${PG_CASTS[kind] ?? ''}` : '?');
  const values = rows.map(() => `(${rowKinds.map(param).join(', ')})`).join(', ');
  const stored = (c: string) => `${quote(table.model)}.${quote(c)}`;
  const accumulate = new Set<string>(table.accumulate ?? []);
  const updates = [...setNames, ...(table.updatedAt ? ['updatedAt'] : [])].map(
    (c) => `${quote(c)} = ${accumulate.has(c) ? `${stored(c)} + ` : ''}excluded.${quote(c)}`,
  );
  if (options.incrementVersion === true) updates.push(`${quote('version')} = ${stored('version')} + 1`);
  const conflict = table.conflict ?? ['id'];
  const sql =
    `INSERT INTO ${quote(table.model)} (${columns.map(quote).join(', ')}) VALUES ${values} ` +
    `ON CONFLICT (${conflict.map(quote).join(', ')}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
  // Met on another key, the rows' ids say nothing of which rows changed: the model as a whole did.
  const where = table.conflict === undefined ? { where: { id: { in: rows.map((r) => r.id) } } } : {};
  return { sql, args, argTypes, change: { model: table.model, operation: 'upsert', args: where } };
}

/** A value as the statement binds it (JSON as its text, as Prisma stores it). */
function valueArg(v: unknown, kind: ColumnKind): unknown {
  return v === null || v === undefined || kind !== 'json' ? (v ?? null) : JSON.stringify(v);
}
