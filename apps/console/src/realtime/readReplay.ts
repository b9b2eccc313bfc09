/**
 * Live patches that survive the reads they meet. An event patched into a cached answer while that
 * answer is being read again (the re-read after a subscription's acknowledgement, the debounced
 * re-read of the unit lists after `device.added`, a reconnect's refetch, a screen's own refresh) would
 * be lost when the read's answer lands: the server took that answer before the change, and no later
 * event repeats it. So while a read is on its way the events applied meanwhile are kept, and applied
 * again to that read's answer alone when it lands (in a scratch cache holding only it, through the
 * same event table). Patches are field sets under the one version rule (kit/cache `applyVersioned`):
 * applying an event the answer already holds changes nothing, and nothing is read twice, however
 * busy the fleet.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Query, QueryKey } from '@tanstack/react-query';

/** Applies some events (one frame's, in order) to the reads a query client holds. */
export type Application = (queryClient: QueryClient) => void;

export type ReadReplay = ReturnType<typeof readReplay>;

/** `follows`: the reads events patch (the others are not watched). */
export function readReplay(queryClient: QueryClient, follows: (queryKey: QueryKey) => boolean = () => true) {
  /** The number of applications made while a read was on its way (the newest one's). */
  let last = 0;
  const log: { readonly at: number; readonly apply: Application }[] = [];
  /** Each read on its way, with `last` when it started: the applications after that may be missing from its answer. */
  const reading = new Map<Query, number>();

  const forget = () => {
    if (reading.size === 0) {
      log.length = 0;
      return;
    }
    const oldest = Math.min(...reading.values());
    const keep = log.findIndex((entry) => entry.at > oldest);
    log.splice(0, keep === -1 ? log.length : keep);
  };

  const replayOnto = (queryKey: QueryKey, answer: unknown, since: number) => {
    const missed = log.filter((entry) => entry.at > since);
    if (missed.length === 0) return;
    const scratch = new QueryClient();
    scratch.setQueryData(queryKey, answer);
    for (const entry of missed) entry.apply(scratch);
    const patched = scratch.getQueryData(queryKey);
    scratch.clear();
    if (patched !== answer) queryClient.setQueryData(queryKey, patched);
  };

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') {
      if (reading.delete(event.query)) forget();
      return;
    }
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'fetch') {
      if (!follows(query.queryKey)) return;
      // A read that starts again (cancelled and refetched) was sent after what came before.
      reading.set(query, last);
      return;
    }
    if (action.type === 'success' && action.manual !== true) {
      const since = reading.get(query);
      if (since === undefined) return;
      reading.delete(query);
      replayOnto(query.queryKey, query.state.data, since);
      forget();
      return;
    }
    // Failed or cancelled: nothing replaced the patches.
    if (query.state.fetchStatus === 'idle' && reading.delete(query)) forget();
  });

  return {
    /** Applies events to the cache now, and keeps them for the reads on their way. */
    apply(application: Application) {
      application(queryClient);
      if (reading.size === 0) return;
      last += 1;
      log.push({ at: last, apply: application });
    },
    stop() {
      unsubscribe();
      reading.clear();
      log.length = 0;
    },
  };
}
