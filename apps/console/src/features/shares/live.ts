/** Publishers, subscribers and folders are read again on their events (registered in src/live/). */
import type { EndpointId, RealtimeEvent } from '@fleet/contracts';
import { onEach, rereadBy } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';

/** A publisher's change: the publishers; a subscriber's or a folder's: the subscribers and folders. */
export const shareReads = (event: RealtimeEvent): readonly EndpointId[] =>
  (event.type === 'share.changed' || event.type === 'share.removed') && event.kind === 'publisher'
    ? ['listPublishers']
    : ['listSubscriberFolders', 'listSubscribers'];

export const sharesLive: LiveResource = {
  resource: 'shares',
  events: onEach(['share.changed', 'share.removed'] as const, {
    rereads: ['listPublishers', 'listSubscriberFolders', 'listSubscribers'],
    apply: rereadBy(shareReads),
  }),
};
