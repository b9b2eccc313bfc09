/**
 * Role-matrix examples of the p2p calls (see ../catalogue-examples.ts for what an example is).
 */
import type { p2pEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const P2P_EXAMPLES: { [K in keyof typeof p2pEndpoints]: Example<K> } = {
};
