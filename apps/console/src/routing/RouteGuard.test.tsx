/**
 * The app's own route table (Router.tsx) with its session gate, guards, redirects and lazy pages, in
 * a memory router: who ends up where (spec 000 §2, §6; 001 §2, §6).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@fleet/contracts';
import { routeObjects } from '../Router';
import { FakeApi, apiError } from '../test-utils/fakeApi';
import { makeGroupRow, makeUser } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';

// The lazy chunks these tests open, loaded once for the file rather than inside the first test to use each.
beforeAll(async () => {
  await Promise.all([
    import('../session/SessionGate'),
    import('../shell/AppLayout'),
    import('../features/auth/Login.page'),
    import('../features/groups/Groups.page'),
    import('../features/units/UnitList.page'),
    import('../pages/Error.page'),
  ]);
});

/** A lazy page: its chunk resolves a few ticks after the route matches. */
function findPage(testId: string): Promise<HTMLElement> {
  return screen.findByTestId(testId, undefined, { timeout: 3000 });
}

function where(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}

async function open(path: string, roles: Role[] | null, api = new FakeApi()) {
  const rendered = await renderRoutes(routeObjects, { route: path, user: roles === null ? null : makeUser(roles), api });
  return rendered;
}

describe('route guards', () => {
  it('sends a signed-out user to the log-in page, keeping the route they asked for', async () => {
    const { router, api } = await open('/groups', null);
    expect(await findPage('login-page')).toBeVisible();
    expect(where(router)).toBe('/login?next=%2Fgroups');
    expect(api.calls('fetchGroups')).toHaveLength(0);
  });

  it('opens a manage page for a role of its set', async () => {
    const { router } = await open('/groups', ['luc_admin'], new FakeApi().on('fetchGroups', [makeGroupRow()]));
    expect(await findPage('groups-page')).toBeVisible();
    expect(where(router)).toBe('/groups');
  });

  it('sends a console user outside the route’s role set to the unit list', async () => {
    const { router } = await open('/groups', ['luc_regular'], new FakeApi().on('fetchDevices', []));
    expect(await findPage('unit-list-page')).toBeVisible();
    expect(where(router)).toBe('/list');
    expect(screen.queryByTestId('groups-page')).not.toBeInTheDocument();
  });

  it('sends an account with only limited roles to the Unauthorized User page', async () => {
    const { router } = await open('/list', ['luc_ingest']);
    expect(await findPage('unauthorized-message')).toBeVisible();
    expect(screen.getByTestId('unauthorized-message')).toHaveTextContent('You are not allowed to access this application');
    expect(where(router)).toBe('/unauthorized_user');
  });

  it('sends a video-return-only account to the Limited Access page', async () => {
    const { router } = await open('/list', ['luc_vr_viewer']);
    expect(await findPage('limited-access-page')).toBeVisible();
    expect(where(router)).toBe('/limited_access');
  });

  it('keeps inventory managers and super users off /error', async () => {
    const { router } = await open('/error', ['super_user'], new FakeApi().on('fetchDevices', []));
    await waitFor(() => expect(where(router)).toBe('/list'), { timeout: 3000 });
  });

  it('sends a user to the saved route on the first load', async () => {
    const api = new FakeApi().on('fetchGroups', []);
    const { router } = await renderRoutes(routeObjects, { route: '/', roles: ['luc_admin'], preferences: { currentRoute: '/groups' }, api });
    expect(await findPage('groups-page')).toBeVisible();
    expect(where(router)).toBe('/groups');
  });

  it('remembers the route shown, except the unit list', async () => {
    const api = new FakeApi().on('fetchGroups', []).on('fetchDevices', []);
    const { router } = await renderRoutes(routeObjects, { route: '/groups', roles: ['luc_admin'], api });
    expect(await findPage('groups-page')).toBeVisible();
    await waitFor(() => expect(api.calls('updateUserPreferences').map((call) => call.body)).toEqual([{ currentRoute: '/groups' }]));

    await act(() => router.navigate('/list'));
    expect(await findPage('unit-list-page')).toBeVisible();
    expect(api.calls('updateUserPreferences').map((call) => call.body)).toEqual([{ currentRoute: '/groups' }]);
  });

  it('goes to /error when the preferences cannot be loaded', async () => {
    const api = new FakeApi().on('getUserPreferences', apiError('GENERIC'));
    const { router } = await renderRoutes(routeObjects, { route: '/list', roles: ['luc_regular'], api });
    expect(await findPage('error-page')).toBeVisible();
    expect(where(router)).toBe('/error');
    expect(api.calls('fetchDevices')).toHaveLength(0);
  });
});
