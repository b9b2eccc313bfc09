/**
 * Role-matrix examples of the application configuration calls (see ../catalogue-examples.ts for what an example is).
 */
import type { applicationConfigurationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const APPLICATION_CONFIGURATION_EXAMPLES: { [K in keyof typeof applicationConfigurationEndpoints]: Example<K> } = {};
