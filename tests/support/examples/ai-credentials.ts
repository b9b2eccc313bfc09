/**
 * Role-matrix examples of the ai credentials calls (see ../catalogue-examples.ts for what an example is).
 */
import type { aiCredentialEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const AI_CREDENTIALS_EXAMPLES: { [K in keyof typeof aiCredentialEndpoints]: Example<K> } = {};
