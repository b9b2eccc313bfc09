/**
 * Servers as platform records (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server): create, change and delete by the system admin console.
 */
import type { EndpointDef } from './define.js';

export const adminServerEndpoints = {} as const satisfies Record<string, EndpointDef>;
