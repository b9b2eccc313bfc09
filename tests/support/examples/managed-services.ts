/**
 * Role-matrix examples of the managed services calls (see ../catalogue-examples.ts for what an example is).
 */
import type { managedServiceEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const MANAGED_SERVICES_EXAMPLES: { [K in keyof typeof managedServiceEndpoints]: Example<K> } = {};
