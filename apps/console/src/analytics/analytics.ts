/**
 * Page-view analytics (spec 000 §2 "Page views are reported to analytics on admin-style routes").
 *
 * Admin-style routes are the system admin console pages (system entities, system settings, remote
 * actions, access approvals, what's new, batch upgrade) and the manage pages (devices, channels,
 * video return, users, shares for publishers and subscribers, usage profiles, groups, software
 * versions, audio rooms, my graphics) — ADMIN_STYLE_ROUTE_IDS below, by route id of routes.ts.
 * Every navigation to one of them calls the page-view hook once with the path and the route id.
 *
 * The hook is pluggable: {@link setPageViewHook} installs one (an embedding page, a test); without
 * it the default sends one JSON beacon per view to the runtime configuration's `analyticsUrl`,
 * and does nothing when that is not set (the default). A failing hook never breaks navigation.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { getRuntimeConfig } from '../config/runtimeConfig';
import type { RouteTitleId } from '../routing/routes';
import { matchRoute, normalizePath } from '../routing/routes';

export const ADMIN_STYLE_ROUTE_IDS: ReadonlySet<RouteTitleId> = new Set<RouteTitleId>([
  // The system admin console.
  'systemEntities',
  'systemSettings',
  'remoteActions',
  'accessApprovals',
  'whatsNew',
  'batchUpgrade',
  // Manage.
  'devices',
  'channels',
  'videoReturn',
  'users',
  'publishers',
  'subscribers',
  'usageProfiles',
  'groups',
  'swVersion',
  'audioRooms',
  'myGraphics',
]);

/** The normalised path (e.g. /system_entities/units) and the route id of routes.ts (e.g. systemEntities). */
export type PageView = NonNullable<ReturnType<typeof adminPageView>>;
export type PageViewHook = (view: PageView) => void;

/** The page view of a path when it is an admin-style route, else null. */
export function adminPageView(pathname: string) {
  const path = normalizePath(pathname);
  const match = matchRoute(path);
  if (match === null || match.route.kind !== 'page' || !ADMIN_STYLE_ROUTE_IDS.has(match.route.id)) return null;
  return { path, route: match.route.id };
}

/** The default hook: a beacon to the configured analytics URL, nothing when none is configured. */
export const beaconHook: PageViewHook = (view) => {
  const url = getRuntimeConfig().analyticsUrl;
  if (url === null || typeof navigator.sendBeacon !== 'function') return;
  const body = new Blob([JSON.stringify({ ...view, at: new Date().toISOString() })], { type: 'application/json' });
  navigator.sendBeacon(url, body);
};

let installed: PageViewHook | null = null;

/** Installs the page-view hook (null: back to the default beacon). */
export function setPageViewHook(hook: PageViewHook | null): void {
  installed = hook;
}

/** Reports a navigation to `pathname` when it is an admin-style route; true when reported. */
export function reportPageView(pathname: string): boolean {
  const view = adminPageView(pathname);
  if (view === null) return false;
  try {
    (installed ?? beaconHook)(view);
  } catch (error) {
    console.warn('analytics hook failed', error);
  }
  return true;
}

/** Calls the hook on every navigation (path change) of the console. */
export function usePageViewAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    reportPageView(pathname);
  }, [pathname]);
}
