import './csp';
import '@mantine/core/styles.css';
import './colorScheme.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppBody, AppTheme } from './App';
import { FrameLoader } from './components/FrameLoader';
import { FullPageLoader } from './components/FullPageLoader';
import { consoleBase, pathInConsole } from './config/base';
import { loadRuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
import { initI18n, moreTexts } from './i18n';
import { afterFirstPage, watchFirstPage } from './lib/afterFirstPage';
import { createQueryClient } from './queryClient';
import { createAppRouter, needsSession, preloadRoute } from './Router';
import { prefetchSession } from './session/hooks';
import { installUnauthorizedRedirect } from './session/unauthorized';

/** Resolves in a task of its own. */
const nextTask = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

/** Resolves once the browser has painted what is on the page now (the next frame, then its task). */
function afterNextPaint(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => void nextTask().then(done)));
}

async function boot(): Promise<void> {
  // The base comes from the page (<base href>, written by the core), not the build: one build serves
  // the root and every sandbox's /sandboxes/<id>/.
  const base = consoleBase();
  const pathname = pathInConsole(window.location.pathname, base);
  const i18n = await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The frame's loader shows first, with nothing else on the phone's network meanwhile; then the runtime
  // configuration, the session and the page's files load.
  // An error React recovered from by itself (a render that failed in a transition and drew again at once: what
  // failed then shows in its region's place) is logged, not reported to the page as an uncaught error.
  const root = createRoot(container, {
    onRecoverableError: (error, info) => console.warn('React recovered from an error', error, info.componentStack),
  });
  const session = needsSession(pathname);
  root.render(
    <StrictMode>
      <AppTheme i18n={i18n}>{session ? <FrameLoader pathname={pathname} /> : <FullPageLoader />}</AppTheme>
    </StrictMode>,
  );
  // Each step below is a task of its own, so a phone's main thread is not held long at once.
  await afterNextPaint();
  const configLoad = loadRuntimeConfig(base);
  await nextTask();
  const routeLoad = preloadRoute(pathname);
  setRuntimeConfig(await configLoad);
  const queryClient = createQueryClient();
  if (session) prefetchSession(queryClient);
  await nextTask();
  const router = createAppRouter(base);
  installUnauthorizedRedirect(router);
  // The first route's code is there before the console renders: nothing on the way suspends.
  await routeLoad;
  // In a transition: the console's first render yields to the browser between components (the frame's
  // loader stays on screen meanwhile), so a phone's main thread is not held for the whole tree at once.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppTheme i18n={i18n}>
          <AppBody queryClient={queryClient} router={router} />
        </AppTheme>
      </StrictMode>,
    ),
  );
  // The English texts of the other pages, once the first page is there (a page or part opened before
  // that loads them itself, lib/lazy.ts).
  watchFirstPage(queryClient);
  void afterFirstPage().then(() => moreTexts().catch(() => undefined));
}

void boot();
