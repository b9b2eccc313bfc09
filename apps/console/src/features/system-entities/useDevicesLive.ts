/**
 * Keeps the system entities lists of servers, channels, video return channels and databridge
 * gateways current from /ws: an event makes the kind's cached admin reads read again (the lists
 * are server-sorted and paged, so a changed row may move to another page). Servers and gateways
 * are announced as `systemDevice.changed` on every inventory's topics, so every admin console
 * hears them; channels and video return channels on their own topics (the lists also read again
 * every `LIVE_FALLBACK_MS`, for inventories the admin does not follow).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointId, RealtimeEvent } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';

/** Which reads an event makes stale (exported for its test). */
export function staleDeviceReads(event: RealtimeEvent): readonly EndpointId[] {
  switch (event.type) {
    case 'systemDevice.changed':
      return event.kind === 'server' ? ['searchAdminServers'] : ['searchAdminDbGateways', 'getAdminDbGateway'];
    case 'server.changed':
      return ['searchAdminServers'];
    case 'channel.changed':
    case 'channel.removed':
      return ['searchAdminChannels', 'getAdminChannel', 'getAdminChannelInventories', 'getAdminChannelGroups'];
    case 'vrChannel.changed':
    case 'vrChannel.removed':
      return ['searchAdminVrChannels', 'getAdminVrChannel'];
    default:
      return [];
  }
}

export function useDevicesLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        for (const id of staleDeviceReads(event)) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
      }),
    [subscribe, queryClient],
  );
}
