/**
 * Role-matrix examples of the upgrades calls (see ../catalogue-examples.ts for what an example is).
 */
import type { upgradeEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UPGRADES_EXAMPLES: { [K in keyof typeof upgradeEndpoints]: Example<K> } = {};
