/**
 * Demo log-in for the mock: POST /mock/auth/login sets the session cookie (a new session every
 * time; the one the request came with ends); logout ends it. A locked-out account or address is
 * answered 429 with Retry-After (platform/login-failures.ts).
 */
import type { FastifyInstance } from 'fastify';
import { LoginBody, MOCK_AUTH, specErrorMap, toFieldProblems, VALIDATION } from '@fleet/contracts';
import { hasNul, validationError } from '../errors.js';
import type { Config } from '../env.js';
import { clearCookie, setCookie } from '../plugins/cookies.js';
import { LoginThrottledError } from '../platform/auth.js';

export function mockAuthRoutes(config: Config) {
  return async (app: FastifyInstance) => {
    app.post(MOCK_AUTH.loginPath, async (req, reply) => {
      if (hasNul(req.body)) throw validationError([{ path: 'body', message: VALIDATION.invalidField }]);
      const parsed = LoginBody.safeParse(req.body, { error: specErrorMap });
      if (!parsed.success) throw validationError(toFieldProblems(parsed.error));
      const previousToken = req.cookies[MOCK_AUTH.sessionCookie];
      let session: Awaited<ReturnType<typeof app.services.auth.login>>;
      try {
        session = await app.services.auth.login(parsed.data.username, parsed.data.password, { address: req.ip, previousToken });
      } catch (err) {
        // A locked-out account or address: when to try again (RFC 9110 Retry-After, seconds).
        if (err instanceof LoginThrottledError) void reply.header('retry-after', String(err.retryAfterS));
        throw err;
      }
      const { token, user, expiresAt } = session;
      setCookie(reply, MOCK_AUTH.sessionCookie, token, {
        path: config.PUBLIC_BASE || '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.COOKIE_SECURE,
        expires: expiresAt,
      });
      return { user: await app.services.users.current(user) };
    });

    app.post(MOCK_AUTH.logoutPath, async (req, reply) => {
      const token = req.cookies[MOCK_AUTH.sessionCookie];
      if (token) await app.services.auth.logout(token);
      clearCookie(reply, MOCK_AUTH.sessionCookie, { path: config.PUBLIC_BASE || '/' });
      return { ok: true };
    });
  };
}
