import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/ApiError';

/** Client errors (4xx) are answers, not accidents: they are not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Lists stay current through realtime events, not window-focus refetches.
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
