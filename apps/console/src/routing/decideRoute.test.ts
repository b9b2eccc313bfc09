import { describe, expect, it } from 'vitest';
import { ROLES } from '@fleet/contracts';
import type { Role } from '@fleet/contracts';
import { canOpen, decideRoute, finalDestination } from './decideRoute';
import { ROUTES, SECTIONS, matchRoute } from './routes';

const as = (...roles: Role[]) => ({ roles });

const superUser = as('super_user');
const admin = as('luc_admin');
const mediaAdmin = as('luc_media_group_admin');
const regular = as('luc_regular');
const readOnly = as('luc_read');
const partner = as('luc_partner');
const contractor = as('luc_contractor');
const staff = as('staff');
const ingest = as('luc_ingest');
const studio = as('luc_studio');
const curator = as('luc_curator');
const curatorAndRegular = as('luc_curator', 'luc_regular');
const vrViewer = as('luc_vr_viewer');
const vrViewerAndCurator = as('luc_vr_viewer', 'luc_curator');
const vrViewerAndRegular = as('luc_vr_viewer', 'luc_regular');
const vrViewerAndIngest = as('luc_vr_viewer', 'luc_ingest');

describe('decideRoute: where each user ends up (spec 000 §2, §6; 001 §2, §6)', () => {
  const cases: [string, { roles: readonly Role[] } | null, string, string][] = [
    // Unknown paths go to the unit list.
    ['unknown path', regular, '/nowhere', '/list'],
    // The mock's Simulator panel: the control plane's operators only (its page also needs the mock's probe).
    ['simulator, super user', superUser, '/simulator', '/simulator'],
    ['simulator, staff', staff, '/simulator', '/simulator'],
    ['simulator, regular user', regular, '/simulator', '/list'],
    ['simulator, inventory admin', admin, '/simulator', '/list'],
    ['unknown nested path', regular, '/list/extra', '/list'],
    ['unknown section child', superUser, '/system_entities/nope', '/list'],
    ['home', regular, '/', '/list'],
    ['trailing slash', regular, '/map/', '/map'],
    // Unit area: every console user.
    ['list', readOnly, '/list', '/list'],
    ['multiview', readOnly, '/multiview', '/multiview'],
    ['map', readOnly, '/map', '/map'],
    ['files', readOnly, '/files', '/files'],
    ['stories', readOnly, '/stories', '/stories'],
    ['my graphics', readOnly, '/my_graphics', '/my_graphics'],
    // Broader set (includes luc_regular): file upload; channels, devices and video return also
    // admit read-only users (they see the screens without write controls).
    ['file upload regular', regular, '/file_upload', '/file_upload'],
    ['file upload read-only', readOnly, '/file_upload', '/list'],
    ['channels regular', regular, '/channels', '/channels'],
    ['channels super user', superUser, '/channels', '/channels'],
    ['channels admin', admin, '/channels', '/channels'],
    ['channels read-only', readOnly, '/channels', '/channels'],
    ['devices admin', admin, '/devices', '/devices'],
    ['devices read-only', readOnly, '/devices', '/devices'],
    ['video return read-only', readOnly, '/video_return', '/video_return'],
    ['channels curator', curator, '/channels', '/unauthorized_user'],
    // Manage set.
    ['users admin', admin, '/users', '/users'],
    ['users partner', partner, '/users', '/users'],
    ['users contractor', contractor, '/users', '/users'],
    ['users regular', regular, '/users', '/list'],
    ['groups media admin', mediaAdmin, '/groups', '/groups'],
    ['usage profiles regular', regular, '/usage_profiles', '/list'],
    ['sw version super user', superUser, '/sw_version', '/sw_version'],
    ['audio rooms read-only', readOnly, '/audio_rooms', '/list'],
    ['inventory services partner', partner, '/inventory_services', '/inventory_services'],
    ['licence activation admin', admin, '/unit_license_activation', '/unit_license_activation'],
    ['reports regular', regular, '/reports', '/list'],
    // Shares: super user or media group admin, under manage/shares.
    ['publishers media admin', mediaAdmin, '/manage/shares/publishers', '/manage/shares/publishers'],
    ['subscribers super user', superUser, '/manage/shares/subscribers', '/manage/shares/subscribers'],
    ['publishers admin', admin, '/manage/shares/publishers', '/list'],
    ['publishers alias', mediaAdmin, '/publishers', '/manage/shares/publishers'],
    ['subscribers alias', mediaAdmin, '/subscribers', '/manage/shares/subscribers'],
    ['shares index', mediaAdmin, '/manage/shares', '/manage/shares/publishers'],
    // The system admin console: super user and staff (admins are sent to the list).
    ['system entities index', superUser, '/system_entities', '/system_entities/inventories'],
    ['system entities child', superUser, '/system_entities/dbGateways', '/system_entities/dbGateways'],
    ['system entities admin', admin, '/system_entities/units', '/list'],
    ['system entities staff', staff, '/system_entities', '/system_entities/inventories'],
    ['system settings child', superUser, '/system_settings/geocoding_profile', '/system_settings/geocoding_profile'],
    ['system settings index', superUser, '/system_settings', '/system_settings/client_application'],
    ['access approvals', superUser, '/access_approvals', '/access_approvals'],
    ['whats new admin', admin, '/whats_new', '/list'],
    ['batch upgrade', superUser, '/batch_upgrade', '/batch_upgrade'],
    // Remote actions: super user (admin view) or partner (support view).
    ['remote actions super user', superUser, '/remote_actions', '/remote_actions'],
    ['remote actions partner', partner, '/remote_actions', '/remote_actions'],
    ['remote actions admin', admin, '/remote_actions', '/list'],
    // Contractor entities.
    ['entities contractor', contractor, '/entities', '/entities/units'],
    ['entities child', contractor, '/entities/db_gateways', '/entities/db_gateways'],
    ['entities admin', admin, '/entities/units', '/list'],
    ['entities super user', superUser, '/entities/units', '/list'],
    // Limited roles: unauthorized page, except ingest/studio into easy_live.
    ['curator on list', curator, '/list', '/unauthorized_user'],
    ['curator on users', curator, '/users', '/unauthorized_user'],
    ['ingest on list', ingest, '/list', '/unauthorized_user'],
    ['ingest on easy live', ingest, '/easy_live', '/easy_live'],
    ['studio on easy live', studio, '/easy_live', '/easy_live'],
    ['curator on easy live', curator, '/easy_live', '/unauthorized_user'],
    ['regular on easy live', regular, '/easy_live', '/easy_live'],
    ['curator plus regular', curatorAndRegular, '/list', '/list'],
    ['no roles', as(), '/list', '/unauthorized_user'],
    // Video-return-only accounts (every role limited, one of them the vr viewer): Limited Access.
    ['vr viewer on list', vrViewer, '/list', '/limited_access'],
    ['vr viewer on users', vrViewer, '/users', '/limited_access'],
    ['vr viewer on easy live', vrViewer, '/easy_live', '/limited_access'],
    ['vr viewer on limited access', vrViewer, '/limited_access', '/limited_access'],
    ['vr viewer plus curator', vrViewerAndCurator, '/list', '/limited_access'],
    ['vr viewer plus ingest on easy live', vrViewerAndIngest, '/easy_live', '/easy_live'],
    ['vr viewer plus ingest on list', vrViewerAndIngest, '/list', '/limited_access'],
    ['vr viewer with a console role', vrViewerAndRegular, '/list', '/list'],
    // /error: not for inventory-manager level or super users.
    ['error regular', regular, '/error', '/error'],
    ['error read-only', readOnly, '/error', '/error'],
    ['error admin', admin, '/error', '/list'],
    ['error media admin', mediaAdmin, '/error', '/list'],
    ['error super user', superUser, '/error', '/list'],
    ['error no user', null, '/error', '/error'],
    // Pages that need no user, and what a missing user means elsewhere.
    ['unauthorized page', regular, '/unauthorized_user', '/unauthorized_user'],
    ['unauthorized page no user', null, '/unauthorized_user', '/unauthorized_user'],
    ['login', null, '/login', '/login'],
    ['customer portal', regular, '/customer_portal', '/customer_portal'],
    ['customer portal limited', curator, '/customer_portal', '/customer_portal'],
    ['list without user', null, '/list', '/error'],
  ];

  it.each(cases)('%s', (_name, user, path, expected) => {
    expect(finalDestination(user, path)).toBe(expected);
  });

  it('redirects one step at a time and names the reason', () => {
    expect(decideRoute(readOnly, '/file_upload')).toEqual({ action: 'redirect', to: '/list', reason: 'roles' });
    expect(decideRoute(curator, '/file_upload')).toEqual({ action: 'redirect', to: '/unauthorized_user', reason: 'noConsoleAccess' });
    expect(decideRoute(vrViewer, '/map')).toEqual({ action: 'redirect', to: '/limited_access', reason: 'videoReturnOnly' });
    expect(decideRoute(regular, '/x')).toEqual({ action: 'redirect', to: '/list', reason: 'unknownPath' });
    expect(decideRoute(admin, '/error')).toEqual({ action: 'redirect', to: '/list', reason: 'errorPageGuard' });
    const shown = decideRoute(superUser, '/system_entities/users');
    expect(shown.action).toBe('render');
    if (shown.action === 'render') expect(shown.kind).toBe('users');
  });

  it('every user with console access reaches the unit list (no redirect loop)', () => {
    for (const role of ROLES) {
      const user = as(role);
      const end = finalDestination(user, '/list');
      expect(['/list', '/unauthorized_user', '/limited_access']).toContain(end);
    }
  });
});

describe('route table', () => {
  it('saves the route after navigation except error, unauthorized, portal-like pages, login and the unit list', () => {
    const notSaved = ROUTES.filter((r) => r.kind === 'page' && !r.saveRoute)
      .map((r) => r.path)
      .sort();
    // The password change and Limited Access pages stand outside the console like the portals.
    expect(notSaved).toEqual(['/customer_portal', '/easy_live', '/error', '/limited_access', '/list', '/login', '/password_change', '/unauthorized_user']);
  });

  it('lists every child of the sections of spec 001 §2', () => {
    expect(SECTIONS.systemEntities.kinds).toHaveLength(11);
    expect(SECTIONS.systemSettings.kinds).toHaveLength(12);
    expect(SECTIONS.contractorEntities.kinds).toHaveLength(8);
    for (const { base, kinds } of Object.values(SECTIONS)) for (const kind of kinds) expect(matchRoute(`${base}/${kind}`)).not.toBeNull();
  });

  it('has unique paths', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('canOpen follows aliases and applies the guard', () => {
    expect(canOpen(superUser, '/system_entities')).toBe(true);
    expect(canOpen(admin, '/system_entities')).toBe(false);
    expect(canOpen(regular, '/nowhere')).toBe(false);
  });
});
