/**
 * Role-matrix examples of the access approvals calls (see ../catalogue-examples.ts for what an example is).
 */
import type { accessApprovalEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const ACCESS_APPROVALS_EXAMPLES: { [K in keyof typeof accessApprovalEndpoints]: Example<K> } = {
  listAccessApprovals: { input: () => ({ query: { status: 'active' } }) },
  getAccessApproval: { input: (r) => ({ params: { id: r.accessApproval } }) },
  revokeAccessApproval: { input: (r) => ({ params: { id: r.revokeAccessApproval }, body: {} }) },
  useAccessApproval: { input: (r) => ({ params: { id: r.accessApproval }, body: {} }) },
};
