import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@fleet/contracts';
import { FullPageLoader } from '../components/FullPageLoader';
import { toRouteUser, useCurrentUserQuery, usePreferencesQuery, useUpdatePreferences } from '../session/hooks';
import { decideAccess } from './decideRoute';
import type { RouteAccess } from './routes';
import { normalizePath } from './routes';

interface RouteGuardProps {
  readonly access: RouteAccess;
  /** The role set of contracts roles.ts that opens the route (console routes). */
  readonly roles?: readonly Role[] | undefined;
  /** Remember the route as preferences.currentRoute once shown. */
  readonly saveRoute?: boolean;
  readonly children: ReactNode;
}

/** Saves the shown route (spec 000 §2: after each navigation, except error/unauthorized/portal). */
function useSaveCurrentRoute(enabled: boolean, pathname: string): void {
  const prefs = usePreferencesQuery(false).data;
  const updatePreferences = useUpdatePreferences();
  const saved = prefs?.currentRoute;
  useEffect(() => {
    if (!enabled || saved === pathname) return;
    // Once saved, `saved` equals `pathname` and this effect stops; a failed save is not retried.
    void updatePreferences({ currentRoute: pathname });
  }, [enabled, pathname, saved, updatePreferences]);
}

/**
 * The one route guard: applies {@link decideAccess} with the route's role set. Routes under the
 * session gate find the user loaded; /error loads it itself (its guard is about roles) and is shown
 * when the user cannot be loaded.
 */
export function RouteGuard({ access, roles, saveRoute = false, children }: RouteGuardProps) {
  const location = useLocation();
  const userQuery = useCurrentUserQuery(access === 'errorPage');
  const user = userQuery.data;
  const waiting = access === 'errorPage' && userQuery.isPending && userQuery.fetchStatus !== 'idle';
  const decision = decideAccess(toRouteUser(user), access, roles);
  useSaveCurrentRoute(decision.allow && saveRoute && user !== undefined, normalizePath(location.pathname));
  if (waiting) return <FullPageLoader />;
  if (!decision.allow) return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
