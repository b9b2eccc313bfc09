/**
 * A small client of a running core for the scenario runner: mock log-in, REST calls under the core
 * prefix, and the tRPC control plane over plain HTTP (tRPC's wire format without a transformer:
 * queries as GET ?input=<json>, mutations as POST with the input as body; answers
 * `{ result: { data } }` or `{ error: { message, data: { code } } }`). The simulator never imports
 * the core: the shapes come from the contracts.
 */
import { MOCK_AUTH } from '@fleet/contracts';

export interface CoreClientOptions {
  /** e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** The core REST prefix (CORE_PREFIX), default /api. */
  prefix?: string;
  fetch?: typeof fetch;
}

export class ControlPlaneError extends Error {
  constructor(
    readonly procedure: string,
    readonly code: string,
    message: string,
  ) {
    super(`${procedure}: ${code} ${message}`);
  }
}

export class CoreClient {
  private readonly base: string;
  private readonly prefix: string;
  private readonly doFetch: typeof fetch;

  constructor(opts: CoreClientOptions) {
    this.base = opts.baseUrl.replace(/\/$/, '');
    this.prefix = opts.prefix ?? '/api';
    this.doFetch = opts.fetch ?? fetch;
  }

  /** Log in through the mock's demo log-in; returns the Cookie header value. */
  async login(username: string, password: string): Promise<string> {
    const res = await this.doFetch(`${this.base}${MOCK_AUTH.loginPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`log-in as ${username} failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${MOCK_AUTH.sessionCookie}=`));
    if (!cookie) throw new Error('log-in answered without a session cookie');
    return cookie.split(';')[0]!;
  }

  /** A REST call under the core prefix; the JSON answer (or null) and the status. */
  async rest(cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await this.doFetch(`${this.base}${this.prefix}${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json };
  }

  async query(cookie: string, procedure: string, input?: unknown): Promise<unknown> {
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const res = await this.doFetch(`${this.base}/mock/trpc/${procedure}${q}`, { headers: { cookie } });
    return this.unwrap(procedure, res);
  }

  async mutate(cookie: string, procedure: string, input?: unknown): Promise<unknown> {
    const res = await this.doFetch(`${this.base}/mock/trpc/${procedure}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      ...(input === undefined ? {} : { body: JSON.stringify(input) }),
    });
    return this.unwrap(procedure, res);
  }

  private async unwrap(procedure: string, res: Response): Promise<unknown> {
    const json = (await res.json()) as { result?: { data?: unknown }; error?: { message?: string; data?: { code?: string } } };
    if (json.error) throw new ControlPlaneError(procedure, json.error.data?.code ?? String(res.status), json.error.message ?? '');
    return json.result?.data;
  }
}
