/**
 * Role-matrix examples of the databridge gateways calls (see ../catalogue-examples.ts for what an example is).
 */
import type { databridgeGatewayEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const DATABRIDGE_GATEWAYS_EXAMPLES: { [K in keyof typeof databridgeGatewayEndpoints]: Example<K> } = {};
