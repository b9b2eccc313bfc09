/**
 * Role-matrix examples of the licence activations calls (see ../catalogue-examples.ts for what an example is).
 */
import type { licenceActivationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const LICENCE_ACTIVATIONS_EXAMPLES: { [K in keyof typeof licenceActivationEndpoints]: Example<K> } = {};
