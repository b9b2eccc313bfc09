/**
 * Role-matrix examples of the groups calls (see ../catalogue-examples.ts for what an example is).
 */
import type { groupEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const GROUPS_EXAMPLES: { [K in keyof typeof groupEndpoints]: Example<K> } = {};
