/**
 * Role-matrix examples of the usage profiles calls (see ../catalogue-examples.ts for what an example is).
 */
import type { usageProfileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const USAGE_PROFILES_EXAMPLES: { [K in keyof typeof usageProfileEndpoints]: Example<K> } = {};
