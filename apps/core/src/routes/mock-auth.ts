/** Demo log-in for the mock: POST /mock/auth/login sets the session cookie; logout ends it. */
import type { FastifyInstance } from 'fastify';
import { LoginBody, MOCK_AUTH, specErrorMap, toFieldProblems, VALIDATION } from '@fleet/contracts';
import { hasNul, validationError } from '../errors.js';
import type { Config } from '../env.js';

export function mockAuthRoutes(config: Config) {
  return async (app: FastifyInstance) => {
    app.post(MOCK_AUTH.loginPath, async (req, reply) => {
      if (hasNul(req.body)) throw validationError([{ path: 'body', message: VALIDATION.invalidField }]);
      const parsed = LoginBody.safeParse(req.body, { error: specErrorMap });
      if (!parsed.success) throw validationError(toFieldProblems(parsed.error));
      const { token, user, expiresAt } = await app.services.auth.login(parsed.data.username, parsed.data.password);
      reply.setCookie(MOCK_AUTH.sessionCookie, token, {
        path: '/',
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
      reply.clearCookie(MOCK_AUTH.sessionCookie, { path: '/' });
      return { ok: true };
    });
  };
}
