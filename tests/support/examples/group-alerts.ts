/**
 * Role-matrix examples of the group alerts calls (see ../catalogue-examples.ts for what an example is).
 * The shared group's configuration is one row every role writes over its version: roles take turns.
 * No recipients: a new one would be sent a verification link each row.
 */
import type { groupAlertEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const GROUP_ALERTS_EXAMPLES: { [K in keyof typeof groupAlertEndpoints]: Example<K> } = {
  getGroupAlertsConfiguration: { input: (r) => ({ params: { id: r.group } }) },
  updateGroupAlertsConfiguration: {
    input: async (r, w) => ({
      params: { id: r.group },
      body: {
        mode: 'manual',
        alerts: { battery: { enabled: true, level: 'critical', thresholds: { warning: 25, critical: 10 } } },
        version: await w.groupAlertsVersion(r.group),
      },
    }),
    exclusive: true,
  },
};
