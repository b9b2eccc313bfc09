/**
 * Role-matrix examples of the software versions calls (see ../catalogue-examples.ts for what an example is).
 */
import { ROLES, type Role, type softwareVersionEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

/** A number of the role's own (4.<role index>.2: the matrix's versions are 4.<index> and 4.<index>.1). */
const numberOf = (role: string) => `4.${ROLES.indexOf(role as Role)}.2`;

export const SOFTWARE_VERSIONS_EXAMPLES: { [K in keyof typeof softwareVersionEndpoints]: Example<K> } = {
  listSoftwareVersions: { input: () => ({ query: {} }) },
  getSoftwareVersion: { input: (r) => ({ params: { id: r.softwareVersion } }) },
  createSoftwareVersion: {
    input: (_r, w) => ({
      body: { number: numberOf(w.role), description: `Matrix ${w.role}`, releaseNotesUrl: 'https://docs.example.com/matrix', supportedDevices: ['fieldUnits'] },
    }),
  },
  updateSoftwareVersion: { input: (r) => ({ params: { id: r.softwareVersion }, body: { description: 'Matrix release', deprecated: false } }) },
  deleteSoftwareVersion: { input: (r) => ({ params: { id: r.deleteSoftwareVersion } }) },
  // The role's version is assigned to the shared inventory; the second one of the caller's is added and withdrawn.
  assignSoftwareVersionInventory: { input: (r) => ({ params: { id: r.softwareVersion, inventoryId: r.extraInventory } }) },
  withdrawSoftwareVersionInventory: { input: (r) => ({ params: { id: r.softwareVersion, inventoryId: r.extraInventory } }) },
};
