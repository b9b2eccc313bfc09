/**
 * Role-matrix examples of the software versions calls (see ../catalogue-examples.ts for what an example is).
 */
import type { softwareVersionEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const SOFTWARE_VERSIONS_EXAMPLES: { [K in keyof typeof softwareVersionEndpoints]: Example<K> } = {};
