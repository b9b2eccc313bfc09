/**
 * The console against a core whose answers drifted from the contract (fields left out or null, a
 * value of an unknown kind): the causes an outside run found, each rendered through the app's own
 * route table with the answer that broke it. No route falls whole: the page shows, the frame (header,
 * menu) stays, and nothing shows React Router's error page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_PREFERENCES, MOCK_AUTH } from '@fleet/contracts';
import type { Role } from '@fleet/contracts';
import { routeObjects } from './Router';
import { apiError, drifted, FakeApi } from './test-utils/fakeApi';
import { makeGroupRow, makeUnit, makeUser } from './test-utils/fixtures';
import { fill, renderRoutes } from './test-utils/render';

/** Answers as a production build reads them: unchecked (fakeApi.ts `drifted`). */
function asProduction(): void {
  vi.stubEnv('DEV', false);
  // React reports each error a boundary catches; the tests assert what the user sees instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

function without(value: object, ...keys: string[]): Record<string, unknown> {
  const out = { ...value } as Record<string, unknown>;
  for (const key of keys) delete out[key];
  return out;
}

/** The frame is there: the header's name and the menu. */
async function expectFrame(): Promise<void> {
  expect(await screen.findByTestId('app-name', undefined, { timeout: 5000 })).toBeVisible();
  expect(screen.getByTestId('nav-menu')).toBeInTheDocument();
  expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
}

async function open(path: string, api: FakeApi, roles: Role[] = ['luc_admin']) {
  const rendered = await renderRoutes(routeObjects, { route: path, roles, api, realtime: true });
  await expectFrame();
  return rendered;
}

describe('a drifted core', () => {
  it('signs in with a current user that lacks its user type, groups and props, and says what it lacks', async () => {
    asProduction();
    let signedIn = false;
    const partial = without(makeUser(['luc_admin'], { username: 'anna' }), 'userType', 'groups', 'props');
    const api = new FakeApi()
      .onRaw('POST', MOCK_AUTH.loginPath, () => {
        signedIn = true;
        return { status: 200, body: { ok: true } };
      })
      .on('getCurrentUser', () => (signedIn ? drifted(partial) : apiError('UNAUTHENTICATED')))
      .on('getUserPreferences', () => (signedIn ? { ...DEFAULT_USER_PREFERENCES } : apiError('UNAUTHENTICATED')))
      .on('getOwnPasswordExpiry', { expiresAt: null, warningDays: 14, expiring: false, dismissed: false })
      .on('fetchDevices', [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' })]);
    const { user, router } = await renderRoutes(routeObjects, { route: '/login', user: null, api, realtime: true });
    await screen.findByTestId('login-page', undefined, { timeout: 3000 });
    await fill(user, screen.getByTestId('login-username'), 'anna');
    await fill(user, screen.getByTestId('login-password'), 'Secret-2026');
    await user.click(screen.getByTestId('login-submit'));

    await expectFrame();
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(await screen.findByTestId('unit-row-LU800-0001', undefined, { timeout: 5000 })).toBeVisible();
    const notice = screen.getByTestId('partial-user-notice');
    expect(notice).toHaveAttribute('data-fields', 'userType groups props');
    expect(notice).toHaveTextContent('your user type, your groups, your settings');
    // What it lacks grants nothing it did not say: the roles it gave still open the console.
    expect(screen.getByTestId('nav-unitList')).toBeVisible();
  }, 20_000);

  it('shows /list with units whose fields are null', async () => {
    asProduction();
    const nulled: Record<string, unknown> = { ...makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_null' }) };
    for (const key of Object.keys(nulled)) if (key !== 'uniqueId' && key !== 'name') nulled[key] = null;
    await open('/list', new FakeApi().on('fetchDevices', drifted([nulled, makeUnit({ uniqueId: 'LU800-0002', name: 'Backpack' })])));
    expect(await screen.findByTestId('unit-row-LU800-0001', undefined, { timeout: 5000 })).toHaveTextContent('Camera_null');
    expect(screen.getByTestId('unit-row-LU800-0002')).toHaveTextContent('Backpack');
    expect(screen.queryAllByTestId('region-error')).toEqual([]);
  }, 20_000);

  it('shows /map with a unit whose location has no latitude, listed as without a location', async () => {
    asProduction();
    const lost = { ...makeUnit({ uniqueId: 'LU800-0002', name: 'Camera_lost' }), location: { lng: 18.42, address: null } };
    const placed = makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north', location: { lat: 51.5, lng: -0.12, address: 'London' } });
    const coords = [placed, lost].map(({ uniqueId, name, status, typeGroup, location }) => ({ uniqueId, name, status, typeGroup, location }));
    await open('/map', new FakeApi().on('fetchDeviceCoords', drifted(coords)).on('fetchDevices', drifted([placed, lost])));
    expect(await screen.findByTestId('map-unplaced-LU800-0002', undefined, { timeout: 5000 })).toHaveTextContent('Camera_lost');
    await waitFor(() => expect(screen.getByTestId('map-placed-count')).toHaveTextContent('1 unit on the map'));
    expect(screen.queryAllByTestId('region-error')).toEqual([]);
  }, 20_000);

  it('shows /groups with a group whose inventory the answer left out (no option without a value)', async () => {
    asProduction();
    const rows = [
      makeGroupRow({ id: 'g1', name: 'News', inventoryId: 'inv1', inventoryName: 'Inventory 1' }),
      makeGroupRow({ id: 'g2', name: 'Sport', inventoryId: 'inv2', inventoryName: 'Inventory 2' }),
      without(makeGroupRow({ id: 'g3', name: 'Orphan' }), 'inventoryId', 'inventoryName'),
    ];
    await open('/groups', new FakeApi().on('fetchGroups', drifted(rows)));
    expect(await screen.findByTestId('group-row-g3', undefined, { timeout: 5000 })).toHaveTextContent('Orphan');
    expect(screen.getByTestId('group-inventory-filter')).toBeVisible();
    expect(screen.queryAllByTestId('region-error')).toEqual([]);
  }, 20_000);

  it('keeps every super user route when admin/inventories answers without items', async () => {
    asProduction();
    const api = new FakeApi()
      .on('searchAdminInventories', drifted({ offset: 0, limit: 50, total: 3 }))
      .on('fetchDevices', [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' })]);
    await open('/list', api, ['super_user']);
    expect(await screen.findByTestId('unit-row-LU800-0001', undefined, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(api.calls('searchAdminInventories').length).toBeGreaterThan(0));
    expect(within(screen.getByTestId('shell-scope')).getByTestId('shell-inventory')).toBeVisible();
    expect(screen.queryAllByTestId('region-error')).toEqual([]);
  }, 20_000);

  it('keeps the menu and the page when services_status answers services: null', async () => {
    asProduction();
    const api = new FakeApi()
      .on('getServicesStatus', drifted({ inventoryId: 'inv1', services: null, activeFeatures: null }))
      .on('fetchDevices', [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' })]);
    await open('/list', api, ['luc_admin']);
    await waitFor(() => expect(api.calls('getServicesStatus').length).toBeGreaterThan(0));
    expect(await screen.findByTestId('unit-row-LU800-0001', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('nav-unitList')).toBeVisible();
    expect(screen.queryAllByTestId('region-error')).toEqual([]);
  }, 20_000);

  it('shows a page that still fails on what it cannot read in its place: the frame and the menu stay, Retry reads again', async () => {
    asProduction();
    let broken = true;
    // A group whose counts are null: the cells drawn from them fail, each in its place, the rest of the page stays;
    // one cell's Retry reads the list again, and every cell draws again from the new answer.
    const api = new FakeApi().on('fetchGroups', () =>
      broken ? drifted([{ ...makeGroupRow({ id: 'g1', name: 'News' }), counts: null }]) : [makeGroupRow({ id: 'g1', name: 'News' })],
    );
    const { user, settled } = await open('/groups', api);
    // The reads are over (the realtime catch-up reads the list again): the region shown is the one to retry.
    await settled();
    const failed = await screen.findAllByTestId('region-error', undefined, { timeout: 5000 });
    expect(failed[0]).toHaveAttribute('data-call-ids', 'fetchGroups');
    expect(failed[0]).toHaveAttribute('data-reason', 'missing');
    // The cells fail, each in one line; the row, its name and the grid stay (the grid sorts without their value).
    expect(failed[0]).toHaveAttribute('data-region', 'cell');
    expect(screen.getByTestId('group-row-g1')).toHaveTextContent('News');
    expect(screen.getByTestId('nav-menu')).toBeInTheDocument();
    broken = false;
    await user.click(within(screen.getAllByTestId('region-error')[0]!).getByTestId('region-retry'));
    expect(await screen.findByTestId('group-row-g1', undefined, { timeout: 10_000 })).toHaveTextContent('News');
    await waitFor(() => expect(screen.queryAllByTestId('region-error')).toEqual([]));
  }, 30_000);
});
