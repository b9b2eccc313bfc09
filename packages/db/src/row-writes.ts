/**
 * Row updates built without Prisma's query pipeline, for the hot writes (a unit renamed, a setting
 * saved, a device's report): one `UPDATE … WHERE id = ?`, optionally conditional on the row's
 * `version` and incrementing it, with `updatedAt` set as Prisma's `@updatedAt` would. The
 * statement goes through `executeStatement`: same commit groups, same write feed, same durability
 * as the Prisma write it replaces, at a fraction of the CPU.
 *
 * A table is declared once with the kinds of the columns its hot writes set (see the core's
 * repositories); the values are typed from those kinds. SQL texts are built once per shape.
 */
import { systemClock, type Clock } from '@fleet/contracts';
import type { ArgScalarType } from '@prisma/driver-adapter-utils';
import type { Prisma } from '../generated/sqlite/client.js';
import { executeStatement, providerOfDb, type Db, type DbHandle, type Statement } from './client.js';

export type ColumnKind = 'string' | 'int' | 'float' | 'boolean' | 'datetime' | 'json';

type ValueOf<K extends ColumnKind> = K extends 'string'
  ? string
  : K extends 'int' | 'float'
    ? number
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
  float: 'float',
  boolean: 'boolean',
  datetime: 'datetime',
  json: 'json',
};
/** PostgreSQL: a parameter sent as text is cast to the column's type (a transaction client binds text). */
const PG_CASTS: Partial<Record<ColumnKind, string>> = { json: '::jsonb', datetime: '::timestamp(3)' };

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
