/**
 * Role-matrix examples of the shares calls (see ../catalogue-examples.ts for what an example is).
 */
import type { shareEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const SHARES_EXAMPLES: { [K in keyof typeof shareEndpoints]: Example<K> } = {};
