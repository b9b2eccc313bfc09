/**
 * Role-matrix examples of the modem vendors calls (see ../catalogue-examples.ts for what an example is).
 */
import type { modemVendorEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const MODEM_VENDORS_EXAMPLES: { [K in keyof typeof modemVendorEndpoints]: Example<K> } = {
  searchModemVendors: { input: () => ({ query: {} }) },
  createModemVendor: { input: (_r, w) => ({ body: { name: `Matrix-Vendor-${slug(w.role)}`, models: [{ name: 'M1' }] } }) },
  getModemVendor: { input: (r) => ({ params: { id: r.modemVendor } }) },
  updateModemVendor: { input: (r) => ({ params: { id: r.modemVendor }, body: { models: [{ name: 'M1' }, { name: 'M2' }] } }) },
  deleteModemVendor: { input: (r) => ({ params: { id: r.deleteModemVendor } }) },
};
