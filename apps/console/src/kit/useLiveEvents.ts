/**
 * A page's caches kept current from /ws: `apply` gets the query client and every realtime event
 * while the page is mounted (it patches by the one version rule of kit/cache, or marks reads
 * stale). `apply` is a module-level function, so the subscription is made once.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@fleet/contracts';
import { useRealtime } from '../realtime/RealtimeProvider';

export type LiveApply = (queryClient: QueryClient, event: RealtimeEvent) => void;

export function useLiveEvents(apply: LiveApply): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(() => subscribe((event) => apply(queryClient, event)), [subscribe, queryClient, apply]);
}
