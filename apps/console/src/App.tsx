import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './Router';
import { SessionProvider } from './session/SessionProvider';
import { ToastProvider } from './toast/ToastProvider';
import { colorSchemeManager } from './colorScheme';
import { theme } from './theme';
import { cssVariablesResolver } from './themeColors';

interface AppProps {
  readonly i18n: I18n;
  readonly queryClient: QueryClient;
  readonly router: ReturnType<typeof createAppRouter>;
}

/** Providers: i18n, Mantine (light or dark as the system or the user says: colorScheme.ts), React Query, session, toasts, router. */
export function App({ i18n, queryClient, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
