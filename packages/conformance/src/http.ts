/**
 * The HTTP side of a run: the core's runtime configuration, authentication (a sign-in, a session
 * cookie or any headers), and calls with or without the credentials, every one through the run's
 * rate limit, `/ws` connects included. Only Node's fetch and `ws`; bodies are read as text and
 * parsed when they are JSON.
 */
import { MOCK_AUTH } from '@fleet/contracts';
import WebSocket from 'ws';
import { systemRunClock, type RunClock } from './clock.js';
import { RateLimiter } from './limiter.js';
import { Secrets, cookieSecrets, headerSecrets } from './secrets.js';

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
  /** Send the credentials (session cookie, --header values); default true. */
  session?: boolean;
  /** Why the request is sent (the trace and the dry run's words). */
  why?: string;
}

/** One request as sent: for a trace of the run (what a dry run must have listed). */
export interface SentRequest {
  method: string;
  /** The URL's path (without the query). */
  path: string;
  session: boolean;
  why: string;
}

export interface ClientOptions {
  cookie?: string;
  /** Headers sent with every request that carries the credentials (`Authorization: Bearer …`). */
  headers?: readonly (readonly [string, string])[];
  timeoutMs?: number;
  /** Requests per second (0: no limit). */
  rps?: number;
  secrets?: Secrets;
  onRequest?: (r: SentRequest) => void;
  /** The rate limit's clock and the pings' times (default the system clock). */
  clock?: RunClock;
}

/** The run could not get an accepted session: stops the run (exit 2), with what was seen. */
export class AuthError extends Error {
  constructor(detail: string) {
    super(`could not authenticate: ${detail}`);
  }
}

/** What an answer looked like, for a person: the status, a redirect's target, an HTML page's title, the start of a body. */
export function describeSeen(status: number, headers: Headers, body: unknown): string {
  const type = headers.get('content-type') ?? '';
  if (status >= 300 && status < 400) {
    const location = headers.get('location');
    // The query of a single sign-on redirect carries its state; the address says enough.
    return `${status} redirect${location ? ` to ${location.split('?')[0]}` : ''}`;
  }
  if (typeof body === 'string' && (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(body))) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
    return `${status} with an HTML page${title ? ` "${title.slice(0, 80)}"` : ''}`;
  }
  if (body === undefined || body === '') return `${status} with an empty body`;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return `${status} ${typeof body === 'string' ? 'text' : 'JSON'} ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`;
}

export class CoreClient {
  readonly core: URL;
  cookie: string | undefined;
  readonly headers: readonly (readonly [string, string])[];
  readonly secrets: Secrets;
  readonly limiter: RateLimiter;
  readonly clock: RunClock;
  runtime: RuntimeConfig = { apiBase: '/api', wsUrl: '/ws', loginUrl: MOCK_AUTH.loginPath, logoutUrl: MOCK_AUTH.logoutPath };
  /** What /runtime-config.json answered when it was not the configuration (shown when authentication fails). */
  runtimeConfigSeen: string | null = null;
  /** The session is the run's own (its sign-in made it). */
  signedIn = false;
  private readonly timeoutMs: number;
  private readonly onRequest: ((r: SentRequest) => void) | undefined;

  constructor(core: string, opts: ClientOptions = {}) {
    this.core = new URL(core.endsWith('/') ? core : `${core}/`);
    this.cookie = opts.cookie;
    this.headers = opts.headers ?? [];
    this.secrets = opts.secrets ?? new Secrets();
    this.clock = opts.clock ?? systemRunClock;
    this.limiter = new RateLimiter(opts.rps ?? 0, this.clock);
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.onRequest = opts.onRequest;
    if (opts.cookie) this.secrets.add(...cookieSecrets(opts.cookie));
    for (const [, value] of this.headers) this.secrets.add(...headerSecrets(value));
    if (this.core.password) this.secrets.add(decodeURIComponent(this.core.password));
  }

  url(path: string, query?: CallOptions['query']): URL {
    const url = new URL(path.replace(/^\//, ''), this.core);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  /** The credentials of a request that carries them: the cookie and the --header values. */
  private credentials(session: boolean): Record<string, string> {
    if (!session) return {};
    const out: Record<string, string> = {};
    for (const [name, value] of this.headers) out[name.toLowerCase()] = value;
    if (this.cookie) out.cookie = out.cookie ? `${out.cookie}; ${this.cookie}` : this.cookie;
    return out;
  }

  async raw(method: string, path: string, opts: CallOptions = {}): Promise<Answer & { headers: Headers }> {
    const session = opts.session !== false;
    const headers: Record<string, string> = { accept: 'application/json', ...this.credentials(session) };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    // A write from a browser carries the console's Origin; a core may check it.
    if (method !== 'GET') headers.origin = this.core.origin;
    const url = this.url(path, opts.query);
    let res: Response;
    for (let attempt = 0; ; attempt++) {
      await this.limiter.take();
      this.onRequest?.({ method, path: url.pathname, session, why: opts.why ?? '' });
      res = await fetch(url, {
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
    // A core that echoes a credential back: hidden before anything is cut short or reported.
    const text = this.secrets.redact(await res.text());
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
  call(method: string, path: string, opts: CallOptions = {}): Promise<Answer & { headers: Headers }> {
    return this.raw(method, this.apiPath(path), opts);
  }

  apiPath(path: string): string {
    return `${this.runtime.apiBase.replace(/\/$/, '')}${path}`;
  }

  /** Read /runtime-config.json (the console's way to find the core); defaults stay when absent. */
  async loadRuntimeConfig(): Promise<boolean> {
    try {
      const res = await this.raw('GET', '/runtime-config.json', { session: false, why: 'where the API, /ws and the sign-in are' });
      if (res.status !== 200 || typeof res.body !== 'object' || res.body === null) {
        this.runtimeConfigSeen = describeSeen(res.status, res.headers, res.body);
        return false;
      }
      const b = res.body as Record<string, unknown>;
      for (const key of ['apiBase', 'wsUrl', 'loginUrl', 'logoutUrl'] as const) {
        const v = b[key];
        if (typeof v === 'string' && v !== '') this.runtime[key] = v;
      }
      return true;
    } catch (err) {
      this.runtimeConfigSeen = `no answer (${err instanceof Error ? err.message : String(err)})`;
      return false;
    }
  }

  /** Sign in through the runtime configuration's loginUrl with {username, password}; keeps the cookie. */
  async login(username: string, password: string): Promise<void> {
    this.secrets.add(password);
    const res = await this.raw('POST', this.runtime.loginUrl, { body: { username, password }, session: false, why: `sign in as ${username}` });
    const seen = describeSeen(res.status, res.headers, res.body);
    const hint = this.runtimeConfigSeen ? ` (/runtime-config.json answered ${this.runtimeConfigSeen})` : '';
    if (res.status < 200 || res.status >= 300) {
      throw new AuthError(
        `the sign-in as ${username} at POST ${this.runtime.loginUrl} answered ${seen}${hint}. A core behind single sign-on or a gateway: give its session with --cookie or its token with --header`,
      );
    }
    const pairs = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]?.trim() ?? '')
      .filter((c) => c.includes('='));
    if (!pairs.length) throw new AuthError(`the sign-in as ${username} at POST ${this.runtime.loginUrl} answered ${seen} but set no cookie${hint}`);
    this.cookie = pairs.join('; ');
    this.signedIn = true;
    this.secrets.add(...cookieSecrets(this.cookie));
  }

  /**
   * The session check: GET /users/current with the credentials must answer the user as JSON. A
   * redirect, an HTML page or a refusal means the core did not accept them (a sign-on page, a
   * gateway, an expired token).
   */
  async currentUser(): Promise<Record<string, unknown>> {
    const res = await this.call('GET', '/users/current', { why: 'who the session is (its roles decide which calls answer 403)' });
    if (res.status === 200 && res.json && typeof res.body === 'object' && res.body !== null && !Array.isArray(res.body))
      return res.body as Record<string, unknown>;
    const seen = describeSeen(res.status, res.headers, res.body);
    const given =
      [this.headers.length ? `--header ${this.headers.map(([n]) => n).join(', ')}` : '', this.cookie ? 'the session cookie' : '']
        .filter(Boolean)
        .join(' and ') || 'no credentials';
    throw new AuthError(`GET ${this.apiPath('/users/current')} with ${given} answered ${seen}; expected 200 with the current user as JSON`);
  }

  /** Sign out (best effort) when the run signed in itself, so it leaves no session behind; a session given to it is left alone. */
  async logout(): Promise<void> {
    if (!this.signedIn || !this.cookie) return;
    this.signedIn = false;
    try {
      await this.raw('POST', this.runtime.logoutUrl, { body: {}, why: 'end the session the run signed in with' });
    } catch {
      // best effort
    }
  }

  wsUrl(): string {
    if (/^wss?:/.test(this.runtime.wsUrl)) return this.runtime.wsUrl;
    const url = new URL(this.runtime.wsUrl.replace(/^\//, ''), this.core);
    url.protocol = this.core.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  /**
   * Open `/ws` (with or without the credentials) and collect every message from the start. Resolves
   * with the open socket, or with the refusal (status and body of the answer to the upgrade).
   */
  async openSocket(
    session: boolean,
    why: string,
  ): Promise<{ socket: WebSocket; messages: unknown[]; pings: number[] } | { refused: Answer } | { error: string }> {
    await this.limiter.take();
    const url = this.wsUrl();
    this.onRequest?.({ method: 'WS', path: new URL(url).pathname, session, why });
    const messages: unknown[] = [];
    const pings: number[] = [];
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { headers: { ...this.credentials(session), origin: this.core.origin } });
      const timer = setTimeout(() => {
        socket.terminate();
        resolve({ error: 'no upgrade within 10 s' });
      }, 10_000);
      socket.on('message', (data) => {
        const text = this.secrets.redact(String(data));
        try {
          messages.push(JSON.parse(text));
        } catch {
          messages.push(text);
        }
      });
      socket.on('ping', () => pings.push(this.clock.now()));
      socket.once('open', () => {
        clearTimeout(timer);
        resolve({ socket, messages, pings });
      });
      socket.once('unexpected-response', (req, res) => {
        clearTimeout(timer);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 4096) text += chunk;
        });
        res.on('end', () => {
          text = this.secrets.redact(text);
          let body: unknown = text === '' ? undefined : text;
          let json = false;
          try {
            body = JSON.parse(text);
            json = true;
          } catch {
            // not JSON
          }
          resolve({ refused: { status: res.statusCode ?? 0, body, json } });
          req.destroy();
        });
        res.on('error', () => resolve({ refused: { status: res.statusCode ?? 0, body: undefined, json: false } }));
      });
      // After a refusal the aborted handshake may report an error too: the first outcome counts.
      socket.on('error', (err) => {
        clearTimeout(timer);
        resolve({ error: err.message });
      });
    });
  }
}
