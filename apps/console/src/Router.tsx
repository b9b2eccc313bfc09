/**
 * The route table (spec 000 §2, 001 §2) as React Router routes. The paths, guards and saved-route
 * flags come from routing/routes.ts; every page is its own lazy chunk.
 */
import { Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { RoutedFrameLoader } from './components/FrameLoader';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './components/PageTitle';
import { RegionBoundary } from './components/RegionBoundary';
import { RouteError } from './components/RouteError';
import { consoleBase, routerBasename } from './config/base';
import { FullPageLoader } from './components/FullPageLoader';
import { preloadableLazy } from './lib/preloadableLazy';
import { moreTexts } from './i18n';
import type { PreloadableLazy } from './lib/preloadableLazy';
import { RouteGuard } from './routing/RouteGuard';
import { LIST_PATH, matchRoute, ROUTES } from './routing/routes';
import type { AppRoute, PageKey, PageRoute } from './routing/routes';
import type { PageProps } from './pages/types';

/** The module of each `PageKey` of routing/routes.ts (the compiler holds this map to that list). */
const PAGE_MODULES = {
  login: () => import('./features/auth/Login.page'),
  error: () => import('./pages/Error.page'),
  unauthorized: () => import('./pages/UnauthorizedUser.page'),
  customerPortal: () => import('./pages/CustomerPortal.page'),
  easyLive: () => import('./pages/EasyLive.page'),
  unitList: () => import('./features/units/UnitList.page'),
  multiview: () => import('./features/multiview/Multiview.page'),
  map: () => import('./features/map/Map.page'),
  fileUpload: () => import('./features/file-upload/FileUpload.page'),
  files: () => import('./features/files/Files.page'),
  stories: () => import('./features/stories/Stories.page'),
  channels: () => import('./features/channels/Channels.page'),
  devices: () => import('./features/devices/Devices.page'),
  videoReturn: () => import('./features/video-return/VideoReturn.page'),
  users: () => import('./features/users/Users.page'),
  groups: () => import('./features/groups/Groups.page'),
  audioRooms: () => import('./features/audio-rooms/AudioRooms.page'),
  myGraphics: () => import('./features/graphics/MyGraphics.page'),
  section: () => import('./pages/Section.page'),
  remoteActions: () => import('./pages/RemoteActions.page'),
  publishers: () => import('./features/shares/Publishers.page'),
  subscribers: () => import('./features/shares/Subscribers.page'),
  usageProfiles: () => import('./features/usage-profiles/UsageProfiles.page'),
  reports: () => import('./features/reports/Reports.page'),
  inventoryServices: () => import('./features/managed-services/InventoryServices.page'),
  unitLicenseActivation: () => import('./features/licence-activation/UnitLicenseActivation.page'),
  swVersion: () => import('./features/software-versions/SoftwareVersions.page'),
  batchUpgrade: () => import('./features/batch-upgrade/BatchUpgrade.page'),
  accessApprovals: () => import('./features/access-approvals/AccessApprovals.page'),
  whatsNew: () => import('./features/whats-new/WhatsNew.page'),
  passwordChange: () => import('./features/account/PasswordChange.page'),
  limitedAccess: () => import('./pages/LimitedAccess.page'),
  simulator: () => import('./features/simulator/Simulator.page'),
} satisfies Record<PageKey, () => Promise<{ default: ComponentType<PageProps> }>>;

/**
 * The first pages: what most people open first (signing in, the unit list and the map, and the pages the
 * session gate sends to). Their texts are bundled with the entry (i18n/resources.ts); every other page
 * loads with the rest of the English texts (i18n `moreTexts`).
 */
export const FIRST_PAGES: readonly PageKey[] = ['login', 'error', 'unauthorized', 'customerPortal', 'unitList', 'map', 'limitedAccess'];

const PAGE_CHUNKS = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([key, load]) => [
    key,
    preloadableLazy<PageProps>(FIRST_PAGES.includes(key as PageKey) ? load : () => Promise.all([load(), moreTexts()]).then(([module]) => module)),
  ]),
) as Record<PageKey, PreloadableLazy<PageProps>>;

/** The page of each `PageKey` of routing/routes.ts (the compiler holds this map to that list). */
export const PAGES = Object.fromEntries(Object.entries(PAGE_CHUNKS).map(([key, chunk]) => [key, chunk.Component])) as Record<
  PageKey,
  LazyExoticComponent<ComponentType<PageProps>>
>;

const SESSION_GATE = preloadableLazy(() => import('./session/SessionGate'));
const APP_LAYOUT = preloadableLazy(() => import('./shell/AppLayout'));
const SessionGate = SESSION_GATE.Component;
const AppLayout = APP_LAYOUT.Component;

function pageRoute(pathname: string): PageRoute | null {
  const match = matchRoute(pathname);
  return match?.route.kind === 'page' ? match.route : null;
}

/** Whether the page at `pathname` shows only once the current user is known (behind the session gate). */
export function needsSession(pathname: string): boolean {
  const route = pageRoute(pathname);
  return !route || !withoutSession.includes(route);
}

/** While a top-level route's code loads: the frame's loader on a page of the console, else a plain one. */
function RouteLoader() {
  return needsSession(useLocation().pathname) ? <RoutedFrameLoader /> : <FullPageLoader />;
}

/**
 * Starts loading the code of the page at `pathname` (with the session gate and the console's frame for
 * a signed-in page) at once, while the configuration and the session load, instead of one after the
 * other as each renders. Resolves when every load has settled: the routes rendered after that do not
 * suspend (no fallback is committed, so React does not hold the page's reveal for its fallback's
 * minimum time, 300 ms).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = pageRoute(pathname);
  const loads: Promise<unknown>[] = route ? [PAGE_CHUNKS[route.page].preload()] : [];
  if (needsSession(pathname)) loads.push(SESSION_GATE.preload());
  // Unknown paths and `/` end on the unit list, inside the frame.
  if (!route || route.access === 'console') loads.push(APP_LAYOUT.preload());
  // A failed load shows when the route renders (its lazy component retries the import).
  await Promise.allSettled(loads);
}

/**
 * What the route table renders inside its guards: the console's frame (around the pages under home)
 * and each page. The app's are the lazy chunks above; a test of the guards alone may put stand-ins in
 * their place.
 */
export interface RouteViews {
  readonly layout: ComponentType;
  readonly pages: Record<PageKey, ComponentType<PageProps>>;
}

/** A page's title above what failed in it: the page keeps its heading. */
function RouteTitle({ route }: { readonly route: PageRoute }) {
  const { t } = useTranslation();
  return <PageTitle title={t(`routes.${route.id}`)} />;
}

/** A page is a region of its own: what fails in it shows in its place, the frame and the menu stay (a new address draws it anew). */
function PageRegion({ route, children }: { readonly route: PageRoute; readonly children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RegionBoundary kind="page" standalone resetKeys={[pathname]} heading={<RouteTitle route={route} />}>
      {children}
    </RegionBoundary>
  );
}

function element(route: AppRoute, views: RouteViews): ReactNode {
  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  const Page = views.pages[route.page];
  return (
    <PageRegion route={route}>
      <RouteGuard access={route.access} roles={route.roles} saveRoute={route.saveRoute}>
        <Page route={route} />
      </RouteGuard>
    </PageRegion>
  );
}

/** Every route has an error element: React Router's own error page never shows (a page's error shows inside the frame). */
const inFrameError = <RouteError />;
const standaloneError = <RouteError standalone />;

/** Routes under home use paths relative to `/`; sections use their `:kind` child path. */
function toRouteObject(route: AppRoute, relative: boolean, views: RouteViews): RouteObject {
  const path = relative ? route.path.replace(/^\//, '') : route.path;
  return { path, element: element(route, views), errorElement: relative ? inFrameError : standaloneError };
}

function isTopLevel(route: AppRoute): boolean {
  return route.kind === 'page' && route.access !== 'console';
}

const withoutSession = ROUTES.filter(
  (route) => route.kind === 'page' && (route.access === 'public' || route.access === 'open' || route.access === 'errorPage'),
);
const sessionTopLevel = ROUTES.filter((route) => isTopLevel(route) && !withoutSession.includes(route));
const consoleRoutes = ROUTES.filter((route) => !isTopLevel(route) && route.path !== '/');

/** The route table with the given frame and pages (the app's own: {@link routeObjects}). */
export function buildRouteObjects(views: RouteViews = { layout: AppLayout, pages: PAGES }): RouteObject[] {
  const Layout = views.layout;
  return [
    {
      element: (
        <Suspense fallback={<RouteLoader />}>
          <Outlet />
        </Suspense>
      ),
      errorElement: standaloneError,
      children: [
        ...withoutSession.map((route) => toRouteObject(route, false, views)),
        {
          element: <SessionGate />,
          errorElement: standaloneError,
          children: [
            ...sessionTopLevel.map((route) => toRouteObject(route, false, views)),
            {
              path: '/',
              element: (
                <RouteGuard access="console">
                  <Layout />
                </RouteGuard>
              ),
              errorElement: standaloneError,
              children: [
                { index: true, element: <Navigate to={LIST_PATH} replace />, errorElement: inFrameError },
                ...consoleRoutes.map((route) => toRouteObject(route, true, views)),
                // Spec: unknown paths redirect to the unit list.
                { path: '*', element: <Navigate to={LIST_PATH} replace />, errorElement: inFrameError },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const routeObjects: RouteObject[] = buildRouteObjects();

/** The browser's router under the console's base (config/base.ts: the page's `<base href>`). */
export function createAppRouter(base: string = consoleBase()) {
  const basename = routerBasename(base);
  return createBrowserRouter(routeObjects, basename === undefined ? {} : { basename });
}
