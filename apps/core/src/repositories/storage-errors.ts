/** Errors storage raises that a service turns into an answer. */

/**
 * Whether a storage error is a unique-constraint violation (a name or e-mail already taken): from
 * a Prisma call (P2002) or from a statement run on the driver adapter (`executeStatement`).
 */
export function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  if ('code' in e && (e as { code: unknown }).code === 'P2002') return true;
  const cause = (e as { name?: unknown; cause?: { kind?: unknown } }).name === 'DriverAdapterError' ? (e as { cause?: { kind?: unknown } }).cause : undefined;
  return cause?.kind === 'UniqueConstraintViolation';
}
