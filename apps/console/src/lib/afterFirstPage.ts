/**
 * Resolves once the first page has drawn with its data and the browser is idle: a second after the
 * console's first reads after start-up are over (no read in flight after one ended), or after
 * `FALLBACK_MS` for a page that reads nothing. For what a person does not wait for on the first page (the other pages'
 * texts, the view of a failed region): loaded then, it does not compete with the page's own files and
 * answers on a phone's network. One promise for the whole page.
 */
import type { QueryClient } from '@tanstack/react-query';

const FALLBACK_MS = 10_000;
const QUIET_MS = 1000;

let settle: () => void = () => undefined;
const settled = new Promise<void>((done) => {
  settle = done;
});

export function afterFirstPage(): Promise<void> {
  return settled;
}

/** Watches `queryClient` from the console's first render on (main.tsx). */
export function watchFirstPage(queryClient: QueryClient): void {
  let ended = false;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    unsubscribe();
    window.clearTimeout(fallback);
    // The page draws what its reads brought in passes of its own (a deferred list, a map's layers): a quiet second more.
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => settle(), { timeout: 2000 });
      else settle();
    }, QUIET_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error')) ended = true;
    // After the cache's own bookkeeping of this event.
    if (ended) queueMicrotask(() => queryClient.isFetching() === 0 && finish());
  });
  const fallback = window.setTimeout(finish, FALLBACK_MS);
}
