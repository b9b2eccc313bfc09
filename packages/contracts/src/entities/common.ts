import { z } from 'zod';

/** Ids are opaque strings: unit unique ids ("LU800-0001"), cuids for the rest. */
export const Id = z.string().min(1).max(128);
export const IdParams = z.object({ id: Id });
export const IsoDate = z.iso.datetime({ offset: true });

/** What every stored record answers last: its optimistic version, when it was made and when last changed. */
export const RecordStamps = { version: z.number().int().nonnegative(), createdAt: IsoDate, updatedAt: IsoDate };

/** Paging query of the spec's admin searches (offset, limit, searchKey, searchValue, sortBy, sortDir). */
export const SortDir = z.enum(['asc', 'desc']);

export const Ok = z.object({ ok: z.literal(true) });

/**
 * A stored JSON object (from a Json column) in an answer, written as stored. Its values are
 * `z.unknown()` rather than `z.json()`: z.json() is recursive, and a recursive response schema
 * cannot be compiled into a serialiser, so a list of thousands of rows carrying one would go
 * through a zod parse and JSON.stringify on every read. The values come from Json columns, so
 * they are JSON.
 */
export const StoredJsonObject = z.record(z.string(), z.unknown());
/** A stored JSON value (from a Json column) in an answer; see StoredJsonObject. */
export const StoredJson = z.unknown();

/** The one error envelope every failed call answers with. */
export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems with the spec's messages; present on validation failures. */
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** Numeric device/upgrade code where the spec has one (6802, 6199, ...). */
    deviceCode: z.number().int().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** One page of a paged list: the items, the count of all matching, and the page asked for. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  });
