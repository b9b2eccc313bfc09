/** Errors storage raises that a service turns into an answer. */

/** Whether a storage error is a unique-constraint violation (a name or e-mail already taken). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'P2002';
}
