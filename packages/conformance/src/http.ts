/**
 * The HTTP side of a run: the core's runtime configuration, signing in, and calls with or without
 * the session cookie. Only Node's fetch; bodies are read as text and parsed when they are JSON.
 */
import { MOCK_AUTH } from '@fleet/contracts';

export interface RuntimeConfig {
  apiBase: string;
  wsUrl: string;
  loginUrl: string;
  logoutUrl: string;
}

export interface Answer {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON (undefined when empty). */
  body: unknown;
  json: boolean;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Send the session cookie (default true). */
  session?: boolean;
}

export class CoreClient {
  readonly core: URL;
  cookie: string | undefined;
  runtime: RuntimeConfig = { apiBase: '/api', wsUrl: '/ws', loginUrl: MOCK_AUTH.loginPath, logoutUrl: MOCK_AUTH.logoutPath };

  constructor(core: string, cookie?: string, private readonly timeoutMs = 15_000) {
    this.core = new URL(core.endsWith('/') ? core : `${core}/`);
    this.cookie = cookie;
  }

  url(path: string, query?: CallOptions['query']): URL {
    const url = new URL(path.replace(/^\//, ''), this.core);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  async raw(method: string, path: string, opts: CallOptions = {}): Promise<Answer & { headers: Headers }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.session !== false && this.cookie) headers.cookie = this.cookie;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    // A write from a browser carries the console's Origin; a core may check it.
    if (method !== 'GET') headers.origin = this.core.origin;
    let res: Response;
    for (let attempt = 0; ; attempt++) {
      res = await fetch(this.url(path, opts.query), {
        method,
        headers,
        ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // A rate-limited core: wait as told (at most 10 s, 3 times) rather than report its 429s.
      if (res.status !== 429 || attempt >= 3) break;
      const wait = Math.min(10, Math.max(1, Number(res.headers.get('retry-after')) || 1));
      await res.text();
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
    const text = await res.text();
    let body: unknown = text === '' ? undefined : text;
    let json = false;
    if (text !== '') {
      try {
        body = JSON.parse(text);
        json = true;
      } catch {
        // not JSON: keep the text
      }
    }
    return { status: res.status, body, json, headers: res.headers };
  }

  /** A catalogue call: `path` relative to the core prefix (apiBase). */
  call(method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const base = this.runtime.apiBase.replace(/\/$/, '');
    return this.raw(method, `${base}${path}`, opts);
  }

  /** Read /runtime-config.json (the console's way to find the core); defaults stay when absent. */
  async loadRuntimeConfig(): Promise<boolean> {
    try {
      const res = await this.raw('GET', '/runtime-config.json', { session: false });
      if (res.status !== 200 || typeof res.body !== 'object' || res.body === null) return false;
      const b = res.body as Record<string, unknown>;
      for (const key of ['apiBase', 'wsUrl', 'loginUrl', 'logoutUrl'] as const) {
        const v = b[key];
        if (typeof v === 'string' && v !== '') this.runtime[key] = v;
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Sign in through the runtime configuration's loginUrl with {username, password}; keeps the cookie. */
  async login(username: string, password: string): Promise<void> {
    const res = await this.raw('POST', this.runtime.loginUrl, { body: { username, password }, session: false });
    if (res.status < 200 || res.status >= 300) throw new Error(`sign-in as ${username} at ${this.runtime.loginUrl} failed: HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
    const setCookies = res.headers.getSetCookie();
    const pairs = setCookies.map((c) => c.split(';')[0]?.trim() ?? '').filter((c) => c.includes('='));
    if (!pairs.length) throw new Error(`sign-in as ${username} answered ${res.status} but set no cookie`);
    this.cookie = pairs.join('; ');
  }

  /** Sign out (best effort) so the run leaves no session behind. */
  async logout(): Promise<void> {
    if (!this.cookie) return;
    try {
      await this.raw('POST', this.runtime.logoutUrl, { body: {} });
    } catch {
      // best effort
    }
  }

  wsUrl(): string {
    const url = new URL(this.runtime.wsUrl.replace(/^\//, ''), this.core);
    if (/^wss?:/.test(this.runtime.wsUrl)) return this.runtime.wsUrl;
    url.protocol = this.core.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }
}
