/**
 * The crash test's only way into the core: HTTP, typed against the endpoint catalogue (method and
 * path from ENDPOINT_ROUTES, input and answer types from the catalogue), plus the demo log-in.
 *
 * Every call ends in one of three outcomes, which is what the durability proof rests on:
 * - `acked`: a 2xx status and the whole body received — the core has promised the write;
 * - `rejected`: a complete non-2xx answer — the core has said the write did not happen;
 * - `unknown`: no complete answer (connection reset by the kill, refused, timed out) — the write
 *   may or may not have happened.
 */
import { buildPath, ENDPOINT_ROUTES, MOCK_AUTH, parseErrorEnvelope, type EndpointId, type EndpointInput, type EndpointOutput } from '@fleet/contracts';

/** The core's REST prefix as the stack starts it (CORE_PREFIX default). */
const CORE_PREFIX = '/api';

export type Answer<T> =
  | { outcome: 'acked'; status: number; body: T }
  | { outcome: 'rejected'; status: number; code: string }
  | { outcome: 'unknown'; error: string };

type QueryValue = string | number | boolean | null | undefined;

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; text: string; headers: Headers } | { error: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    // The answer counts only once its whole body has arrived.
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return { error: `${e instanceof Error ? e.message : String(e)}${cause}` };
  }
}

/** One call of the catalogue as the user whose session cookie is given. */
export async function call<K extends EndpointId>(
  base: string,
  cookie: string,
  id: K,
  input: Partial<EndpointInput<K>>,
  timeoutMs = 30_000,
): Promise<Answer<EndpointOutput<K>>> {
  const [method, path] = ENDPOINT_ROUTES[id];
  const url = `${base}${CORE_PREFIX}${buildPath(path, input.params as Record<string, string | number> | undefined)}${queryString(input.query)}`;
  const headers: Record<string, string> = { accept: 'application/json', cookie };
  const init: RequestInit = { method, headers };
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }
  const r = await send(url, init, timeoutMs);
  if ('error' in r) return { outcome: 'unknown', error: r.error };
  if (r.status >= 200 && r.status < 300) {
    try {
      // The core builds every answer from the catalogue's response schema; the checks compare
      // the fields they read with the database, so a wrong shape shows up there.
      return { outcome: 'acked', status: r.status, body: (r.text === '' ? undefined : JSON.parse(r.text)) as EndpointOutput<K> };
    } catch {
      return { outcome: 'unknown', error: `${id}: ${r.status} with a body that is not JSON` };
    }
  }
  let code = `HTTP_${r.status}`;
  try {
    code = parseErrorEnvelope(JSON.parse(r.text))?.error.code ?? code;
  } catch {
    // not JSON: the status alone
  }
  return { outcome: 'rejected', status: r.status, code };
}

/** Log in through the mock's demo log-in; answers the Cookie header value. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const r = await send(
    `${base}${MOCK_AUTH.loginPath}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) },
    30_000,
  );
  if ('error' in r) throw new Error(`login ${username}: ${r.error}`);
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.text}`);
  const prefix = `${MOCK_AUTH.sessionCookie}=`;
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith(prefix));
  if (!cookie) throw new Error(`login ${username}: no session cookie`);
  return cookie.split(';')[0] ?? '';
}

/** The body of an acked answer, or an error naming the call (set-up and verification reads). */
export function bodyOf<T>(what: string, a: Answer<T>): T {
  if (a.outcome === 'acked') return a.body;
  throw new Error(`${what}: ${a.outcome === 'rejected' ? `${a.status} ${a.code}` : a.error}`);
}
