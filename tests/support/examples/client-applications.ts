/**
 * Role-matrix examples of the client applications calls (see ../catalogue-examples.ts for what an example is).
 */
import type { clientApplicationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const CLIENT_APPLICATIONS_EXAMPLES: { [K in keyof typeof clientApplicationEndpoints]: Example<K> } = {};
