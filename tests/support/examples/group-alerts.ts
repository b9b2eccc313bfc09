/**
 * Role-matrix examples of the group alerts calls (see ../catalogue-examples.ts for what an example is).
 */
import type { groupAlertEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const GROUP_ALERTS_EXAMPLES: { [K in keyof typeof groupAlertEndpoints]: Example<K> } = {};
