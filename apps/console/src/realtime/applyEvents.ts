/**
 * Events applied to the cached REST answers through the live table (liveRegistry.ts: what each
 * resource registered). The unit lists and the map's markers take their events at once (one copy
 * of the lists), the other reads each event in order, and React Query tells its observers once.
 */
import { notifyManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@fleet/contracts';
import type { LiveContext, LiveTable } from './liveRegistry';
import { unitName } from './unitName';

/** The context the table's entries are applied with (units named from `names`' lists). */
export function liveContext(queryClient: QueryClient, names: QueryClient = queryClient): LiveContext {
  return { queryClient, unitName: (id: string) => unitName(names, id) };
}

/** Applies events (in order) to the cached REST answers in place. */
export function applyRealtimeEvents(table: LiveTable, queryClient: QueryClient, events: readonly RealtimeEvent[]): void {
  notifyManager.batch(() => {
    table.applyBatched(queryClient, events.filter(table.isBatched));
    applyToOtherQueries(table, queryClient, events);
  });
}

/** The events' changes to the cached answers other than the batched ones (units named from `names`' lists). */
export function applyToOtherQueries(table: LiveTable, queryClient: QueryClient, events: readonly RealtimeEvent[], names: QueryClient = queryClient): void {
  const ctx = liveContext(queryClient, names);
  for (const event of events) table.apply(ctx, event);
}
