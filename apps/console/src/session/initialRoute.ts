/**
 * Spec 000 §2 navigation behaviour: after the user and preferences load, the user is sent to the
 * last saved route unless the query says to ignore the route default; a failed preferences load
 * goes to /error. After each navigation the route is saved (RouteGuard, via `saveRoute`).
 *
 * The saved route is the route *default*: it applies where the user named no route, i.e. entering
 * the console at `/` (or signing in without a target). An explicit path is an address — a pasted
 * link or a reload opens what it names, with its query — and is never replaced by the route the
 * same user last saved, possibly on another device.
 */
import { ERROR_PATH, isSafeInternalPath, LIST_PATH, normalizePath } from '../routing/routes';

/** The query parameter that keeps the requested route (spec: "unless the query says to ignore"). */
export const IGNORE_ROUTE_DEFAULT_PARAM = 'ignoreRouteDefault';
/** The login page's return path. */
export const NEXT_PARAM = 'next';

export interface InitialRouteInput {
  /** The path the browser asked for. */
  readonly pathname: string;
  /** Its query string (with or without the leading `?`). */
  readonly search: string;
  /** preferences.currentRoute; undefined while unknown. */
  readonly currentRoute: string | null | undefined;
  /** The preferences could not be loaded. */
  readonly preferencesFailed: boolean;
}

/** Whether the browser named no route: the console's entry (`/`), where the route default applies. */
export function isConsoleEntry(pathname: string): boolean {
  return normalizePath(pathname) === '/';
}

/** Where to go once the session is loaded; null = stay on the requested route. */
export function initialRedirect(input: InitialRouteInput): string | null {
  if (input.preferencesFailed) return ERROR_PATH;
  if (!isConsoleEntry(input.pathname)) return null;
  if (new URLSearchParams(input.search).has(IGNORE_ROUTE_DEFAULT_PARAM)) return null;
  const saved = input.currentRoute;
  if (!isSafeInternalPath(saved)) return null;
  return normalizePath(saved) === normalizePath(input.pathname) ? null : saved;
}

/**
 * After a successful log-in: `next` (path and query) when it names a route of this app, else the
 * saved route, else the list. A `next` of `/` or /login names no route: the saved one applies.
 */
export function afterLoginTarget(next: string | null, currentRoute: string | null | undefined): string {
  const nextPath = next === null ? '' : normalizePath(next.split(/[?#]/)[0] ?? next);
  if (isSafeInternalPath(next) && nextPath !== '/login' && !isConsoleEntry(nextPath)) return next;
  if (isSafeInternalPath(currentRoute)) return currentRoute;
  return LIST_PATH;
}

/** The login URL (in-app) keeping the route the user wanted. */
export function loginPathFor(pathname: string, search: string): string {
  const wanted = `${pathname}${search}`;
  if (normalizePath(pathname) === '/login' || pathname === '/' || pathname === '') return '/login';
  return `/login?${NEXT_PARAM}=${encodeURIComponent(wanted)}`;
}
