/**
 * After a first subscription is acknowledged the console reads its REST answers again (the
 * provider's `onSubscribed`). An event that arrives while one of those reads is on its way is
 * patched into the cached answer, and the read's answer — taken before the change — then replaces
 * the patch: the change would be lost until the next event or a reload. While such a re-read runs,
 * a query patched by hand during its own fetch is read once more when that fetch settles (the new
 * read starts after the event, so after the change was stored). Outside the window nothing is
 * watched: lists patched by frequent events are not read again and again.
 */
import type { Query, QueryClient } from '@tanstack/react-query';

export type RereadGuard = ReturnType<typeof rereadGuard>;

export function rereadGuard(queryClient: QueryClient) {
  let open = 0;
  const patchedWhileFetching = new Set<Query>();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'success' && action.manual === true) {
      if (open > 0 && query.state.fetchStatus === 'fetching') patchedWhileFetching.add(query);
      return;
    }
    if ((action.type === 'success' || action.type === 'error') && patchedWhileFetching.delete(query)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  });
  return {
    /** Watches until the re-read (the promise of its refetches) settles. */
    watch(reread: Promise<unknown>) {
      open += 1;
      const close = () => {
        open -= 1;
      };
      reread.then(close, close);
    },
    stop() {
      unsubscribe();
      patchedWhileFetching.clear();
    },
  };
}
