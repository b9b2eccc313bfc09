/**
 * Every status a catalogue call can answer, as the OpenAPI document lists it and the core under test
 * holds it to. Two sources, neither kept by hand:
 * - what the route does for every call (routes/catalogue.ts, plugins/security.ts, plugins/errors.ts):
 *   invalid input 400, no session 401, a role that may not 403, the rate limit 429, headers too large
 *   431; a body over the limit 413 on every method that carries one; an object out of scope 404;
 * - the errors the call's own code can raise (./call-errors.json, written by `pnpm openapi` from a
 *   scan of the code each call reaches: apps/core/scripts/call-errors.ts).
 * With RESPONSE_VALIDATION (tests, development) an error answer whose status its call does not list
 * is itself a failure (plugins/errors.ts): a new refusal the scan has not seen fails the test that
 * meets it until `pnpm openapi` is run again.
 */
import { catalogue, ERROR_CATALOGUE, type EndpointDef, type EndpointId, type ErrorCode } from '@fleet/contracts';
import callErrors from './call-errors.json' with { type: 'json' };

/** The statuses the route answers for every call. */
const ROUTE_STATUSES = [400, 401, 403, 429, 431] as const;

/**
 * Statuses never documented: 500 is a fault (a device's refusal the catalogue does not know is
 * answered as one), and 405/408 belong to no operation (an undeclared method, a request that never
 * arrived whole).
 */
const NOT_PER_CALL = new Set([405, 408, 500]);

/** The catalogue's error codes the call's code can raise (from the scan). */
export function errorCodesOf(id: EndpointId): readonly ErrorCode[] {
  return ((callErrors as Record<string, string[]>)[id] ?? []).filter((c): c is ErrorCode => c in ERROR_CATALOGUE);
}

const statusesById = new Map<EndpointId, ReadonlySet<number>>();

/** The error statuses `id` can answer (success not included), ascending. */
export function errorStatusesOf(id: EndpointId): ReadonlySet<number> {
  let held = statusesById.get(id);
  if (held) return held;
  const def: EndpointDef = catalogue[id];
  const out = new Set<number>(ROUTE_STATUSES);
  if (def.method !== 'GET') out.add(413);
  if (def.scope !== 'none') out.add(404);
  for (const code of errorCodesOf(id)) out.add(ERROR_CATALOGUE[code].status);
  for (const s of NOT_PER_CALL) out.delete(s);
  held = new Set([...out].sort((a, b) => a - b));
  statusesById.set(id, held);
  return held;
}

/** Whether `status` is one `id` documents (its success, or one of its error statuses). */
export function isDocumentedStatus(id: EndpointId, status: number): boolean {
  const def: EndpointDef = catalogue[id];
  return status === (def.successStatus ?? 200) || errorStatusesOf(id).has(status) || NOT_PER_CALL.has(status);
}
