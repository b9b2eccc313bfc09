/** Access approvals, read again on their events (registered in src/live/). */
import { reread } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';

const APPROVAL_READS = ['listAccessApprovals', 'getAccessApproval'] as const;

export const accessApprovalsLive: LiveResource = {
  resource: 'accessApprovals',
  events: { 'accessApproval.changed': { rereads: APPROVAL_READS, apply: reread(APPROVAL_READS) } },
};
