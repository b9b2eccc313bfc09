/**
 * Role-matrix examples of the account calls (see ../catalogue-examples.ts for what an example is).
 */
import type { accountEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const ACCOUNT_EXAMPLES: { [K in keyof typeof accountEndpoints]: Example<K> } = {};
