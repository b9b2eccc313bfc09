/**
 * Route guard decisions (spec 000 §2, §6; 001 §2, §6) as pure functions, so the table of who goes
 * where is tested without a DOM. RouteGuard.tsx applies them; the menu uses {@link canOpen}.
 */
import type { Role } from '@fleet/contracts';
import { EASY_LIVE_ROLES, hasAnyRole, hasConsoleAccess, INVENTORY_MANAGER_ROLES, isVideoReturnOnly, PLATFORM_ADMIN_ROLES } from '@fleet/contracts';
import type { PageRoute, RouteAccess } from './routes';
import { ERROR_PATH, LIMITED_ACCESS_PATH, LIST_PATH, matchRoute, normalizePath, UNAUTHORIZED_PATH } from './routes';

/** What the guards need to know about the signed-in user; null when no user could be loaded. */
export interface RouteUser {
  readonly roles: readonly Role[];
}

export type RedirectReason =
  /** The path is not in the table (spec: unknown paths go to the unit list). */
  | 'unknownPath'
  /** An alias or index route. */
  | 'alias'
  /** The user lacks the route's role set (spec: a failed guard goes to the unit list). */
  | 'roles'
  /** Only limited roles: no console access. */
  | 'noConsoleAccess'
  /** Only limited roles, among them the video-return viewer: the Limited Access page instead. */
  | 'videoReturnOnly'
  /** /error is not for inventory-manager-level users and super users. */
  | 'errorPageGuard'
  /** No user could be loaded. */
  | 'noUser';

export type AccessDecision = { readonly allow: true } | { readonly allow: false; readonly to: string; readonly reason: RedirectReason };

const ALLOW: AccessDecision = { allow: true };

/** Users the /error guard sends to the unit list: inventory-manager level and super users. */
const ERROR_PAGE_EXCLUDED: readonly Role[] = [...INVENTORY_MANAGER_ROLES, ...PLATFORM_ADMIN_ROLES];

/**
 * Where a user without console access goes: video-return-only accounts (contracts
 * `isVideoReturnOnly`: every role limited, one of them luc_vr_viewer) to the Limited Access page,
 * which links the video-return portal; everyone else to the Unauthorized User page (spec 000 §6).
 */
function withoutConsoleAccess(user: RouteUser): AccessDecision {
  return isVideoReturnOnly(user.roles)
    ? { allow: false, to: LIMITED_ACCESS_PATH, reason: 'videoReturnOnly' }
    : { allow: false, to: UNAUTHORIZED_PATH, reason: 'noConsoleAccess' };
}

/** The guard of one route kind, given the route's role set. */
export function decideAccess(user: RouteUser | null, access: RouteAccess, roles?: readonly Role[]): AccessDecision {
  switch (access) {
    case 'public':
    case 'open':
      return ALLOW;
    case 'errorPage':
      return user && hasAnyRole(user.roles, ERROR_PAGE_EXCLUDED) ? { allow: false, to: LIST_PATH, reason: 'errorPageGuard' } : ALLOW;
    case 'portal':
      return user ? ALLOW : { allow: false, to: ERROR_PATH, reason: 'noUser' };
    case 'easyLive':
      if (!user) return { allow: false, to: ERROR_PATH, reason: 'noUser' };
      return hasAnyRole(user.roles, EASY_LIVE_ROLES) || hasConsoleAccess(user.roles) ? ALLOW : withoutConsoleAccess(user);
    case 'console':
      if (!user) return { allow: false, to: ERROR_PATH, reason: 'noUser' };
      if (!hasConsoleAccess(user.roles)) return withoutConsoleAccess(user);
      if (roles !== undefined && !hasAnyRole(user.roles, roles)) return { allow: false, to: LIST_PATH, reason: 'roles' };
      return ALLOW;
  }
}

export type RouteDecision =
  | { readonly action: 'render'; readonly path: string; readonly route: PageRoute; readonly kind?: string }
  | { readonly action: 'redirect'; readonly to: string; readonly reason: RedirectReason };

/** Follows index/alias redirects of the table; null for an unknown path. */
export function resolvePath(pathname: string): { path: string; route: PageRoute; kind?: string } | null {
  let path = normalizePath(pathname);
  for (let hop = 0; hop < 8; hop += 1) {
    const match = matchRoute(path);
    if (!match) return null;
    if (match.route.kind === 'redirect') {
      path = match.route.to;
      continue;
    }
    return match.kind === undefined ? { path, route: match.route } : { path, route: match.route, kind: match.kind };
  }
  return null;
}

/**
 * Where a user asking for `pathname` ends up: the page to render, or the first redirect to apply
 * (RouteGuard applies it; the next guard decides again). Unknown paths go to the unit list.
 */
export function decideRoute(user: RouteUser | null, pathname: string): RouteDecision {
  const path = normalizePath(pathname);
  const match = matchRoute(path);
  if (!match) return { action: 'redirect', to: LIST_PATH, reason: 'unknownPath' };
  if (match.route.kind === 'redirect') return { action: 'redirect', to: match.route.to, reason: 'alias' };
  const decision = decideAccess(user, match.route.access, match.route.roles);
  if (!decision.allow) return { action: 'redirect', to: decision.to, reason: decision.reason };
  return match.kind === undefined ? { action: 'render', path, route: match.route } : { action: 'render', path, route: match.route, kind: match.kind };
}

/** The final place after following every redirect (for tests and for the menu). */
export function finalDestination(user: RouteUser | null, pathname: string): string {
  let path = normalizePath(pathname);
  const seen = new Set<string>();
  for (;;) {
    const decision = decideRoute(user, path);
    if (decision.action === 'render') return decision.path;
    if (seen.has(decision.to)) return decision.to;
    seen.add(path);
    path = decision.to;
  }
}

/** Whether `pathname` (after its aliases) opens for this user: the menu hides what this denies. */
export function canOpen(user: RouteUser | null, pathname: string): boolean {
  const resolved = resolvePath(pathname);
  if (!resolved) return false;
  return decideAccess(user, resolved.route.access, resolved.route.roles).allow;
}
