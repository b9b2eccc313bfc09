/**
 * Role-matrix examples of the system messages calls (see ../catalogue-examples.ts for what an example is).
 */
import type { systemMessageEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const SYSTEM_MESSAGES_EXAMPLES: { [K in keyof typeof systemMessageEndpoints]: Example<K> } = {};
