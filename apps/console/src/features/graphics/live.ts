/** An inventory's graphics reads, read again when a composition or its graphics service changes (registered in src/live/). */
import type { RealtimeEvent } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import type { LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { staleGraphicsReads } from './graphicsState';

function rereadGraphics({ queryClient }: LiveContext, event: RealtimeEvent): void {
  const stale = staleGraphicsReads(event);
  if (stale === null) return;
  for (const read of stale.reads) void queryClient.invalidateQueries({ queryKey: endpointKey(read, { params: { id: stale.inventoryId } }) });
}

const GRAPHICS_READS = ['listMyGraphics', 'getGraphicsPermissions', 'listGraphicsTemplates'] as const;

export const graphicsLive: LiveResource = {
  resource: 'graphics',
  events: {
    'graphics.changed': { rereads: GRAPHICS_READS, apply: rereadGraphics },
    'managedService.changed': { rereads: GRAPHICS_READS, apply: rereadGraphics },
  },
};
