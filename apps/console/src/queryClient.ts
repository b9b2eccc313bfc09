import { QueryClient } from '@tanstack/react-query';
import type { RefetchOptions, RefetchQueryFilters } from '@tanstack/react-query';
import { isApiError } from './api/ApiError';

/** Client errors (4xx) are answers, not accidents: they are not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A read again is sent again. TanStack Query cancels a read on its way before reading again only
 * when the query already holds an answer; a first read on its way is joined instead, so a change
 * made after it was sent (an event's, or the person's own save) would stay unseen until the next
 * change. Here such a read is cancelled too (silently, as TanStack cancels the others), so
 * `invalidateQueries` and `refetchQueries` always answer with what the server holds after the call.
 */
export class ConsoleQueryClient extends QueryClient {
  override refetchQueries(filters?: RefetchQueryFilters, options?: RefetchOptions): Promise<void> {
    if (options?.cancelRefetch !== false) {
      for (const query of this.getQueryCache().findAll(filters)) {
        if (query.state.fetchStatus === 'fetching' && query.state.data === undefined && !query.isDisabled() && !query.isStatic()) {
          void query.cancel({ silent: true });
        }
      }
    }
    return super.refetchQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new ConsoleQueryClient({
    defaultOptions: {
      // Lists stay current through realtime events, not window-focus refetches.
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
