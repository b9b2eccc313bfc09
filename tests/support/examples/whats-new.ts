/**
 * Role-matrix examples of the whats new calls (see ../catalogue-examples.ts for what an example is).
 */
import type { whatsNewEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const WHATS_NEW_EXAMPLES: { [K in keyof typeof whatsNewEndpoints]: Example<K> } = {};
