import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { TranslationProvider } from './i18n/sharedT';
import type { i18n as I18n } from 'i18next';
import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './Router';
import { SessionProvider } from './session/SessionProvider';
import { ToastProvider } from './toast/ToastProvider';
import { colorSchemeManager } from './colorScheme';
import { theme } from './theme';
import { cssVariablesResolver } from './themeColors';

/** The texts and the theme (light or dark as the system or the user says: colorScheme.ts): what the boot's loader needs too. */
export function AppTheme({ i18n, children }: { readonly i18n: I18n; readonly children: ReactNode }) {
  return (
    <TranslationProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        {children}
      </MantineProvider>
    </TranslationProvider>
  );
}

interface AppBodyProps {
  readonly queryClient: QueryClient;
  readonly router: ReturnType<typeof createAppRouter>;
}

/** Inside the theme: React Query, session, toasts, router. */
export function AppBody({ queryClient, router }: AppBodyProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
