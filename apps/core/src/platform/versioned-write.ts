/**
 * The one way a service writes a versioned row and reads the row it needs: a row that is not there
 * answers 404, a write that met no row at the version read answers 409 (someone changed or removed
 * it in between), and a unique violation becomes the spec's "already taken" error of that noun.
 */
import { AppError } from '../errors.js';

/**
 * Whether a storage error is a unique-constraint violation (a name or e-mail already taken): from
 * a Prisma call (P2002) or from a statement run on the driver adapter (`executeStatement`).
 */
export function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const error = e as { code?: unknown; name?: unknown; cause?: { kind?: unknown } };
  return error.code === 'P2002' || (error.name === 'DriverAdapterError' && error.cause?.kind === 'UniqueConstraintViolation');
}

/**
 * Runs a write whose unique constraint the spec answers with an error of its own (a name, e-mail or
 * key already taken): a unique violation becomes `taken()`; any other error passes unchanged.
 */
export async function unlessTaken<T>(write: Promise<T> | (() => Promise<T>), taken: Taken): Promise<T> {
  try {
    return await (typeof write === 'function' ? write() : write);
  } catch (e) {
    if (isUniqueViolation(e)) throw await taken(e);
    throw e;
  }
}

/**
 * The answer to a unique violation: the noun's "already taken" error, or (where which field clashed
 * is looked up) whatever that lookup throws, else the violation itself.
 */
export type Taken = (violation: unknown) => unknown;

export interface AtVersionOptions {
  /** The noun's "already taken" error, for a write that met a unique constraint. */
  taken?: Taken;
  /** What a write that met no row answers, where not 409 (the row moved on): an error, or a promise of one. */
  none?: () => unknown;
}

/** The rows a conditional write met; a unique violation becomes `taken`'s answer. */
function rowsMet(write: Promise<number> | (() => Promise<number>), taken: Taken | undefined): Promise<number> {
  return taken ? unlessTaken(write, taken) : typeof write === 'function' ? write() : write;
}

/**
 * Awaits a write guarded by the version read (an update or delete answering the rows it met): none
 * met answers 409, or `none()`; a unique violation answers `taken()`.
 */
export async function atVersion(write: Promise<number> | (() => Promise<number>), options: AtVersionOptions = {}): Promise<void> {
  const count = await rowsMet(write, options.taken);
  if (count === 0) throw options.none ? await options.none() : new AppError('CONFLICT');
}

/** Awaits a write that must meet its row whatever its version (a delete by id, a plain column set): none met answers 404. */
export async function requireWritten(write: Promise<number> | (() => Promise<number>), taken?: Taken): Promise<void> {
  const count = await rowsMet(write, taken);
  if (count === 0) throw new AppError('NOT_FOUND');
}

/** The row a call is about, or 404: also when the caller may not see it (`visible`). */
export function requireRow<T>(row: T | null | undefined, visible?: (row: T) => boolean): T {
  if (row === null || row === undefined || (visible !== undefined && !visible(row))) throw new AppError('NOT_FOUND');
  return row;
}

/** The row a read finds, or 404: also when the caller may not see it (`visible`). */
export async function requireFound<T>(find: Promise<T | null | undefined>, visible?: (row: T) => boolean): Promise<T> {
  return requireRow(await find, visible);
}
