/**
 * Role-matrix examples of the modem vendors calls (see ../catalogue-examples.ts for what an example is).
 */
import type { modemVendorEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const MODEM_VENDORS_EXAMPLES: { [K in keyof typeof modemVendorEndpoints]: Example<K> } = {};
