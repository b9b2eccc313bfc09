/**
 * JSON columns as typed values. Each Json column of the schema gets one codec (a zod schema that
 * reads the stored value and a writer): services work with the decoded type and never pick stored
 * JSON apart by hand.
 *
 * Reading is lenient on purpose: a row written by an older version of the core, by a seed, or by
 * hand must never break a read, so a value that does not fit reads as its fallback, field by field
 * where the schema says so (`lenient`). Stored values come only from validated requests and device
 * reports, so writing needs no check.
 */
import { z } from 'zod';
import { JsonRecord } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';

export interface JsonColumn<T> {
  /** The stored value as T; anything that does not fit gives the fallback. */
  read(stored: unknown): T;
  /** T as the column stores it. */
  write(value: T): Prisma.InputJsonValue;
}

export function jsonColumn<S extends z.ZodType>(schema: S, fallback: () => z.output<S>): JsonColumn<z.output<S>> {
  return {
    read(stored) {
      const r = schema.safeParse(stored);
      return r.success ? r.data : fallback();
    },
    // Decoded values are plain JSON (objects, arrays, strings, numbers, booleans, null): what the
    // schema read from a JSON column is JSON again.
    write: (value) => value as Prisma.InputJsonValue,
  };
}

/** A field that reads as undefined when it is missing or does not fit. */
export function lenient<S extends z.ZodType>(schema: S) {
  return schema.optional().catch(undefined);
}

/** A nullable field: missing or not fitting reads as undefined, a stored null stays null. */
export function lenientNullable<S extends z.ZodType>(schema: S) {
  return schema.nullable().optional().catch(undefined);
}

/** An array whose entries that do not fit are dropped (the others are kept). */
export function lenientArray<S extends z.ZodType>(item: S) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((xs) =>
      xs.flatMap((x): z.output<S>[] => {
        const r = item.safeParse(x);
        return r.success ? [r.data] : [];
      }),
    )
    .optional()
    .catch(undefined);
}

/** An object of named fields, each lenient; unknown keys are kept (a read-modify-write loses nothing). */
export function lenientObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape).optional().catch(undefined);
}

/** A map of string keys to entries; entries that do not fit are dropped. */
export function lenientRecord<S extends z.ZodType>(value: S) {
  return z
    .record(z.string(), z.unknown())
    .catch({})
    .transform((r) => {
      const out: Record<string, z.output<S>> = {};
      for (const [k, v] of Object.entries(r)) {
        const parsed = value.safeParse(v);
        if (parsed.success) out[k] = parsed.data;
      }
      return out;
    })
    .optional()
    .catch(undefined);
}

/** `{ key: boolean }` maps (capabilities, feature flags): non-boolean entries are dropped. */
export const booleanMap = jsonColumn(
  z.record(z.string(), z.unknown()).transform((r) => Object.fromEntries(Object.entries(r).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'))),
  () => ({}),
);

/** A JSON object of JSON values (file metadata, details blobs), as the contracts' JsonRecord. */
export const jsonObject = jsonColumn(JsonRecord, () => ({}));

/** A stored JSON object as a copy to write back with changes (unknown keys kept); anything else as an empty object. */
export function writableObject(v: unknown): Record<string, Prisma.InputJsonValue> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, Prisma.InputJsonValue>) } : {};
}

/** A JSON object whose contents are free (settings blobs the spec leaves "not shown"). */
export const anyObject = jsonColumn(z.record(z.string(), z.unknown()), () => ({}));

/** Arrays of strings (labels, id lists): non-string entries are dropped. */
export const stringList = jsonColumn(
  z.array(z.unknown()).transform((xs) => xs.filter((x): x is string => typeof x === 'string')),
  () => [],
);

/** A stored value read through a schema (enum columns, stored JSON pieces), or the fallback when it does not fit. */
export function parseOr<T, F>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, v: unknown, fallback: F): T | F {
  const r = schema.safeParse(v);
  return r.success ? r.data : fallback;
}

/** A stored value that must be one of a list (numeric options such as bitrates), or the fallback. */
export function oneOf<T extends string | number>(values: readonly T[], v: unknown, fallback: T): T {
  return values.find((x) => x === v) ?? fallback;
}

/** A stored text that is set: null when missing, null or empty. */
export function nonEmpty(v: string | null | undefined): string | null {
  return v !== undefined && v !== null && v !== '' ? v : null;
}
