/**
 * The contractor entities lists follow realtime events by reading again (registered in src/live/):
 * the lists the event touches (entitiesLive), at most once per LIVE_REFRESH_MS however many events
 * come (statuses flap), and only when cached.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointId, RealtimeEvent } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { onEach } from '../../realtime/liveRegistry';
import type { LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { invalidateReads } from '../../realtime/systemEntities';
import { LIVE_REFRESH_MS, staleContractorReads } from './entitiesLive';

/** The contractor lists waiting for their throttled reread, per query client. */
const contractorPending = new WeakMap<QueryClient, Set<EndpointId>>();

export function rereadContractorLists({ queryClient }: LiveContext, event: RealtimeEvent): void {
  let pending = contractorPending.get(queryClient);
  if (pending === undefined) contractorPending.set(queryClient, (pending = new Set()));
  for (const id of staleContractorReads(event)) {
    if (pending.has(id) || queryClient.getQueryCache().findAll({ queryKey: endpointPrefix(id) }).length === 0) continue;
    const waiting = pending;
    waiting.add(id);
    setTimeout(() => {
      waiting.delete(id);
      invalidateReads(queryClient, [id]);
    }, LIVE_REFRESH_MS);
  }
}

const KINDS = [
  'unit.status',
  'unit.updated',
  'device.added',
  'device.removed',
  'channel.status',
  'server.status',
  'vrChannel.status',
  'channel.changed',
  'channel.removed',
  'server.changed',
  'vrChannel.changed',
  'vrChannel.removed',
  'systemDevice.changed',
  'systemEntities.changed',
] as const;

export const contractorListsLive: LiveResource = {
  resource: 'contractorLists',
  events: onEach(KINDS, { screens: 'the contractor lists the event touches, read again (throttled)', apply: rereadContractorLists }),
};
