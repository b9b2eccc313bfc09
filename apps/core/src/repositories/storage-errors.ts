/** Errors storage raises that a service turns into an answer. */

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
export async function unlessTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}
