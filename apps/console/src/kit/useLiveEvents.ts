/**
 * A screen's own state kept from /ws: `apply` gets the query client and every realtime event while
 * the screen is mounted. For what only the screen holds (a dialog waiting for its own outcome, an
 * upload's progress bars); cached answers are patched and read again by the realtime event table
 * (live/table.ts) alone.
 * The subscription is made once; each event reaches the `apply` of the latest render, so it may read
 * the part's props and state (a unit's id, a setter).
 */
import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@fleet/contracts';
import { useRealtime } from '../realtime/RealtimeProvider';

export type LiveApply = (queryClient: QueryClient, event: RealtimeEvent) => void;

export function useLiveEvents(apply: LiveApply): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const onEvent = useEffectEvent((event: RealtimeEvent) => apply(queryClient, event));
  useEffect(() => subscribe((event) => onEvent(event)), [subscribe]);
}
