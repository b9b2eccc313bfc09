/**
 * Role-matrix examples of the organisations calls (see ../catalogue-examples.ts for what an example is).
 */
import type { organisationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const ORGANISATIONS_EXAMPLES: { [K in keyof typeof organisationEndpoints]: Example<K> } = {};
