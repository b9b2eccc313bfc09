/**
 * Path helpers of the catalogue that need no zod (clients that must stay small import them).
 */

/** Fill `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** Mock-only endpoints (outside the core prefix): demo log-in. A real core has its own login. */
export const MOCK_AUTH = {
  loginPath: '/mock/auth/login',
  logoutPath: '/mock/auth/logout',
  sessionCookie: 'fleet_session',
} as const;
