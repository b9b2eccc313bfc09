/**
 * Role-matrix examples of the organisations calls (see ../catalogue-examples.ts for what an example is).
 */
import type { organisationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const ORGANISATIONS_EXAMPLES: { [K in keyof typeof organisationEndpoints]: Example<K> } = {
  searchOrganisations: { input: () => ({ query: {} }) },
  createOrganisation: { input: (_r, w) => ({ body: { name: `Matrix-Org-${slug(w.role)}`, maxUsers: 5 } }) },
  getOrganisation: { input: (r) => ({ params: { id: r.organisation } }) },
  updateOrganisation: { input: (r) => ({ params: { id: r.organisation }, body: { maxUsers: 10 } }) },
  deleteOrganisation: { input: (r) => ({ params: { id: r.deleteOrganisation } }) },
  searchOrganisationInventories: { input: (r) => ({ query: { organisationId: r.organisation } }) },
  addOrganisationInventory: { input: (r) => ({ params: { id: r.organisation }, body: { inventoryId: r.extraInventory } }) },
  // The role's organisation starts with the shared inventory (set up by the matrix).
  removeOrganisationInventory: { input: (r) => ({ params: { id: r.organisation, inventoryId: r.inventory } }) },
};
