/**
 * Session authentication: one decorator resolves the caller from the session cookie, once per
 * request. Mock-only log-in/log-out routes live in routes/mock-auth.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MOCK_AUTH } from '@fleet/contracts';
import { AppError } from '../errors.js';
import type { AuthUser } from '../platform/access.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The caller of this request, or a 401. */
    requireUser(req: FastifyRequest): Promise<AuthUser>;
    /** The caller of this request, or null. */
    currentUser(req: FastifyRequest): Promise<AuthUser | null>;
    /**
     * The caller of this request if it is known without asking storage (resolved earlier in this
     * request, or a session resolved lately); undefined otherwise: then {@link requireUser}.
     */
    knownUser(req: FastifyRequest): AuthUser | null | undefined;
  }
  interface FastifyRequest {
    authUser?: AuthUser | null;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('authUser', undefined);
    /** The caller as far as it is known without storage, given the request's session token. */
    const known = (req: FastifyRequest, token: string | undefined): AuthUser | null | undefined => {
      if (req.authUser !== undefined) return req.authUser;
      if (!token) return (req.authUser = null);
      const user = app.services.auth.cached(token);
      if (user !== undefined) req.authUser = user;
      return user;
    };
    app.decorate('knownUser', (req: FastifyRequest) => known(req, req.cookies[MOCK_AUTH.sessionCookie]));
    app.decorate('currentUser', async (req: FastifyRequest) => {
      const token = req.cookies[MOCK_AUTH.sessionCookie];
      const user = known(req, token);
      if (user !== undefined) return user;
      req.authUser = token ? await app.services.auth.resolve(token) : null;
      return req.authUser;
    });
    app.decorate('requireUser', async (req: FastifyRequest) => {
      const user = await app.currentUser(req);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return user;
    });
  },
  { name: 'auth', dependencies: ['services', 'cookies'] },
);
