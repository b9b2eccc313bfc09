/**
 * Databridge gateways as platform records (spec 001 §2 /system_entities dbGateways; §3 databridge gateways).
 */
import type { EndpointDef } from './define.js';

export const databridgeGatewayEndpoints = {} as const satisfies Record<string, EndpointDef>;
