/**
 * Role-matrix examples of the guest invitations (see ../catalogue-examples.ts for what an example is).
 */
import type { invitationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const INVITATIONS_EXAMPLES: { [K in keyof typeof invitationEndpoints]: Example<K> } = {
  createGroupInvitation: {
    input: (r, w) => ({ params: { id: r.group }, body: { deviceName: `Matrix-Guest-${w.role}`, email: 'guest@example.com', period: '1d' } }),
  },
  sendGroupInvitationEmail: { input: (r) => ({ params: { id: r.group }, body: { invitationId: r.invitation, email: 'guest@example.com' } }) },
  sendGroupInvitationSms: { input: (r) => ({ params: { id: r.group }, body: { invitationId: r.invitation, phone: '4420794600' } }) },
  // The group's invitation settings: one row every role shares (read-then-write of its version), so roles take turns.
  getGroupAdhocSettings: { input: (r) => ({ params: { groupId: r.group } }) },
  updateGroupAdhocSettings: {
    input: async (r, w) => ({ params: { groupId: r.group }, body: { mode: 'ADHOC_SMART', period: '3d', version: await w.groupVersion(r.group) } }),
    exclusive: true,
  },
  getGroupPermanentSettings: { input: (r) => ({ params: { id: r.group } }) },
  updateGroupPermanentSettings: {
    input: async (r, w) => ({ params: { id: r.group }, body: { regenerate: 'weekly', resetKey: true, version: await w.groupVersion(r.group) } }),
    exclusive: true,
  },
  getGroupUnitExpiration: { input: (r) => ({ params: { id: r.group, unitId: r.unit } }) },
  // Cleared (permanent membership): what the role's unit is in every other row.
  updateGroupUnitExpiration: { input: (r) => ({ params: { id: r.group, unitId: r.unit }, body: { period: null } }) },
  // Each role's device joins under a name of its own (the code stays open: a permanent key).
  joinGroupWithCode: { input: async (_r, w) => ({ body: { code: await w.joinCode(), deviceName: `Matrix-Join-${w.role}`, productType: 'LU-Smart' } }) },
};
