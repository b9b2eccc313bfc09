/**
 * The HTTP surface's defences (OWASP ASVS level 2; SECURITY.md), wrappers of maintained plugins:
 *
 * - **Headers** (@fastify/helmet): one content security policy the built console satisfies (no
 *   inline script, everything from the origin), no framing, nosniff, a referrer policy. Helmet
 *   renders the headers once at start; every answer then gets the same values (@fastify/helmet on
 *   its own builds helmet's middleware again for every request: ≈ 20 µs, half the cost of a cached
 *   unit read).
 * - **Cross-site requests**: POST, PUT, PATCH and DELETE from a foreign `Origin` (or from a
 *   browser that says `Sec-Fetch-Site: cross-site` without one) are refused with 403 before
 *   anything runs, body-less ones too. The core's own host and ALLOWED_ORIGINS are not foreign.
 * - **Rate limits** on the REST surface (CORE_PREFIX and /mock): per session and per client address,
 *   each per minute, 0 turning it off; 429 with Retry-After. Counted in memory on the app's clock,
 *   or in Redis by @fastify/rate-limit's store when REDIS_URL is set (every instance shares the
 *   count): ./rate-windows.ts.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { Redis } from 'ioredis';
import { MOCK_AUTH } from '@fleet/contracts';
import type { Config } from '../env.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../errors.js';
import { originAllowed } from '../routes/realtime.js';
import { localWindows, redisWindows, type RateWindows, type WindowCount } from './rate-windows.js';

/**
 * The content security policy of everything the core serves (the console and /docs included).
 * `style-src 'unsafe-inline'`: Mantine writes `<style>` elements at run time (its CSS variables and
 * responsive style props) and Leaflet positions through style attributes; scripts stay `'self'`.
 * `connect-src` names ws:/wss: of the own origin as well as 'self' for browsers that do not count a
 * same-origin websocket as 'self' (CSP level 2: Safari before 15.4).
 */
export function contentSecurityPolicy(config: Pick<Config, 'COOKIE_SECURE'>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(config.COOKIE_SECURE ? [] : ['ws:']), 'wss:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(config.COOKIE_SECURE ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export function helmetOptions(config: Pick<Config, 'COOKIE_SECURE'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Browsers ignore it over plain HTTP (the local mock); over HTTPS it pins HTTPS for a year.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  };
}

/** Headers an answer has without helmet; everything else the probe answers with is helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers @fastify/helmet sets with these options, rendered once by a probe instance. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return Object.freeze(headers);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request would change state on behalf of another site: a state-changing method with a
 * foreign `Origin` (`null` included), or with no `Origin` from a browser that says the request is
 * cross-site. A request without `Origin` and `Sec-Fetch-Site` is not a browser's: no cross-site risk.
 */
export function crossSiteRequest(req: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  if (!STATE_CHANGING.has(req.method)) return false;
  if (req.headers.origin === undefined) {
    const site = req.headers['sec-fetch-site'];
    return site === 'cross-site' || site === 'same-site';
  }
  return !originAllowed(req, allowedOrigins);
}

export const parseAllowedOrigins = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The rate limiters' key of a session: a hash of its token (a Redis store never holds a usable token). */
const sessionKey = (token: string) => `s:${createHash('sha256').update(token).digest('base64url').slice(0, 32)}`;

/**
 * {@link sessionKey} remembered for the tokens seen last (a hash per request was ≈ 2 % of a cached
 * unit read); at most `size` of them, the oldest forgotten first.
 */
export function sessionKeys(size: number): (token: string) => string {
  const known = new Map<string, string>();
  return (token) => {
    let key = known.get(token);
    if (key === undefined) {
      key = sessionKey(token);
      if (known.size >= size) known.delete(known.keys().next().value!);
      known.set(token, key);
    }
    return key;
  };
}

/** Counters kept in memory (addresses and sessions together): enough that they do not push each other out. */
const LOCAL_ENTRIES = 40_000;
const WINDOW_MS = 60_000;

/** The verdict of one request's counts: null to go on, else the seconds until the first limit it is over ends. */
export function overLimit(counts: readonly ({ count: WindowCount; max: number } | null)[]): number | null {
  let retryAfterS: number | null = null;
  for (const c of counts) {
    if (c === null || c.count.count <= c.max) continue;
    const s = Math.max(1, Math.ceil(c.count.resetInMs / 1000));
    retryAfterS = retryAfterS === null ? s : Math.max(retryAfterS, s);
  }
  return retryAfterS;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, { config, clock }: { config: Config; clock: Clock }) => {
    // One hook for the three concerns (a hook per concern cost a hook turn each on every request).
    // 1. Headers, on every answer (errors and refusals below included).
    const headers = await helmetHeaders(helmetOptions(config));
    const allowedOrigins = parseAllowedOrigins(config.ALLOWED_ORIGINS);
    const crossSite = (req: FastifyRequest): AppError | undefined =>
      crossSiteRequest(req, allowedOrigins) ? new AppError('FORBIDDEN', undefined, 'Cross-site request refused') : undefined;

    // 2. Rate limits on the REST surface: each request counts once per address and once per session.
    const perSession = config.RATE_LIMIT_PER_SESSION_PER_MINUTE;
    const perAddress = config.RATE_LIMIT_PER_ADDRESS_PER_MINUTE;
    if (perSession <= 0 && perAddress <= 0) {
      app.addHook('onRequest', (req, reply, done) => {
        void reply.headers(headers);
        done(crossSite(req));
      });
      return;
    }
    let windows: RateWindows = localWindows(WINDOW_MS, LOCAL_ENTRIES, clock);
    if (config.REDIS_URL) {
      // No offline queue: while Redis is away, counting fails at once and the request is let through.
      const redis = new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        enableAutoPipelining: true,
        connectionName: 'fleet-core-rate-limit',
      });
      // At most one warning per second of real time (whatever the app's clock says).
      let lastWarn = Number.NEGATIVE_INFINITY;
      redis.on('error', (err: Error) => {
        if (performance.now() - lastWarn < 1000) return;
        lastWarn = performance.now();
        app.log.warn({ err }, 'redis (rate limit) connection error');
      });
      app.addHook('onClose', async () => {
        try {
          await redis.quit();
        } catch {
          redis.disconnect();
        }
      });
      windows = redisWindows(redis, `${config.REDIS_PREFIX}:rate:`, WINDOW_MS);
    }
    const keyOf = sessionKeys(LOCAL_ENTRIES / 2);
    const limited = [config.CORE_PREFIX + '/', '/mock/'] as const;
    const refusal = (reply: FastifyReply, retryAfterS: number) => {
      void reply.header('retry-after', String(retryAfterS));
      return new AppError('TOO_MANY_REQUESTS');
    };
    const verdict = (reply: FastifyReply, address: WindowCount | null, session: WindowCount | null): AppError | undefined => {
      const retryAfterS = overLimit([address && { count: address, max: perAddress }, session && { count: session, max: perSession }]);
      return retryAfterS === null ? undefined : refusal(reply, retryAfterS);
    };
    app.addHook('onRequest', (req, reply, done) => {
      void reply.headers(headers);
      if (!req.url.startsWith(limited[0]) && !req.url.startsWith(limited[1])) return done(crossSite(req));
      const token = perSession > 0 ? req.cookies[MOCK_AUTH.sessionCookie] : undefined;
      const byAddress = perAddress > 0 ? windows.hit(`a:${req.ip}`, perAddress) : null;
      const bySession = token ? windows.hit(keyOf(token), perSession) : null;
      // In memory both counts are known now: no closure, no promise. Over the limit answers 429 before the cross-site check, as before.
      if (!(byAddress instanceof Promise) && !(bySession instanceof Promise)) return done(verdict(reply, byAddress, bySession) ?? crossSite(req));
      // Redis: while it cannot count, the request is let through (the limit protects, it does not decide correctness).
      Promise.all([byAddress, bySession]).then(
        ([a, b]) => done(verdict(reply, a, b) ?? crossSite(req)),
        () => done(crossSite(req)),
      );
    });
  },
  { name: 'security', dependencies: ['errors', 'cookies'] },
);
