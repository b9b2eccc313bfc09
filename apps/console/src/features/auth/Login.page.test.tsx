import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCES, MOCK_AUTH } from '@fleet/contracts';
import type { PasswordExpiry } from '@fleet/contracts';
import { routeObjects } from '../../Router';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeUser } from '../../test-utils/fixtures';
import { fill, renderRoutes } from '../../test-utils/render';

const NOT_EXPIRING: PasswordExpiry = { expiresAt: null, warningDays: 14, expiring: false, dismissed: false };

/** A fake core with the mock's demo log-in: one account, `anna` / `Secret-2026`. */
function coreWithLogin(expiry: PasswordExpiry = NOT_EXPIRING) {
  let signedIn = false;
  const logins: unknown[] = [];
  const api = new FakeApi()
    .onRaw('POST', MOCK_AUTH.loginPath, ({ body }) => {
      logins.push(body);
      const { username, password } = body as { username: string; password: string };
      if (username !== 'anna' || password !== 'Secret-2026') return { status: 401, body: apiError('INVALID_CREDENTIALS').envelope };
      signedIn = true;
      return { status: 200, body: { ok: true } };
    })
    .on('getCurrentUser', () => (signedIn ? makeUser(['luc_admin'], { username: 'anna' }) : apiError('UNAUTHENTICATED')))
    .on('getUserPreferences', () => (signedIn ? { ...DEFAULT_USER_PREFERENCES } : apiError('UNAUTHENTICATED')))
    .on('getOwnPasswordExpiry', expiry)
    .on('fetchGroups', []);
  return { api, logins };
}

async function openLogin(path: string, expiry?: PasswordExpiry) {
  const { api, logins } = coreWithLogin(expiry);
  const rendered = await renderRoutes(routeObjects, { route: path, user: null, api });
  await screen.findByTestId('login-page', undefined, { timeout: 3000 });
  return { ...rendered, logins };
}

describe('/login', () => {
  it('says the credentials are wrong in the catalogue’s words and stays', async () => {
    const { user, router, logins } = await openLogin('/login?next=%2Fgroups');
    expect(screen.getByTestId('login-submit')).toBeDisabled();

    await fill(user, screen.getByTestId('login-username'), 'anna');
    await fill(user, screen.getByTestId('login-password'), 'wrong');
    await user.click(screen.getByTestId('login-submit'));

    expect(await screen.findByTestId('login-error')).toHaveTextContent('Incorrect username or password');
    expect(logins).toEqual([{ username: 'anna', password: 'wrong' }]);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in and goes to the route the user asked for', async () => {
    const { user, router } = await openLogin('/login?next=%2Fgroups');

    await fill(user, screen.getByTestId('login-username'), 'anna');
    await fill(user, screen.getByTestId('login-password'), 'Secret-2026');
    await user.click(screen.getByTestId('login-submit'));

    expect(await screen.findByTestId('groups-page', undefined, { timeout: 3000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/groups');
  });

  it('sends a user whose password expires within 14 days to the change page first', async () => {
    const { user, router } = await openLogin('/login?next=%2Fgroups', {
      expiresAt: '2026-01-20T00:00:00.000Z',
      warningDays: 14,
      expiring: true,
      dismissed: false,
    });

    await fill(user, screen.getByTestId('login-username'), 'anna');
    await fill(user, screen.getByTestId('login-password'), 'Secret-2026');
    await user.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/password_change'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/groups');
  });
});
