/** The remote action history pages and an opened action, read again on their events (registered in src/live/). */
import { reread } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';

const REMOTE_ACTION_READS = ['listRemoteActions', 'getRemoteAction'] as const;

export const remoteActionsLive: LiveResource = {
  resource: 'remoteActions',
  events: { 'remoteAction.changed': { rereads: REMOTE_ACTION_READS, apply: reread(REMOTE_ACTION_READS) } },
};
