/**
 * Role-matrix examples of the usage profiles calls (see ../catalogue-examples.ts for what an example is).
 */
import type { usageProfileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const USAGE_PROFILES_EXAMPLES: { [K in keyof typeof usageProfileEndpoints]: Example<K> } = {
  listInventoryUsageProfiles: { input: (r) => ({ params: { id: r.inventory }, query: {} }) },
  createUsageProfile: {
    input: (r, w) => ({ params: { id: r.inventory }, body: { name: `Matrix-Usage-${slug(w.role)}`, type: 'hours', quotaPerMonth: 20, resetDay: 31 } }),
  },
  updateUsageProfile: { input: (r) => ({ params: { id: r.usageProfile }, body: { quotaPerMonth: 12 } }) },
  deleteUsageProfile: { input: (r) => ({ params: { id: r.deleteUsageProfile } }) },
  listUnitUsageProfiles: { input: (r) => ({ params: { id: r.inventory } }) },
  // The role's unit onto the role's own profile.
  assignUsageProfile: { input: (r) => ({ params: { id: r.inventory }, body: { usageProfileId: r.usageProfile, unitIds: [r.unit] } }) },
};
