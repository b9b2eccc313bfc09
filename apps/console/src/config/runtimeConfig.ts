/**
 * Runtime configuration: the same build runs against the mock core and a real core, at the root and
 * inside a sandbox. At boot the console fetches `runtime-config.json` from its own base URL
 * (optional: a 404 or an unreadable file means the defaults below, under that base). Every field is
 * optional in the file.
 */
import { joinUrl } from '@fleet/client';

/** The sandbox the console runs in (runtime-config.json `sandbox`; contracts' SandboxRuntimeInfo). */
export interface SandboxInfo {
  readonly id: string;
  /** What people call it ("QA run 42"). */
  readonly name: string;
  /** When it removes itself (ISO 8601). */
  readonly expiresAt: string;
}

export interface RuntimeConfig {
  /** Prefix of the core's REST surface: a path on this origin ('/api') or an absolute URL. */
  readonly apiBase: string;
  /** Realtime endpoint: a path on this origin ('/ws', ws/wss by page protocol) or a ws(s)/http(s) URL. */
  readonly wsUrl: string;
  /** Where the log-in page POSTs `{ username, password }` (demo login of the mock). */
  readonly loginUrl: string;
  /** Where log-out POSTs. */
  readonly logoutUrl: string;
  /**
   * An external login page (a real core's own sign-in). When set, a 401 sends the browser there
   * (with `next`) instead of the console's /login page. Default: null (use /login).
   */
  readonly loginPageUrl: string | null;
  /**
   * Initial delay of the notification poll in ms. Default null: a random delay between
   * TIMINGS.pollInitialDelayMinMs and pollInitialDelayMaxMs (spec). Tests set a fixed value.
   */
  readonly pollInitialDelayMs: number | null;
  /**
   * Where page views of admin-style routes are sent (spec 000 §2 "Page views are reported to
   * analytics on admin-style routes"; analytics/analytics.ts): a URL receiving one JSON beacon
   * per view. Default: null (no analytics unless a deployment sets it or installs a hook).
   */
  readonly analyticsUrl: string | null;
  /**
   * A raster tile server for /map, as a Leaflet URL template (`https://tiles.example.com/{z}/{x}/{y}.png`).
   * When set its tiles replace the offline basemap (countries and city names shipped with the
   * console) and the map may zoom to street level. Default: null (the offline basemap).
   */
  readonly mapTileUrl: string | null;
  /** The credit the tile server asks for, shown in the map's corner (HTML allowed by Leaflet). Default: null. */
  readonly mapTileAttribution: string | null;
  /**
   * Where the mock serves its own routes (control plane `<mockBase>/trpc`, recordings, previews,
   * scenario-run reports). Default '/mock'. A real core answers none of them (the capability probe fails).
   */
  readonly mockBase: string;
  /** The sandbox this console runs in (its name and end in the header); null at the stack's root and on a real core. */
  readonly sandbox: SandboxInfo | null;
  /**
   * Whether the /ws connection runs in a worker, off the page's main thread (realtime/socketWorker.ts).
   * Default true: at fleet size taking the frames in is most of what an idle page does. false: on the
   * page, for a host whose content security policy allows no worker, or a test that routes the socket
   * through the browser (Playwright's `routeWebSocket` sees no worker's).
   */
  readonly realtimeWorker: boolean;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  wsUrl: '/ws',
  loginUrl: '/mock/auth/login',
  logoutUrl: '/mock/auth/logout',
  loginPageUrl: null,
  pollInitialDelayMs: null,
  analyticsUrl: null,
  mapTileUrl: null,
  mapTileAttribution: null,
  mockBase: '/mock',
  sandbox: null,
  realtimeWorker: true,
};

/**
 * The defaults of a console served under `base` (config/base.ts): the core's surfaces under the same
 * base, so a console whose runtime-config.json is missing still sends nothing outside its base.
 */
export function defaultRuntimeConfig(base: string): RuntimeConfig {
  if (base === '/' || base === '') return DEFAULT_RUNTIME_CONFIG;
  const under = (path: string) => joinUrl(base, path);
  const d = DEFAULT_RUNTIME_CONFIG;
  return { ...d, apiBase: under(d.apiBase), wsUrl: under(d.wsUrl), loginUrl: under(d.loginUrl), logoutUrl: under(d.logoutUrl), mockBase: under(d.mockBase) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `sandbox` of the file: an object with a non-empty id and name and a readable end; undefined when it is not one. */
function sandboxInfo(value: unknown): SandboxInfo | undefined {
  if (!isRecord(value)) return undefined;
  const id = nonEmptyString(value.id);
  const name = nonEmptyString(value.name);
  const expiresAt = nonEmptyString(value.expiresAt);
  if (id === undefined || name === undefined || expiresAt === undefined || Number.isNaN(Date.parse(expiresAt))) return undefined;
  return { id, name, expiresAt };
}

/**
 * Reads a parsed runtime-config.json. Unknown fields are ignored; a field of the wrong type falls
 * back to its default (`defaults`: the root's, or {@link defaultRuntimeConfig} of the console's base)
 * and is reported in `problems` (the caller logs them).
 */
export function parseRuntimeConfig(raw: unknown, defaults: RuntimeConfig = DEFAULT_RUNTIME_CONFIG): { config: RuntimeConfig; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(raw)) {
    return { config: defaults, problems: ['runtime-config.json is not a JSON object'] };
  }
  const str = (key: 'apiBase' | 'wsUrl' | 'loginUrl' | 'logoutUrl' | 'mockBase'): string => {
    if (raw[key] === undefined) return defaults[key];
    const value = nonEmptyString(raw[key]);
    if (value === undefined) {
      problems.push(`${key} must be a non-empty string`);
      return defaults[key];
    }
    return value;
  };
  const nullableStr = (key: 'loginPageUrl' | 'analyticsUrl' | 'mapTileUrl' | 'mapTileAttribution'): string | null => {
    if (raw[key] === undefined || raw[key] === null) return defaults[key];
    const value = nonEmptyString(raw[key]);
    if (value === undefined) problems.push(`${key} must be a non-empty string or null`);
    return value ?? defaults[key];
  };
  let sandbox = defaults.sandbox;
  if (raw.sandbox !== undefined && raw.sandbox !== null) {
    const value = sandboxInfo(raw.sandbox);
    if (value === undefined) problems.push('sandbox must be { id, name, expiresAt } (non-empty strings, expiresAt a date) or null');
    else sandbox = value;
  }
  const loginPageUrl = nullableStr('loginPageUrl');
  const analyticsUrl = nullableStr('analyticsUrl');
  const mapTileUrl = nullableStr('mapTileUrl');
  const mapTileAttribution = nullableStr('mapTileAttribution');
  let pollInitialDelayMs: number | null = defaults.pollInitialDelayMs;
  if (raw.pollInitialDelayMs !== undefined && raw.pollInitialDelayMs !== null) {
    const value = raw.pollInitialDelayMs;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) pollInitialDelayMs = value;
    else problems.push('pollInitialDelayMs must be a non-negative number or null');
  }
  let realtimeWorker = defaults.realtimeWorker;
  if (raw.realtimeWorker !== undefined) {
    if (typeof raw.realtimeWorker === 'boolean') realtimeWorker = raw.realtimeWorker;
    else problems.push('realtimeWorker must be true or false');
  }
  return {
    config: {
      apiBase: str('apiBase'),
      wsUrl: str('wsUrl'),
      loginUrl: str('loginUrl'),
      logoutUrl: str('logoutUrl'),
      loginPageUrl,
      pollInitialDelayMs,
      analyticsUrl,
      mapTileUrl,
      mapTileAttribution,
      mockBase: str('mockBase'),
      sandbox,
      realtimeWorker,
    },
    problems,
  };
}

/** The parts of `window.location` the URL helpers need (injectable for tests). */
export type PageLocation = Pick<Location, 'protocol' | 'host'>;

/**
 * The websocket URL to open. Absolute ws(s) URLs are used as they are; http(s) URLs switch scheme;
 * a path is resolved on the page's origin with ws: under http: and wss: under https:.
 */
export function resolveWsUrl(wsUrl: string, page: PageLocation): string {
  if (/^wss?:\/\//i.test(wsUrl)) return wsUrl;
  if (/^https?:\/\//i.test(wsUrl)) return wsUrl.replace(/^http/i, 'ws');
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = wsUrl.startsWith('/') ? wsUrl : `/${wsUrl}`;
  return `${scheme}//${page.host}${path}`;
}

/** Joins the API base and an endpoint path with exactly one slash between them. */
export { joinUrl };

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

/** The configuration loaded at boot (the defaults until {@link loadRuntimeConfig} has run). */
export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Replaces the active configuration (boot, tests). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** A route of the mock (`preview/units/u1`) under the loaded configuration's `mockBase`. */
export function mockUrl(path: string): string {
  return joinUrl(current.mockBase, path);
}

/**
 * Fetches `<base>runtime-config.json`. A 404, a non-JSON answer (an SPA fallback serving
 * index.html) or a network failure all mean "use the defaults" (under that base); only the last
 * two are logged.
 */
export async function loadRuntimeConfig(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = `${base}runtime-config.json`;
  const defaults = defaultRuntimeConfig(base);
  try {
    const res = await fetchImpl(url, { headers: { accept: 'application/json' }, cache: 'no-store', credentials: 'same-origin' });
    if (res.status === 404) return defaults;
    if (!res.ok) {
      console.warn(`runtime-config.json answered ${res.status}; using defaults`);
      return defaults;
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('json')) {
      console.info('runtime-config.json not found (the server answered with a page); using defaults');
      return defaults;
    }
    const { config, problems } = parseRuntimeConfig(await res.json(), defaults);
    for (const problem of problems) console.warn(`runtime-config.json: ${problem}`);
    return config;
  } catch (error) {
    console.warn('runtime-config.json could not be loaded; using defaults', error);
    return defaults;
  }
}
