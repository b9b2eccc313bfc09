/**
 * @fleet/client: the typed REST client of the endpoint catalogue, for the console and for scripts
 * (QA suites, tooling) on Node 20 — every call by its catalogue id, its input and answer typed from
 * the catalogue, failures as {@link ApiError} with the spec's error envelope.
 *
 * ```ts
 * import { createClient, signInToMock } from '@fleet/client';
 * const baseUrl = 'http://127.0.0.1:8080';
 * const cookie = await signInToMock(baseUrl, 'luc_regular', 'Demo-pass-1');
 * const core = createClient({ baseUrl, headers: { cookie } });
 * const units = await core.call('fetchDevices');
 * ```
 */
import { MOCK_AUTH, type EndpointId, type EndpointInput, type EndpointOutput } from '@fleet/contracts';
import { ApiError } from './ApiError.js';
import { errorFromResponse, joinUrl, requestEndpoint, type RequestOptions } from './request.js';

export { ApiError, CLIENT_ERROR_CODES, isApiError, type ApiErrorField } from './ApiError.js';
export { buildQueryString, callUrl, errorFromResponse, joinUrl, requestEndpoint, type RequestOptions } from './request.js';
export { LONG_CALLS, requestTimeoutMs } from './timeouts.js';
export { createSandboxes, type Sandbox, type Sandboxes, type SandboxesOptions } from './sandboxes.js';

export interface ClientOptions {
  /** The core's origin (`http://127.0.0.1:8080`). */
  readonly baseUrl: string;
  /** The REST prefix under it (the core's CORE_PREFIX, `/api` by default). */
  readonly apiPrefix?: string;
  /** Sent with every call: the session cookie (`cookie: fleet_session=…`) or an `authorization` header. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Check every answer against the catalogue's response schema (default true: a script wants to know). */
  readonly checkResponses?: boolean;
  readonly fetchImpl?: typeof fetch;
}

export type CallOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export interface Client {
  call<K extends EndpointId>(id: K, input?: Partial<EndpointInput<K>>, options?: CallOptions): Promise<EndpointOutput<K>>;
}

export function createClient(options: ClientOptions): Client {
  const apiBase = joinUrl(options.baseUrl, options.apiPrefix ?? '/api');
  return {
    call: (id, input = {}, call = {}) =>
      requestEndpoint(id, input, {
        ...call,
        apiBase,
        headers: options.headers,
        fetchImpl: options.fetchImpl,
        checkResponse: options.checkResponses ?? true,
      }),
  };
}

/**
 * Signs in to the mock core (its demo log-in, `/mock/auth/login`) and gives the session's `cookie`
 * header value for {@link createClient}. A real core signs in through its own single sign-on.
 */
export async function signInToMock(baseUrl: string, username: string, password: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const res = await fetchImpl(joinUrl(baseUrl, MOCK_AUTH.loginPath), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw await errorFromResponse(res);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${MOCK_AUTH.sessionCookie}=`));
  if (!session) throw new ApiError({ status: res.status, code: 'NO_SESSION', message: 'The sign-in answered without a session cookie' });
  return session;
}
