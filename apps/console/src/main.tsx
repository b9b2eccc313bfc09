import './csp';
import '@mantine/core/styles.css';
import './colorScheme.css';
import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppBody, AppTheme } from './App';
import { FrameLoader } from './components/FrameLoader';
import { FullPageLoader } from './components/FullPageLoader';
import { loadRuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
import { initI18n } from './i18n';
import { createQueryClient } from './queryClient';
import { createAppRouter, needsSession, preloadRoute } from './Router';
import { prefetchSession } from './session/hooks';
import { installUnauthorizedRedirect } from './session/unauthorized';

/** Resolves once the browser has painted what is on the page now (the next frame, then its task). */
function afterNextPaint(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}

async function boot(): Promise<void> {
  const pathname = window.location.pathname.slice(import.meta.env.BASE_URL.length - 1);
  const i18n = await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The frame's loader shows first, with nothing else on the phone's network meanwhile; then the runtime
  // configuration, the session and the page's files load.
  const root = createRoot(container);
  const session = needsSession(pathname);
  flushSync(() =>
    root.render(
      <StrictMode>
        <AppTheme i18n={i18n}>{session ? <FrameLoader pathname={pathname} /> : <FullPageLoader />}</AppTheme>
      </StrictMode>,
    ),
  );
  await afterNextPaint();
  preloadRoute(pathname);
  setRuntimeConfig(await loadRuntimeConfig(import.meta.env.BASE_URL));
  const queryClient = createQueryClient();
  const router = createAppRouter();
  installUnauthorizedRedirect(router);
  if (session) prefetchSession(queryClient);
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
}

void boot();
