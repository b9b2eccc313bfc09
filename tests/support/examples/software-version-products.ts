/**
 * Role-matrix examples of the software version products calls (see ../catalogue-examples.ts for what an example is).
 */
import type { softwareVersionProductEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const SOFTWARE_VERSION_PRODUCTS_EXAMPLES: { [K in keyof typeof softwareVersionProductEndpoints]: Example<K> } = {
  listSoftwareVersionProducts: { input: () => ({}) },
  addSoftwareVersionProduct: { input: (r) => ({ params: { id: r.softwareVersion, product: 'ptpUnits' }, body: {} }) },
  removeSoftwareVersionProduct: { input: (r) => ({ params: { id: r.softwareVersion, product: 'extenderDevices' }, query: {} }) },
};
