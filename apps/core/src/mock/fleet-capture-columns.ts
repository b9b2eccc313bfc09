/**
 * The column helpers of a recording's capture (mock/fleet-capture.ts and its per-kind modules):
 * an answer's fields as stored columns, only values the recording knew (never a secret it left out).
 */
import { REDACTED } from '@fleet/contracts/recording-file';

/** One object as the recording last saw it: its stored columns, and its memberships where shown. */
export interface CapturedObject {
  id: string;
  /** Column → value (only what the recording showed). */
  columns: Record<string, unknown>;
  inventoryIds?: string[];
  groupIds?: string[];
}

export type Row = Record<string, unknown>;
export const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A value a column may take (a secret the recording left out is none). */
export const known = (v: unknown): boolean => v !== undefined && v !== REDACTED;

export type ColumnKind = 'string' | 'string?' | 'int' | 'int?' | 'bool' | 'json' | 'date?';

function fits(kind: ColumnKind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'string?':
      return v === null || typeof v === 'string';
    case 'int':
      return Number.isInteger(v);
    case 'int?':
      return v === null || Number.isInteger(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'json':
      return v !== null && typeof v === 'object';
    case 'date?':
      return v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));
  }
}

/** Answer fields → stored columns, per kind (a field named like its column is listed with its own name). */
export type ColumnMap = Record<string, readonly [column: string, kind: ColumnKind]>;
export const same = (kind: ColumnKind, ...names: string[]): ColumnMap => Object.fromEntries(names.map((n) => [n, [n, kind] as const]));

export function columnsOf(row: Row, map: ColumnMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, [column, kind]] of Object.entries(map)) {
    const v = row[field];
    if (known(v) && fits(kind, v)) out[column] = v;
  }
  return out;
}

export const ids = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** Whether a JSON value holds a secret the recording left out, anywhere in it. */
const holdsSecret = (v: unknown): boolean => v === REDACTED || (Array.isArray(v) ? v.some(holdsSecret) : isRow(v) && Object.values(v).some(holdsSecret));

/**
 * A JSON value with what the recording left out taken away: a key whose value is a secret
 * (`[redacted]`) is dropped; an array holding one anywhere is unknown as a whole (undefined).
 */
export function withoutSecrets(v: unknown): unknown {
  if (v === REDACTED) return undefined;
  if (Array.isArray(v)) return v.some(holdsSecret) ? undefined : v;
  if (!isRow(v)) return v;
  const out: Row = {};
  for (const [k, x] of Object.entries(v)) {
    const kept = withoutSecrets(x);
    if (kept !== undefined) out[k] = kept;
  }
  return out;
}

/** `over` laid on `base`, objects key by key (arrays and other values replace): the last word on a field stands. */
export function mergeDeep(base: Row, over: Row): Row {
  const out: Row = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue;
    const was = out[k];
    out[k] = isRow(was) && isRow(v) ? mergeDeep(was, v) : v;
  }
  return out;
}
