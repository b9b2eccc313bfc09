/**
 * The route table of both spec documents (000 §2, 001 §2) as data: who may open each path, whether
 * the route is remembered as `currentRoute`, and which page renders it. Router.tsx builds the React
 * Router tree from this list and the menu hides what this table denies, so the guard, the menu and
 * the tests read one table.
 */
import type { Role } from '@fleet/contracts';
import type en from '../i18n/en.json';
import { SECTIONS } from './sections';

/** Page route ids; the title is the i18n key `routes.<id>`. */
export type RouteTitleId = keyof typeof en.routes;
import {
  BROADER_ROLES,
  CONTRACTOR_ROLES,
  MANAGE_ROLES,
  REMOTE_ACTION_ROLES,
  GLOBAL_SCOPE_ROLES,
  PLATFORM_ADMIN_ROLES,
  READ_ONLY_ROLES,
  SHARES_ROLES,
} from '@fleet/contracts';

/**
 * - `public`: no user needed (/login).
 * - `open`: shown to anyone, loads nothing first (/unauthorized_user).
 * - `errorPage`: /error; its guard sends inventory-manager-level users and super users to the list.
 * - `portal`: a signed-in user (/customer_portal).
 * - `easyLive`: /easy_live; ingest/studio-like roles and every console user.
 * - `console`: under home; users with console access (else /unauthorized_user), holding one of
 *   `roles` when given (else the unit list).
 */
export type RouteAccess = 'public' | 'open' | 'errorPage' | 'portal' | 'easyLive' | 'console';

/**
 * The pages a route can render, one lazy chunk each. Router.tsx maps every key to its page, and the
 * compiler checks that map against this list (a missing or extra page fails the typecheck).
 */
export const PAGE_KEYS = [
  'login',
  'error',
  'unauthorized',
  'customerPortal',
  'easyLive',
  'unitList',
  'multiview',
  'map',
  'fileUpload',
  'files',
  'stories',
  'channels',
  'devices',
  'videoReturn',
  'users',
  'groups',
  'audioRooms',
  'myGraphics',
  'section',
  'remoteActions',
  'publishers',
  'subscribers',
  'usageProfiles',
  'reports',
  'inventoryServices',
  'unitLicenseActivation',
  'swVersion',
  'batchUpgrade',
  'accessApprovals',
  'whatsNew',
  'passwordChange',
  'limitedAccess',
  'simulator',
] as const;

export type PageKey = (typeof PAGE_KEYS)[number];

export { SECTIONS };

export type SectionId = keyof typeof SECTIONS;

export interface PageRoute {
  readonly kind: 'page';
  /** Stable id; also the i18n key of the title: `routes.<id>`. */
  readonly id: RouteTitleId;
  /** Absolute path; `:kind` stands for one of the section's kinds. */
  readonly path: string;
  readonly access: RouteAccess;
  /** Console routes: the role set of contracts roles.ts that opens it (undefined = every console user). */
  readonly roles?: readonly Role[];
  /** Save as preferences.currentRoute after navigating here. */
  readonly saveRoute: boolean;
  readonly page: PageKey;
  readonly section?: SectionId;
}

export interface RedirectRoute {
  readonly kind: 'redirect';
  readonly id: string;
  readonly path: string;
  readonly to: string;
}

export type AppRoute = PageRoute | RedirectRoute;

const top = (id: RouteTitleId, path: string, access: RouteAccess, page: PageKey): PageRoute => ({
  kind: 'page',
  id,
  path,
  access,
  page,
  saveRoute: false,
});

const home = (id: RouteTitleId, path: string, roles: readonly Role[] | undefined, page: PageKey): PageRoute =>
  roles === undefined
    ? { kind: 'page', id, path, access: 'console', page, saveRoute: true }
    : { kind: 'page', id, path, access: 'console', roles, page, saveRoute: true };

const redirect = (id: string, path: string, to: string): RedirectRoute => ({ kind: 'redirect', id, path, to });

const section = (id: SectionId, roles: readonly Role[]): AppRoute[] => [
  redirect(`${id}.index`, SECTIONS[id].base, `${SECTIONS[id].base}/${SECTIONS[id].kinds[0]}`),
  { kind: 'page', id, path: `${SECTIONS[id].base}/:kind`, access: 'console', roles, page: 'section', section: id, saveRoute: true },
];

/** Channels, devices and video return: the broader set of spec 001 §2 plus read-only users. */
export const PLATFORM_SCREEN_ROLES: readonly Role[] = [...BROADER_ROLES, ...READ_ONLY_ROLES];

export const LIST_PATH = '/list';
export const LOGIN_PATH = '/login';
export const ERROR_PATH = '/error';
export const UNAUTHORIZED_PATH = '/unauthorized_user';
export const EASY_LIVE_PATH = '/easy_live';
export const PASSWORD_CHANGE_PATH = '/password_change';
export const LIMITED_ACCESS_PATH = '/limited_access';

export const ROUTES: readonly AppRoute[] = [
  // Top level (spec 000 §2): outside the console shell, never saved as currentRoute.
  top('login', LOGIN_PATH, 'public', 'login'),
  top('error', ERROR_PATH, 'errorPage', 'error'),
  top('unauthorizedUser', UNAUTHORIZED_PATH, 'open', 'unauthorized'),
  top('customerPortal', '/customer_portal', 'portal', 'customerPortal'),
  top('easyLive', EASY_LIVE_PATH, 'easyLive', 'easyLive'),
  // Spec 000 §6 "Passwords within 14 days of expiry send the user to a login page for change unless dismissed".
  top('passwordChange', PASSWORD_CHANGE_PATH, 'portal', 'passwordChange'),
  // Spec 000 §2, §6 "video-return-only accounts get the Limited Access page".
  top('limitedAccess', LIMITED_ACCESS_PATH, 'portal', 'limitedAccess'),

  // Home.
  redirect('home', '/', LIST_PATH),
  // Unit area (spec 000 §2). "/list (unit list; its preferences are not saved)": not remembered.
  home('multiview', '/multiview', undefined, 'multiview'),
  { ...home('list', LIST_PATH, undefined, 'unitList'), saveRoute: false },
  home('map', '/map', undefined, 'map'),
  home('fileUpload', '/file_upload', BROADER_ROLES, 'fileUpload'),
  home('files', '/files', undefined, 'files'),
  home('stories', '/stories', undefined, 'stories'),

  // Shares, under manage/shares; the bare /publishers and /subscribers lead there.
  redirect('shares', '/manage/shares', '/manage/shares/publishers'),
  home('publishers', '/manage/shares/publishers', SHARES_ROLES, 'publishers'),
  home('subscribers', '/manage/shares/subscribers', SHARES_ROLES, 'subscribers'),
  redirect('publishersAlias', '/publishers', '/manage/shares/publishers'),
  redirect('subscribersAlias', '/subscribers', '/manage/shares/subscribers'),

  // Manage (spec 001 §2, §6). Read-only users see channels, devices and video return too (the
  // screens hide their write controls, spec 001 §6 "Apply/OK buttons ... only for regular users").
  home('channels', '/channels', PLATFORM_SCREEN_ROLES, 'channels'),
  home('devices', '/devices', PLATFORM_SCREEN_ROLES, 'devices'),
  home('videoReturn', '/video_return', PLATFORM_SCREEN_ROLES, 'videoReturn'),
  home('users', '/users', MANAGE_ROLES, 'users'),
  home('groups', '/groups', MANAGE_ROLES, 'groups'),
  home('usageProfiles', '/usage_profiles', MANAGE_ROLES, 'usageProfiles'),
  home('swVersion', '/sw_version', MANAGE_ROLES, 'swVersion'),
  home('audioRooms', '/audio_rooms', MANAGE_ROLES, 'audioRooms'),
  home('myGraphics', '/my_graphics', undefined, 'myGraphics'),

  // Services.
  home('inventoryServices', '/inventory_services', MANAGE_ROLES, 'inventoryServices'),
  home('unitLicenseActivation', '/unit_license_activation', MANAGE_ROLES, 'unitLicenseActivation'),
  home('reports', '/reports', MANAGE_ROLES, 'reports'),

  // Platform admin (super user).
  ...section('systemEntities', PLATFORM_ADMIN_ROLES),
  ...section('systemSettings', PLATFORM_ADMIN_ROLES),
  // Super users get the admin page, partners the support page (one path, spec 000 §2).
  home('remoteActions', '/remote_actions', REMOTE_ACTION_ROLES, 'remoteActions'),
  home('accessApprovals', '/access_approvals', PLATFORM_ADMIN_ROLES, 'accessApprovals'),
  home('whatsNew', '/whats_new', PLATFORM_ADMIN_ROLES, 'whatsNew'),
  home('batchUpgrade', '/batch_upgrade', PLATFORM_ADMIN_ROLES, 'batchUpgrade'),

  // Contractor.
  ...section('contractorEntities', CONTRACTOR_ROLES),

  // Not in the spec: the mock's Simulator panel, for the people who run the mock (the control plane's
  // operators). Its page also needs the mock's capability probe to answer, else it sends to the list.
  home('simulator', '/simulator', GLOBAL_SCOPE_ROLES, 'simulator'),
];

/** `/a/b/` → `/a/b`; the empty path is `/`. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** The route of a pathname (with the section kind when the route is a section child), or null for an unknown path. */
export function matchRoute(pathname: string) {
  const path = normalizePath(pathname);
  for (const route of ROUTES) {
    if (route.kind === 'page' && route.section) {
      const { base, kinds } = SECTIONS[route.section];
      const prefix = `${base}/`;
      if (path.startsWith(prefix)) {
        const kind = path.slice(prefix.length);
        if ((kinds as readonly string[]).includes(kind)) return { route, kind };
      }
      continue;
    }
    if (route.path === path) return { route };
  }
  return null;
}

/** A path of this app (starts with one slash), safe to navigate to; anything else is refused. */
export function isSafeInternalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}
