/**
 * Role-matrix examples of the inventories calls (see ../catalogue-examples.ts for what an example is).
 */
import type { inventoryEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const INVENTORIES_EXAMPLES: { [K in keyof typeof inventoryEndpoints]: Example<K> } = {};
