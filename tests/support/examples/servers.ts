/**
 * Role-matrix examples of the servers calls (see ../catalogue-examples.ts for what an example is).
 */
import type { serverEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const SERVERS_EXAMPLES: { [K in keyof typeof serverEndpoints]: Example<K> } = {
};
