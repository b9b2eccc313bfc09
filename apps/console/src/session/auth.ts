/**
 * Sign-in and sign-out against the URLs of the runtime configuration. The mock core's demo login
 * takes JSON `{ username, password }` and sets an httpOnly session cookie; a real core may use its
 * own login page instead (runtime config `loginPageUrl`).
 */
import { getRuntimeConfig } from '../config/runtimeConfig';
import { errorFromResponse } from '../api/client';
import { ApiError, CLIENT_ERROR_CODES } from '../api/ApiError';

export async function login(username: string, password: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  let res: Response;
  try {
    res = await fetchImpl(getRuntimeConfig().loginUrl, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  } catch (error) {
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: error instanceof Error ? error.message : String(error) });
  }
  if (!res.ok) throw await errorFromResponse(res);
}

/** Best effort: the session ends on this side whatever the answer. */
export async function logout(fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    await fetchImpl(getRuntimeConfig().logoutUrl, { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });
  } catch (error) {
    console.warn('log-out request failed', error);
  }
}

/** The external login page with the absolute URL to come back to. */
export function externalLoginUrl(loginPageUrl: string, returnTo: string): string {
  const separator = loginPageUrl.includes('?') ? '&' : '?';
  return `${loginPageUrl}${separator}next=${encodeURIComponent(returnTo)}`;
}
