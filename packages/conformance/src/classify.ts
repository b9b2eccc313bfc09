/**
 * The rule that tells a missing call (the core has no such route) from a call whose object is not
 * there, and checks error envelopes against the catalogue.
 *
 * Every catalogue route is guarded by the session first (401 before role, input and object checks),
 * while a route the core does not have answers 404 (the mock's not-found handler, a reverse proxy's,
 * a framework's default) or 405/501. So the call is made WITHOUT a session: 401 says the route
 * exists; 404, 405 or 501 says it is missing. Anything else (200: the route is open; 403 from a
 * gateway) says nothing about the route and is judged by the checks with a session.
 */
import { ERROR_CATALOGUE, parseErrorEnvelope } from '@fleet/contracts';
import type { Difference } from './report.js';

export type RoutePresence = 'present' | 'missing' | 'unknown';

export function routePresence(statusWithoutSession: number): RoutePresence {
  if (statusWithoutSession === 401) return 'present';
  if (statusWithoutSession === 404 || statusWithoutSession === 405 || statusWithoutSession === 501) return 'missing';
  return 'unknown';
}

type CatalogueCode = keyof typeof ERROR_CATALOGUE;
const isCatalogueCode = (code: string): code is CatalogueCode => Object.hasOwn(ERROR_CATALOGUE, code);

/**
 * Check an error answer: the expected status, a well-formed envelope and, when `codes` is given, one
 * of those catalogue codes with the catalogue's message (a code outside the catalogue, or a message
 * other than its own, is a difference; messages with `{0}` placeholders are matched as patterns).
 */
export function checkErrorAnswer(status: number, body: unknown, expectedStatus: number, codes?: readonly CatalogueCode[]): Difference[] {
  const diffs: Difference[] = [];
  if (status !== expectedStatus) diffs.push({ path: 'status', expected: String(expectedStatus), received: String(status) });
  const envelope = parseErrorEnvelope(body);
  if (!envelope) {
    diffs.push({ path: '$.error', expected: 'an error envelope { error: { code, message } }', received: describeBody(body) });
    return diffs;
  }
  const { code, message } = envelope.error;
  if (codes && !codes.includes(code as CatalogueCode)) {
    diffs.push({ path: '$.error.code', expected: codes.map((c) => JSON.stringify(c)).join(' | '), received: JSON.stringify(code) });
  }
  if (isCatalogueCode(code)) {
    const entry = ERROR_CATALOGUE[code];
    if (!messageMatches(entry.message, message))
      diffs.push({ path: '$.error.message', expected: JSON.stringify(entry.message), received: JSON.stringify(message) });
  } else if (!codes) {
    diffs.push({ path: '$.error.code', expected: 'a code of the error catalogue', received: JSON.stringify(code) });
  }
  return diffs;
}

/** The catalogue's message, with `{0}`-style placeholders standing for any text. */
export function messageMatches(template: string, message: string): boolean {
  if (!/\{\d+\}/.test(template)) return template === message;
  const pattern = template
    .split(/\{\d+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`).test(message);
}

export function describeBody(body: unknown): string {
  if (body === undefined || body === '') return 'an empty body';
  if (typeof body === 'string') return `text ${JSON.stringify(body.length > 60 ? `${body.slice(0, 57)}...` : body)}`;
  return `JSON ${JSON.stringify(body).slice(0, 80)}`;
}
