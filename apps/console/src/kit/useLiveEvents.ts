/**
 * A part's caches kept current from /ws: `apply` gets the query client and every realtime event
 * while the part is mounted (it patches by the one version rule of kit/cache, or marks reads stale).
 * The subscription is made once; each event reaches the `apply` of the latest render, so it may read
 * the part's props and state (a unit's id, a setter).
 */
import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EndpointId, RealtimeEvent } from '@fleet/contracts';
import { useRealtime } from '../realtime/RealtimeProvider';
import { invalidateReads } from '../realtime/systemEntities';

export type LiveApply = (queryClient: QueryClient, event: RealtimeEvent) => void;

export function useLiveEvents(apply: LiveApply): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const onEvent = useEffectEvent((event: RealtimeEvent) => apply(queryClient, event));
  useEffect(() => subscribe((event) => onEvent(event)), [subscribe]);
}

/** Each realtime event makes the reads `staleOn` names stale (read again where cached). */
export function useStaleReads(staleOn: (event: RealtimeEvent) => readonly EndpointId[]): void {
  useLiveEvents((queryClient, event) => invalidateReads(queryClient, staleOn(event)));
}
