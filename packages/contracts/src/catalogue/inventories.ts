/**
 * Inventories (spec 001 §7 Inventories): admin CRUD, count, properties, units, serviceable devices, tally/IFB, VR channel association, ingest account and servers.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const inventoryEndpoints = {} as const satisfies Record<string, EndpointDef>;
