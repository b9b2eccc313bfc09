/**
 * The typed REST client, derived from the endpoint catalogue: types come from `catalogue[id]`,
 * method and path from ENDPOINT_ROUTES (generated from the catalogue, plain data). There is no
 * hand-written fetch per call.
 *
 * Answers are checked against the catalogue's response schemas in development builds and tests
 * (INVALID_RESPONSE on a mismatch), loaded on demand; production builds trust the contract so that
 * zod and the schemas stay out of the first route (the core builds every answer from the same
 * schemas).
 */
import { buildPath, ENDPOINT_ROUTES, parseErrorEnvelope } from '@fleet/contracts';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { getRuntimeConfig, joinUrl } from '../config/runtimeConfig';
import { ApiError, CLIENT_ERROR_CODES } from './ApiError';
import { requestTimeoutMs } from './timeouts';

export { ApiError, isApiError } from './ApiError';

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
  /** How long to wait for the answer (default: the call's, api/timeouts.ts); 0 waits as long as it takes. */
  readonly timeoutMs?: number;
  /** Injectable for tests. */
  readonly fetchImpl?: typeof fetch;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `?a=1&b=x` from a query object; undefined and null values are left out, arrays repeat the key. */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL of one call under the configured API base. */
export function endpointUrl<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>>, apiBase = getRuntimeConfig().apiBase): string {
  const [, path] = ENDPOINT_ROUTES[id];
  const params = input.params as Record<string, string | number> | undefined;
  const query = input.query as Record<string, QueryValue> | undefined;
  return joinUrl(apiBase, buildPath(path, params)) + buildQueryString(query);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError of a failed answer: the envelope when there is one, else the status alone. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const envelope = parseErrorEnvelope(await readJson(res));
  if (envelope) {
    const { code, message, fields, deviceCode } = envelope.error;
    return new ApiError({ status: res.status, code, message, fields: fields ?? [], deviceCode });
  }
  return new ApiError({ status: res.status, code: `HTTP_${res.status}`, message: res.statusText || `HTTP ${res.status}` });
}

/**
 * A signal that aborts when the caller's does or when `timeoutMs` has passed (0: never), and
 * whether the time ran out; `done` clears the timer.
 */
function withTimeout(outer: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort();
        }, timeoutMs)
      : null;
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      if (timer !== null) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Calls one endpoint of the catalogue. Throws {@link ApiError}: the server's error envelope, a
 * network failure (status 0, NETWORK_ERROR), no answer within the call's timeout (status 0,
 * TIMEOUT) or, in development builds, an answer that does not match the response schema
 * (INVALID_RESPONSE). A 401 also runs the registered unauthorized handler. The caller's own abort
 * rethrows the AbortError.
 */
export async function callEndpoint<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>> = {}, options: CallOptions = {}): Promise<EndpointOutput<K>> {
  const [method] = ENDPOINT_ROUTES[id];
  const url = endpointUrl(id, input);
  const headers: Record<string, string> = { accept: 'application/json' };
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs(id);
  const deadline = withTimeout(options.signal, timeoutMs);
  const init: RequestInit = { method, headers, credentials: 'include', signal: deadline.signal };
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }

  let res: Response;
  let body: unknown;
  try {
    res = await (options.fetchImpl ?? fetch)(url, init);
    if (!res.ok) {
      const error = await errorFromResponse(res);
      if (res.status === 401 && !options.skipUnauthorizedRedirect) unauthorizedHandler?.(error);
      throw error;
    }
    body = await readJson(res);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (deadline.timedOut()) throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: `No answer within ${timeoutMs / 1000} s` });
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: error instanceof Error ? error.message : String(error) });
  } finally {
    deadline.done();
  }
  if (!import.meta.env.DEV) return body as EndpointOutput<K>;
  const { checkResponse } = await import('./devContract');
  const checked = checkResponse(id, body);
  if (!checked.ok) {
    throw new ApiError({
      status: res.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: `${id}: the answer does not match the catalogue (${checked.message})`,
    });
  }
  return checked.data;
}
