/**
 * The route table (spec 000 §2, 001 §2) as React Router routes. The paths, guards and saved-route
 * flags come from routing/routes.ts; every page is its own lazy chunk.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { FullPageLoader } from './components/FullPageLoader';
import { RouteGuard } from './routing/RouteGuard';
import { LIST_PATH, ROUTES } from './routing/routes';
import type { AppRoute, PageKey } from './routing/routes';
import type { PageProps } from './pages/types';

/** The page of each `PageKey` of routing/routes.ts (the compiler holds this map to that list). */
export const PAGES = {
  login: lazy(() => import('./features/auth/Login.page')),
  error: lazy(() => import('./pages/Error.page')),
  unauthorized: lazy(() => import('./pages/UnauthorizedUser.page')),
  customerPortal: lazy(() => import('./pages/CustomerPortal.page')),
  easyLive: lazy(() => import('./pages/EasyLive.page')),
  unitList: lazy(() => import('./features/units/UnitList.page')),
  multiview: lazy(() => import('./features/multiview/Multiview.page')),
  map: lazy(() => import('./features/map/Map.page')),
  fileUpload: lazy(() => import('./features/file-upload/FileUpload.page')),
  files: lazy(() => import('./features/files/Files.page')),
  stories: lazy(() => import('./features/stories/Stories.page')),
  channels: lazy(() => import('./features/channels/Channels.page')),
  devices: lazy(() => import('./features/devices/Devices.page')),
  videoReturn: lazy(() => import('./features/video-return/VideoReturn.page')),
  users: lazy(() => import('./features/users/Users.page')),
  groups: lazy(() => import('./features/groups/Groups.page')),
  audioRooms: lazy(() => import('./features/audio-rooms/AudioRooms.page')),
  myGraphics: lazy(() => import('./features/graphics/MyGraphics.page')),
  section: lazy(() => import('./pages/Section.page')),
  remoteActions: lazy(() => import('./pages/RemoteActions.page')),
  publishers: lazy(() => import('./features/shares/Publishers.page')),
  subscribers: lazy(() => import('./features/shares/Subscribers.page')),
  usageProfiles: lazy(() => import('./features/usage-profiles/UsageProfiles.page')),
  reports: lazy(() => import('./features/reports/Reports.page')),
  inventoryServices: lazy(() => import('./features/managed-services/InventoryServices.page')),
  unitLicenseActivation: lazy(() => import('./features/licence-activation/UnitLicenseActivation.page')),
  swVersion: lazy(() => import('./features/software-versions/SoftwareVersions.page')),
  batchUpgrade: lazy(() => import('./features/batch-upgrade/BatchUpgrade.page')),
  accessApprovals: lazy(() => import('./features/access-approvals/AccessApprovals.page')),
  whatsNew: lazy(() => import('./features/whats-new/WhatsNew.page')),
  passwordChange: lazy(() => import('./features/account/PasswordChange.page')),
  limitedAccess: lazy(() => import('./pages/LimitedAccess.page')),
  simulator: lazy(() => import('./features/simulator/Simulator.page')),
} satisfies Record<PageKey, ComponentType<PageProps>>;

const SessionGate = lazy(() => import('./session/SessionGate'));
const AppLayout = lazy(() => import('./shell/AppLayout'));

function element(route: AppRoute): ReactNode {
  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  const Page = PAGES[route.page];
  return (
    <RouteGuard access={route.access} roles={route.roles} saveRoute={route.saveRoute}>
      <Page route={route} />
    </RouteGuard>
  );
}

/** Routes under home use paths relative to `/`; sections use their `:kind` child path. */
function toRouteObject(route: AppRoute, relative: boolean): RouteObject {
  const path = relative ? route.path.replace(/^\//, '') : route.path;
  return { path, element: element(route) };
}

function isTopLevel(route: AppRoute): boolean {
  return route.kind === 'page' && route.access !== 'console';
}

const withoutSession = ROUTES.filter(
  (route) => route.kind === 'page' && (route.access === 'public' || route.access === 'open' || route.access === 'errorPage'),
);
const sessionTopLevel = ROUTES.filter((route) => isTopLevel(route) && !withoutSession.includes(route));
const consoleRoutes = ROUTES.filter((route) => !isTopLevel(route) && route.path !== '/');

export const routeObjects: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      ...withoutSession.map((route) => toRouteObject(route, false)),
      {
        element: <SessionGate />,
        children: [
          ...sessionTopLevel.map((route) => toRouteObject(route, false)),
          {
            path: '/',
            element: (
              <RouteGuard access="console">
                <AppLayout />
              </RouteGuard>
            ),
            children: [
              { index: true, element: <Navigate to={LIST_PATH} replace /> },
              ...consoleRoutes.map((route) => toRouteObject(route, true)),
              // Spec: unknown paths redirect to the unit list.
              { path: '*', element: <Navigate to={LIST_PATH} replace /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const base = import.meta.env.BASE_URL;
  return createBrowserRouter(routeObjects, base === '/' ? {} : { basename: base.replace(/\/$/, '') });
}
