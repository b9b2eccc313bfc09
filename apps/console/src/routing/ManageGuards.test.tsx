/**
 * The route guards of the manage screens on the app's own route table (Router.tsx), role by role
 * (spec 001 §2 "Route guards and navigation"): /users, /groups and /audio_rooms open to super_user,
 * luc_admin, luc_contractor, luc_media_group_admin and luc_partner; /entities to luc_contractor;
 * /remote_actions to luc_partner (and, as the platform admins' page, to the super user). Everyone
 * else asking for one of them lands on the unit list ("A failed guard sends the user to the unit
 * list"). The same for platform admin and manage screens asked for by a role outside their set
 * (a system settings or system entities tab, /access_approvals, /batch_upgrade and the shares'
 * publishers and subscribers by luc_admin; /sw_version, /usage_profiles, /inventory_services, /reports and
 * /unit_license_activation by luc_regular), each shown to a role of the set. The paths are asked for as a typed address would
 * be (`?ignoreRouteDefault=1`: the saved route is not restored over it).
 *
 * The route table is the app's own (paths, guards, redirects, the session gate), built with light
 * stand-ins for the console's frame and for the pages that only show what the guard let through
 * (each names its route: `page-<route id>`); the section pages (which check their kind) and the
 * remote actions page (admin or partner by role) are the real ones. What each page shows is in its
 * own tests.
 */
import { cleanup, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@fleet/contracts';
import { buildRouteObjects, PAGES } from '../Router';
import type { RouteViews } from '../Router';
import type { PageProps } from '../pages/types';
import { FakeApi } from '../test-utils/fakeApi';
import { renderRoutes } from '../test-utils/render';
import type { PageKey } from './routes';

/** What each screen shows once it is open. */
const SCREENS = {
  '/users': 'page-users',
  '/groups': 'page-groups',
  '/audio_rooms': 'page-audioRooms',
  '/entities': 'entities-units',
  '/remote_actions': 'remote-actions-partner',
} as const;
type Path = keyof typeof SCREENS;

const CASES: readonly { role: Role; open: readonly Path[]; refused: readonly Path[] }[] = [
  { role: 'luc_contractor', open: ['/users', '/groups', '/audio_rooms', '/entities'], refused: ['/remote_actions'] },
  { role: 'luc_partner', open: ['/users', '/groups', '/audio_rooms', '/remote_actions'], refused: ['/entities'] },
  { role: 'luc_media_group_admin', open: ['/users', '/groups', '/audio_rooms'], refused: ['/entities', '/remote_actions'] },
  { role: 'luc_admin', open: ['/users', '/groups', '/audio_rooms'], refused: ['/entities', '/remote_actions'] },
  { role: 'luc_regular', open: [], refused: ['/users', '/groups', '/audio_rooms', '/entities', '/remote_actions'] },
  { role: 'luc_read', open: [], refused: ['/users', '/groups', '/audio_rooms', '/entities', '/remote_actions'] },
];

/**
 * Platform admin and manage screens asked for by a role outside their set (spec 001 §2): the
 * section's or page's root test id must not show.
 */
const REFUSED: readonly { role: Role; path: string; screen: string; opener: Role }[] = [
  { role: 'luc_admin', path: '/system_settings/organization', screen: 'system-settings', opener: 'super_user' },
  { role: 'luc_admin', path: '/system_settings/stream_providers', screen: 'system-settings', opener: 'super_user' },
  { role: 'luc_admin', path: '/system_entities/inventories', screen: 'system-entities', opener: 'super_user' },
  { role: 'luc_admin', path: '/system_entities/mmh_servers', screen: 'system-entities', opener: 'super_user' },
  { role: 'luc_regular', path: '/sw_version', screen: 'page-swVersion', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/usage_profiles', screen: 'page-usageProfiles', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/inventory_services', screen: 'page-inventoryServices', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/reports', screen: 'page-reports', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/unit_license_activation', screen: 'page-unitLicenseActivation', opener: 'luc_admin' },
  { role: 'luc_admin', path: '/access_approvals', screen: 'page-accessApprovals', opener: 'super_user' },
  { role: 'luc_admin', path: '/batch_upgrade', screen: 'page-batchUpgrade', opener: 'super_user' },
  { role: 'luc_admin', path: '/manage/shares/publishers', screen: 'page-publishers', opener: 'luc_media_group_admin' },
  { role: 'luc_admin', path: '/manage/shares/subscribers', screen: 'page-subscribers', opener: 'luc_media_group_admin' },
];

/** A page that only says it is shown, and for which route. */
function StandIn({ route }: PageProps) {
  return <div data-testid={`page-${route.id}`} />;
}

/** Pages whose own code decides what shows (a section's kind; the remote actions' audience). */
const REAL_PAGES: readonly PageKey[] = ['section', 'remoteActions'];

const routes = buildRouteObjects({
  layout: Outlet,
  pages: Object.fromEntries(Object.entries(PAGES).map(([key, page]) => [key, REAL_PAGES.includes(key as PageKey) ? page : StandIn])) as RouteViews['pages'],
});

// The lazy chunks these tests open, loaded once for the file rather than inside the first test to use each.
beforeAll(async () => {
  await Promise.all([import('../session/SessionGate'), import('../pages/Section.page'), import('../pages/RemoteActions.page')]);
});

function where(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}

/** Asks for `path` as the signed-in `role`. */
function ask(path: string, role: Role) {
  return renderRoutes(routes, { route: `${path}?ignoreRouteDefault=1`, roles: [role], api: new FakeApi() });
}

/** The screen shows, at its own path (a section at its first kind). */
async function expectOpens(path: Path, role: Role, testId: string = SCREENS[path]): Promise<void> {
  const { router } = await ask(path, role);
  expect(await screen.findByTestId(testId, undefined, { timeout: 3000 })).toBeVisible();
  expect(router.state.location.pathname).toMatch(new RegExp(`^${path}(/[a-z_]+)?$`));
}

/** The unit list shows, at /list, and the screen asked for does not. */
async function expectSentToList(path: string, role: Role, testId: string): Promise<void> {
  const { router } = await ask(path, role);
  expect(await screen.findByTestId('page-list', undefined, { timeout: 3000 })).toBeVisible();
  expect(where(router)).toMatch(/^\/list(\?.*)?$/);
  expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
}

describe('manage screens: who opens them, who is sent to the unit list', () => {
  for (const { role, open, refused } of CASES) {
    describe(role, () => {
      for (const path of open) it(`opens ${path}`, () => expectOpens(path, role));
      for (const path of refused) it(`sends ${path} to the unit list`, () => expectSentToList(path, role, SCREENS[path]));
    });
  }

  describe('super_user', () => {
    for (const path of ['/users', '/groups', '/audio_rooms'] as const) it(`opens ${path}`, () => expectOpens(path, 'super_user'));
    it('opens /remote_actions as the admin page', async () => {
      await expectOpens('/remote_actions', 'super_user', 'remote-actions-admin');
      expect(screen.queryByTestId('remote-actions-partner')).not.toBeInTheDocument();
    });
    it('sends /entities to the unit list', () => expectSentToList('/entities', 'super_user', SCREENS['/entities']));
  });
});

describe('platform admin and manage screens refused to other roles', () => {
  for (const { role, path, screen: testId, opener } of REFUSED) {
    it(`${role}: ${path} sends to the unit list (${opener} opens it)`, async () => {
      await expectSentToList(path, role, testId);
      cleanup();
      const { router } = await ask(path, opener);
      expect(await screen.findByTestId(testId, undefined, { timeout: 3000 })).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
    });
  }
});
