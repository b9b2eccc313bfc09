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
 */
import { cleanup, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@fleet/contracts';
import { routeObjects } from '../Router';
import { FakeApi } from '../test-utils/fakeApi';
import { makeUnit } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';

/** What each screen shows once it is open. */
const SCREENS = {
  '/users': 'users-page',
  '/groups': 'groups-page',
  '/audio_rooms': 'audio-rooms-page',
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
  { role: 'luc_regular', path: '/sw_version', screen: 'sw-versions-page', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/usage_profiles', screen: 'usage-profiles-page', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/inventory_services', screen: 'inventory-services-page', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/reports', screen: 'reports-page', opener: 'luc_admin' },
  { role: 'luc_regular', path: '/unit_license_activation', screen: 'licence-activation-page', opener: 'luc_admin' },
  { role: 'luc_admin', path: '/access_approvals', screen: 'access-approvals-page', opener: 'super_user' },
  { role: 'luc_admin', path: '/batch_upgrade', screen: 'batch-upgrade-page', opener: 'super_user' },
  { role: 'luc_admin', path: '/manage/shares/publishers', screen: 'publishers-page', opener: 'luc_media_group_admin' },
  { role: 'luc_admin', path: '/manage/shares/subscribers', screen: 'subscribers-page', opener: 'luc_media_group_admin' },
];

const UNIT = makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' });

// The lazy chunks these tests open, loaded once for the file rather than inside the first test to use each.
beforeAll(async () => {
  await Promise.all([
    import('../session/SessionGate'),
    import('../shell/AppLayout'),
    import('../features/units/UnitList.page'),
    import('../features/users/Users.page'),
    import('../features/groups/Groups.page'),
    import('../features/audio-rooms/AudioRooms.page'),
    import('../pages/Section.page'),
    import('../pages/RemoteActions.page'),
    import('../features/software-versions/SoftwareVersions.page'),
    import('../features/usage-profiles/UsageProfiles.page'),
    import('../features/managed-services/InventoryServices.page'),
    import('../features/reports/Reports.page'),
    import('../features/licence-activation/UnitLicenseActivation.page'),
    import('../features/access-approvals/AccessApprovals.page'),
    import('../features/batch-upgrade/BatchUpgrade.page'),
    import('../features/shares/Publishers.page'),
    import('../features/shares/Subscribers.page'),
  ]);
});

function where(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}

/** Asks for `path` as the signed-in `role`; the core has one unit to list. */
function ask(path: string, role: Role) {
  return renderRoutes(routeObjects, { route: `${path}?ignoreRouteDefault=1`, roles: [role], api: new FakeApi().on('fetchDevices', [UNIT]) });
}

/** The screen shows, at its own path (a section at its first kind). */
async function expectOpens(path: Path, role: Role, testId: string = SCREENS[path]): Promise<void> {
  const { router } = await ask(path, role);
  expect(await screen.findByTestId(testId, undefined, { timeout: 3000 })).toBeVisible();
  expect(router.state.location.pathname).toMatch(new RegExp(`^${path}(/[a-z_]+)?$`));
}

/** The unit list shows its unit, at /list, and the screen asked for does not. */
async function expectSentToList(path: string, role: Role, testId: string): Promise<void> {
  const { router } = await ask(path, role);
  expect(await screen.findByTestId(`unit-row-${UNIT.uniqueId}`, undefined, { timeout: 3000 })).toBeVisible();
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
