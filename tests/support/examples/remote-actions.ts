/**
 * Role-matrix examples of the remote actions calls (see ../catalogue-examples.ts for what an example is).
 */
import type { remoteActionEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const REMOTE_ACTIONS_EXAMPLES: { [K in keyof typeof remoteActionEndpoints]: Example<K> } = {};
