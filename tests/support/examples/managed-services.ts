/**
 * Role-matrix examples of the managed services calls (see ../catalogue-examples.ts for what an example is).
 * Each role's admin inventory has a smart_plan trial offered (set up by the role matrix): the trial
 * start and the admin change act on it, so no role stands in another's way.
 */
import type { managedServiceEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const MANAGED_SERVICES_EXAMPLES: { [K in keyof typeof managedServiceEndpoints]: Example<K> } = {
  listManagedServices: { input: (r) => ({ params: { id: r.inventory } }) },
  getServicesStatus: { input: (r) => ({ params: { id: r.inventory } }) },
  startManagedServiceTrial: { input: (r) => ({ body: { inventoryId: r.adminInventory, serviceName: 'smart_plan' } }) },
  listAdminManagedServices: { input: (r) => ({ params: { id: r.inventory } }) },
  updateAdminManagedService: {
    input: (r) => ({ params: { id: r.adminInventory, serviceName: 'go_plan' }, body: { version: 0, usageKind: 'data', quota: 100 } }),
  },
};
