/**
 * The console's typed REST client: @fleet/client's catalogue calls (types from `catalogue[id]`, method
 * and path from ENDPOINT_ROUTES; no hand-written fetch per call) under the runtime configuration's API
 * base, with the 401 redirect.
 *
 * Answers are checked against the catalogue's response schemas in development builds and tests
 * (INVALID_RESPONSE on a mismatch), loaded on demand; production builds trust the contract so that
 * zod and the schemas stay out of the first route (the core builds every answer from the same
 * schemas).
 */
import { callUrl, requestEndpoint, type ApiError } from '@fleet/client';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { afterFramePaint } from '../lib/framePaint';
import { readAnswer } from './answers';

export { ApiError, buildQueryString, errorFromResponse, isApiError } from '@fleet/client';

/** Called when the core answers 401 (spec: "A 401 answer redirects to the login page"). */
export type UnauthorizedHandler = (error: ApiError) => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app registers the redirect to the login page here (the router is not known to this module). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  /** Do not run the 401 redirect (the caller handles it). */
  readonly skipUnauthorizedRedirect?: boolean;
  /** How long to wait for the answer (default: the call's, @fleet/client timeouts.ts); 0 waits as long as it takes. */
  readonly timeoutMs?: number;
  /** Injectable for tests. */
  readonly fetchImpl?: typeof fetch;
  /** Check the answer against the response schema (default: in development builds); off for an answer the caller reads field by field. */
  readonly checkResponse?: boolean;
}

/** The URL of one call under the configured API base. */
export function endpointUrl<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>>, apiBase = getRuntimeConfig().apiBase): string {
  return callUrl(id, input, apiBase);
}

/**
 * Calls one endpoint of the catalogue (@fleet/client's request, shared with scripts). Throws {@link ApiError}: the server's error envelope, a
 * network failure (status 0, NETWORK_ERROR), no answer within the call's timeout (status 0,
 * TIMEOUT) or, in development builds, an answer that does not match the response schema
 * (INVALID_RESPONSE). A 401 also runs the registered unauthorized handler. The caller's own abort
 * rethrows the AbortError.
 */
export async function callEndpoint<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>> = {}, options: CallOptions = {}): Promise<EndpointOutput<K>> {
  const wait = afterFramePaint();
  if (wait) await wait;
  const answer = await requestEndpoint(id, input, {
    apiBase: getRuntimeConfig().apiBase,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
    checkResponse: options.checkResponse ?? import.meta.env.DEV,
    onError: (error) => {
      if (error.status === 401 && !options.skipUnauthorizedRedirect) unauthorizedHandler?.(error);
    },
  });
  // The answers read everywhere are read field by field (answers.ts): a core that left a field out breaks no screen.
  return readAnswer(id, answer);
}
