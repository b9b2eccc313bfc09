/**
 * One call of the endpoint catalogue over fetch: types from `catalogue[id]`, method and path from
 * ENDPOINT_ROUTES (plain data), the error envelope as an {@link ApiError}. No browser or bundler is
 * assumed: the console and Node scripts share it.
 */
import { buildPath, ENDPOINT_ROUTES, parseErrorEnvelope } from '@fleet/contracts';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { ApiError, CLIENT_ERROR_CODES } from './ApiError.js';
import { requestTimeoutMs } from './timeouts.js';

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

/** `base` and `path` joined with one slash between them. */
export function joinUrl(base: string, path: string): string {
  const left = base.endsWith('/') ? base.slice(0, -1) : base;
  const right = path.startsWith('/') ? path : `/${path}`;
  return `${left}${right}`;
}

/** The URL of one call under `apiBase` (a path on the page's origin, or an absolute URL). */
export function callUrl<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>>, apiBase: string): string {
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

export interface RequestOptions {
  /** Where the catalogue's paths start: `/api` on the page's origin, or `http://core:8080/api`. */
  readonly apiBase: string;
  readonly signal?: AbortSignal | undefined;
  /** How long to wait for the answer (default: the call's, timeouts.ts); 0 waits as long as it takes. */
  readonly timeoutMs?: number | undefined;
  /** Sent with every request (a script's session cookie or `Authorization`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly fetchImpl?: typeof fetch | undefined;
  /** Check the answer against the catalogue's response schema (INVALID_RESPONSE on a mismatch). */
  readonly checkResponse?: boolean | undefined;
  /** Told of a failed answer before it is thrown (the console's 401 redirect). */
  readonly onError?: ((error: ApiError) => void) | undefined;
}

/**
 * Calls one endpoint of the catalogue. Throws {@link ApiError}: the server's error envelope, a
 * network failure (status 0, NETWORK_ERROR), no answer within the call's timeout (status 0,
 * TIMEOUT) or, when asked to check, an answer that does not match the response schema
 * (INVALID_RESPONSE). The caller's own abort rethrows the AbortError.
 */
export async function requestEndpoint<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>>, options: RequestOptions): Promise<EndpointOutput<K>> {
  const [method] = ENDPOINT_ROUTES[id];
  const url = callUrl(id, input, options.apiBase);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
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
      options.onError?.(error);
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
  if (!options.checkResponse) return body as EndpointOutput<K>;
  const { checkResponse } = await import('./check.js');
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
