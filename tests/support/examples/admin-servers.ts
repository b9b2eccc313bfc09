/**
 * Role-matrix examples of the admin servers calls (see ../catalogue-examples.ts for what an example is).
 */
import type { adminServerEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const ADMIN_SERVERS_EXAMPLES: { [K in keyof typeof adminServerEndpoints]: Example<K> } = {};
