/**
 * Events applied to the cached REST answers through the one event table (eventTable.ts). Its patches
 * import much of the features' logic (and the contract schemas behind it): RealtimeProvider loads
 * this module when the first event arrives, not with the console's frame (its own file,
 * scripts/chunks.ts).
 */
import { notifyManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@fleet/contracts';
import { applyBatched, applyEvent, isBatchedEvent } from './eventTable';
import { unitName } from './unitName';

export { applyBatched, isBatchedEvent };

/**
 * Applies events (in order) to the cached REST answers in place. The unit lists and the map's markers
 * are patched once for all the events (one copy), and React Query tells its observers once.
 */
export function applyRealtimeEvents(queryClient: QueryClient, events: readonly RealtimeEvent[]): void {
  notifyManager.batch(() => {
    applyBatched(queryClient, events.filter(isBatchedEvent));
    applyToOtherQueries(queryClient, events);
  });
}

/** The events' changes to the cached answers other than the unit lists (units named from `names`' lists). */
export function applyToOtherQueries(queryClient: QueryClient, events: readonly RealtimeEvent[], names: QueryClient = queryClient): void {
  const ctx = { queryClient, unitName: (id: string) => unitName(names, id) };
  for (const event of events) applyEvent(ctx, event);
}

/** Applies one event to the cached REST answers (see {@link applyRealtimeEvents}). */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  applyRealtimeEvents(queryClient, [event]);
}
