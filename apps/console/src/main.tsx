import './csp';
import '@mantine/core/styles.css';
import './colorScheme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
import { initI18n } from './i18n';
import { createQueryClient } from './queryClient';
import { createAppRouter, needsSession, preloadRoute } from './Router';
import { prefetchSession } from './session/hooks';
import { installUnauthorizedRedirect } from './session/unauthorized';

async function boot(): Promise<void> {
  const pathname = window.location.pathname.slice(import.meta.env.BASE_URL.length - 1);
  preloadRoute(pathname);
  const [config, i18n] = await Promise.all([loadRuntimeConfig(import.meta.env.BASE_URL), initI18n()]);
  setRuntimeConfig(config);
  const queryClient = createQueryClient();
  const router = createAppRouter();
  installUnauthorizedRedirect(router);
  if (needsSession(pathname)) prefetchSession(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void boot();
