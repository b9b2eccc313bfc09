/**
 * Role-matrix examples of the users calls (see ../catalogue-examples.ts for what an example is).
 */
import type { userAccountEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const USERS_EXAMPLES: { [K in keyof typeof userAccountEndpoints]: Example<K> } = {};
