/**
 * Role-matrix examples of the remote actions calls (see ../catalogue-examples.ts for what an example is).
 */
import type { remoteActionEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const REMOTE_ACTIONS_EXAMPLES: { [K in keyof typeof remoteActionEndpoints]: Example<K> } = {
  listRemoteActions: { input: (r) => ({ query: { deviceId: r.unit } }) },
  // Support access changes nothing on the device (reboot and send logs have their own unit rows).
  createRemoteAction: { input: (r) => ({ body: { deviceType: 'unit', deviceId: r.unit, action: 'supportAccess', reason: 'Role matrix' } }) },
  getRemoteAction: { input: (r) => ({ params: { id: r.remoteAction } }) },
  searchAdminDbGateways: { input: () => ({ query: { searchValue: 'a' } }) },
};
