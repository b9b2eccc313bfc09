/**
 * Cookies without a hook on every request. `req.cookies` is parsed the first time something reads
 * it (the session cookie of an API call) and kept for the rest of the request; a route that sets a
 * cookie writes its Set-Cookie header at once. Parsing and writing are the `cookie` package's
 * (jshttp), as @fastify/cookie does them; that plugin is not used because it adds an onRequest and
 * an onSend hook to every request (static files and cached reads included) for what only the
 * log-in and log-out routes need.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';

/** The request's cookies by name (the first value of a name given twice). */
export type Cookies = Readonly<Record<string, string | undefined>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Parsed from the Cookie header when first read. */
    readonly cookies: Cookies;
  }
}

const PARSED = Symbol('fleet.cookies');
const NONE: Cookies = Object.freeze({});

type WithParsed = FastifyRequest & { [PARSED]: Cookies | undefined };

/** The attributes of a cookie a route sets (name and value aside); SameSite defaults to Lax. */
export type CookieAttributes = Omit<SetCookie, 'name' | 'value'>;

/** Adds a Set-Cookie line to the answer (Fastify keeps the lines set before: one per cookie). */
export function setCookie(reply: FastifyReply, name: string, value: string, attributes: CookieAttributes): void {
  void reply.header('set-cookie', stringifySetCookie({ sameSite: 'lax', ...attributes, name, value }));
}

/** Tells the browser to forget a cookie: empty, expired, at the path it was set for. */
export function clearCookie(reply: FastifyReply, name: string, attributes: CookieAttributes = {}): void {
  setCookie(reply, name, '', { path: '/', ...attributes, expires: new Date(0), maxAge: 0 });
}

export const cookiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(PARSED, undefined);
    app.decorateRequest('cookies', {
      getter(this: FastifyRequest): Cookies {
        const req = this as WithParsed;
        const known = req[PARSED];
        if (known !== undefined) return known;
        const header = req.headers.cookie;
        const cookies: Cookies = header ? parseCookie(header) : NONE;
        req[PARSED] = cookies;
        return cookies;
      },
    });
  },
  { name: 'cookies' },
);
