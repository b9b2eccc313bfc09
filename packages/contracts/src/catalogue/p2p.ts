/**
 * Point-to-point links of spec 001 §7: v2/p2p/{id} GET/POST/PUT/DELETE, stream start/stop, groups (GET/PUT), selected group.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const p2pEndpoints = {
} as const satisfies Record<string, EndpointDef>;
