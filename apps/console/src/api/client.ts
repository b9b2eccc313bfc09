/**
 * The typed REST client, derived from the endpoint catalogue: method, path, query and body come
 * from `catalogue[id]`, the answer is parsed with its response schema. There is no hand-written
 * fetch per call.
 */
import { buildPath, catalogue, ErrorEnvelope } from '@fleet/contracts';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import type { z } from 'zod';
import { getRuntimeConfig, joinUrl } from '../config/runtimeConfig';
import { ApiError, CLIENT_ERROR_CODES } from './ApiError';

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
  const def = catalogue[id];
  const params = input.params as Record<string, string | number> | undefined;
  const query = input.query as Record<string, QueryValue> | undefined;
  return joinUrl(apiBase, buildPath(def.path, params)) + buildQueryString(query);
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
  const parsed = ErrorEnvelope.safeParse(await readJson(res));
  if (parsed.success) {
    const { code, message, fields, deviceCode } = parsed.data.error;
    return new ApiError({ status: res.status, code, message, fields: fields ?? [], deviceCode });
  }
  return new ApiError({ status: res.status, code: `HTTP_${res.status}`, message: res.statusText || `HTTP ${res.status}` });
}

/**
 * Calls one endpoint of the catalogue. Throws {@link ApiError}: the server's error envelope, a
 * network failure (status 0, NETWORK_ERROR) or an answer that does not match the response schema
 * (INVALID_RESPONSE). A 401 also runs the registered unauthorized handler.
 */
export async function callEndpoint<K extends EndpointId>(
  id: K,
  input: Partial<EndpointInput<K>> = {},
  options: CallOptions = {},
): Promise<EndpointOutput<K>> {
  const def = catalogue[id];
  const url = endpointUrl(id, input);
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method: def.method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }

  let res: Response;
  try {
    res = await (options.fetchImpl ?? fetch)(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: error instanceof Error ? error.message : String(error) });
  }

  if (!res.ok) {
    const error = await errorFromResponse(res);
    if (res.status === 401 && !options.skipUnauthorizedRedirect) unauthorizedHandler?.(error);
    throw error;
  }

  // The catalogue ties each id to its response schema; TypeScript cannot follow the union by key.
  const schema = def.response as unknown as z.ZodType<EndpointOutput<K>>;
  const parsed = schema.safeParse(await readJson(res));
  if (!parsed.success) {
    throw new ApiError({
      status: res.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: `${id}: the answer does not match the catalogue (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    });
  }
  return parsed.data;
}
