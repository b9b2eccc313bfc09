/** What's new entries and system messages, read again on their events (registered in src/live/). */
import { onEach, reread } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';

const WHATS_NEW_READS = ['listWhatsNew', 'listAdminWhatsNew', 'getWhatsNew'] as const;
export const SYSTEM_MESSAGE_READS = ['listSystemMessages', 'getSystemMessage'] as const;

export const whatsNewLive: LiveResource = {
  resource: 'whatsNew',
  events: {
    ...onEach(['whatsNew.changed', 'whatsNew.removed'] as const, { rereads: WHATS_NEW_READS, apply: reread(WHATS_NEW_READS) }),
    ...onEach(['notification', 'notification.removed'] as const, { rereads: SYSTEM_MESSAGE_READS, apply: reread(SYSTEM_MESSAGE_READS) }),
  },
};
