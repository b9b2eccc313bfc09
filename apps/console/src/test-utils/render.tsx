/**
 * The one render helper of the console's component tests: every provider the app has (App.tsx,
 * main.tsx) around the element under test — i18n (English unless `language`), Mantine with the
 * app's theme, a fresh QueryClient without retries, the session (the signed-in user and their
 * preferences, as the session gate leaves them), toasts, a memory router and the realtime provider
 * on a fake /ws server. HTTP goes through the console's real REST client to a fake core
 * (fakeApi.ts) behind `fetch`.
 *
 *   const { api, socket, user } = await renderWithApp(<GroupsPage />, {
 *     roles: ['luc_admin'],
 *     route: '/groups',
 *     api: new FakeApi().on('fetchGroups', [groupRow()]),
 *   });
 */
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { TranslationProvider } from '../i18n/sharedT';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { DEFAULT_USER_PREFERENCES } from '@fleet/contracts';
import type { CurrentUser, Language, Role, UserPreferences } from '@fleet/contracts';
import { setUnauthorizedHandler } from '../api/client';
import { endpointKey } from '../api/hooks';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { changeLanguage, initI18n } from '../i18n';
import { createQueryClient } from '../queryClient';
import { loadLiveTable } from '../live/load';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { RealtimeTransportContext } from '../realtime/transport';
import { useSessionUser } from '../session/hooks';
import { SessionProvider } from '../session/SessionProvider';
import { installUnauthorizedRedirect } from '../session/unauthorized';
import { colorSchemeManager } from '../colorScheme';
import { theme } from '../theme';
import { cssVariablesResolver } from '../themeColors';
import { ToastProvider } from '../toast/ToastProvider';
import { FakeApi, apiError } from './fakeApi';
import { FakeRealtimeServer } from './fakeSocket';
import { makeUser } from './fixtures';

export interface AppRenderOptions {
  /** The signed-in user; `null`: nobody is signed in (GET users/current answers 401). Default: a user holding `roles`. */
  readonly user?: CurrentUser | null;
  /** The roles of the default user (default: luc_admin). */
  readonly roles?: readonly Role[];
  /** The user's saved preferences (default: the spec's defaults). */
  readonly preferences?: UserPreferences;
  /** The interface language (default English). */
  readonly language?: Language;
  /** Where the memory router starts (default `/`); several entries make a history. */
  readonly route?: string | readonly string[];
  /** The route pattern the element is mounted at, for its params (default: every path). */
  readonly path?: string;
  /** The fake core; the session's calls are added to it unless the test answers them itself. */
  readonly api?: FakeApi;
  /** Runtime configuration fields (the defaults otherwise). */
  readonly config?: Partial<RuntimeConfig>;
  /** Mount the realtime provider on the fake /ws (default: when someone is signed in). */
  readonly realtime?: boolean;
  /**
   * Put the user and preferences in the cache before rendering, as the session gate leaves them
   * (default for {@link renderWithApp}); off, the app's session gate loads them from the fake core
   * as on a fresh page load (default for {@link renderRoutes}).
   */
  readonly preload?: boolean;
  /** The fake core acknowledges each subscription at once (default); off, the test does (`socket.acknowledgeNow()`). */
  readonly acknowledge?: boolean;
}

export interface AppRenderResult extends RenderResult {
  readonly api: FakeApi;
  readonly socket: FakeRealtimeServer;
  readonly queryClient: QueryClient;
  readonly router: ReturnType<typeof createMemoryRouter>;
  readonly i18n: I18n;
  /** user-event, set up for this render. */
  readonly user: UserEvent;
  /** The signed-in user (null when nobody is). */
  readonly currentUser: CurrentUser | null;
  /**
   * Waits until nothing is being read and, with the realtime provider, the console's topics are
   * acknowledged (the reads made before that are read again once: the provider's catch-up). Count
   * calls after this to prove that something happened without a read.
   */
  readonly settled: () => Promise<void>;
}

/** Fake cores of the tests still mounted: their contract problems fail the test at clean-up. */
const active: FakeApi[] = [];

/** Called after each test by setup.ts: forgets module state the app keeps and fails on broken fixtures. */
export function resetRenderState(): void {
  setUnauthorizedHandler(null);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  const problems = active.splice(0).flatMap((api) => api.problems);
  if (problems.length > 0) throw new Error(`fake core: ${problems.join('\n')}`);
}

/** A fresh QueryClient as the app makes it, without retries (a failure shows at once). */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { ...client.getDefaultOptions().mutations, retry: false },
  });
  return client;
}

/** The realtime provider for the signed-in user, as the app's layout mounts it. */
function SessionRealtime({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  if (!user) return <>{children}</>;
  return (
    <RealtimeProvider user={user} loadTable={loadLiveTable}>
      {children}
    </RealtimeProvider>
  );
}

/** The session's calls, answered from the given user and preferences unless the test answers them. */
function addSessionCalls(api: FakeApi, user: CurrentUser | null, preferences: UserPreferences): void {
  let saved: UserPreferences = preferences;
  const has = (id: Parameters<FakeApi['calls']>[0]) => api.hasHandler(id);
  if (!has('getCurrentUser')) api.on('getCurrentUser', () => (user === null ? apiError('UNAUTHENTICATED') : user));
  if (!has('getUserPreferences')) api.on('getUserPreferences', () => (user === null ? apiError('UNAUTHENTICATED') : saved));
  if (!has('updateUserPreferences')) {
    api.on('updateUserPreferences', ({ body }) => {
      saved = { ...saved, ...body };
      return saved;
    });
  }
  if (!has('fetchClientNotifications')) api.on('fetchClientNotifications', []);
}

async function setUp(options: AppRenderOptions, preload: boolean) {
  const currentUser = options.user === undefined ? makeUser([...(options.roles ?? ['luc_admin'])]) : options.user;
  const preferences: UserPreferences = options.preferences ?? { ...DEFAULT_USER_PREFERENCES };
  const api = options.api ?? new FakeApi();
  addSessionCalls(api, currentUser, preferences);
  active.push(api);
  // Left in place after the test: what the console sends as it unmounts (a debounced preference
  // save is flushed then) still reaches this test's fake core. The next render puts its own.
  globalThis.fetch = api.fetch;
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, ...options.config });

  const i18n = await initI18n({ allTexts: true });
  if (options.language !== undefined && options.language !== i18n.language) await changeLanguage(i18n, options.language);

  const queryClient = createTestQueryClient();
  if (currentUser !== null && preload) {
    // What the session gate leaves behind: the user and the preferences loaded before any page.
    queryClient.setQueryData(endpointKey('getCurrentUser'), currentUser);
    queryClient.setQueryData(endpointKey('getUserPreferences'), preferences);
  }
  const socket = new FakeRealtimeServer();
  socket.acknowledge = options.acknowledge ?? true;
  return { api, currentUser, i18n, queryClient, socket };
}

/**
 * The app's own providers. Its theme respects reduced motion, which setup.ts makes match: env="test"
 * turns Mantine's transitions off, but a collapsing section (the menu's groups) animates its height
 * unless motion is reduced, and jsdom never ends that transition.
 */
function Providers({ i18n, queryClient, socket, children }: { i18n: I18n; queryClient: QueryClient; socket: FakeRealtimeServer; children: ReactNode }) {
  return (
    <TranslationProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} env="test">
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <ToastProvider>
              <RealtimeTransportContext.Provider value={socket.transport}>{children}</RealtimeTransportContext.Provider>
            </ToastProvider>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </TranslationProvider>
  );
}

async function mount(routes: RouteObject[], options: AppRenderOptions, realtime: boolean, preload: boolean): Promise<AppRenderResult> {
  const context = await setUp(options, preload);
  const entries = options.route === undefined ? ['/'] : typeof options.route === 'string' ? [options.route] : [...options.route];
  const router = createMemoryRouter(routes, { initialEntries: entries });
  installUnauthorizedRedirect(router);
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <Providers i18n={context.i18n} queryClient={context.queryClient} socket={context.socket}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await Promise.resolve();
  });
  if (!result) throw new Error('render did not run');
  const { queryClient, socket } = context;
  const settled = async () => {
    await waitFor(() => {
      if (realtime && socket.acknowledged.size === 0) throw new Error('the console has not subscribed yet');
      if (queryClient.isFetching() > 0 || queryClient.isMutating() > 0) throw new Error('calls are still under way');
    });
  };
  // No pause between keystrokes: a form typed in character by character re-renders once per key anyway.
  return { ...result, ...context, router, settled, user: userEvent.setup({ delay: null }) };
}

/**
 * Renders one element (a page, a modal) inside every provider, at `route`, mounted at `path`. The
 * realtime provider runs on the fake /ws when someone is signed in.
 */
export function renderWithApp(ui: ReactElement, options: AppRenderOptions = {}): Promise<AppRenderResult> {
  const realtime = options.realtime ?? options.user !== null;
  const element = realtime ? <SessionRealtime>{ui}</SessionRealtime> : ui;
  return mount([{ path: options.path ?? '*', element }], options, realtime, options.preload ?? true);
}

/**
 * Renders a route table (e.g. the app's own, Router.tsx `routeObjects`) inside every provider, with
 * the app's 401 redirect installed: guards, redirects and lazy pages run as in the browser.
 */
export function renderRoutes(routes: RouteObject[], options: AppRenderOptions = {}): Promise<AppRenderResult> {
  return mount(routes, options, options.realtime ?? false, options.preload ?? false);
}

/**
 * Replaces a field's text as one paste (one input event): typing a long text key by key re-renders
 * a large form once per character. Use `user.type` where keystrokes matter (Enter, a rule checked
 * as the user types).
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text !== '') await user.paste(text);
}
