/**
 * Role-matrix examples of the upgrade batches calls (see ../catalogue-examples.ts for what an example is).
 */
import type { upgradeBatchEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UPGRADE_BATCHES_EXAMPLES: { [K in keyof typeof upgradeBatchEndpoints]: Example<K> } = {};
