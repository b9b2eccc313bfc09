/** What realtime events change in a group's video return channels (registered in src/live/). */
import type { LiveResource } from '../../realtime/liveRegistry';
import { applyToVrCaches } from './vrCache';

export const vrChannelsLive: LiveResource = {
  resource: 'vrChannels',
  events: {
    'vrChannel.status': { patches: ['listGroupVrChannels'], apply: (ctx, event) => applyToVrCaches(ctx.queryClient, event) },
    'vrChannel.changed': { patches: ['listGroupVrChannels'], apply: (ctx, event) => applyToVrCaches(ctx.queryClient, event) },
    'vrChannel.removed': { patches: ['listGroupVrChannels'], apply: (ctx, event) => applyToVrCaches(ctx.queryClient, event) },
  },
};
