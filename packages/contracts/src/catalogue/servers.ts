/**
 * Servers of spec 001 §7: server reads (services, capabilities, specifications, ips, status, comment), comment and reset instance, multimedia hub and video return server configuration, SMPTE, IP pipe, admin inventory servers, ingest server channels.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const serverEndpoints = {
} as const satisfies Record<string, EndpointDef>;
