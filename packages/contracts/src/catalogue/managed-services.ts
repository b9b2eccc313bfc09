/**
 * An inventory's managed services, their states and trials (spec 001 §3 Service, §4 service and trial states, §7 Inventories managed services, services_status, managed-services/trial; /inventory_services).
 */
import type { EndpointDef } from './define.js';

export const managedServiceEndpoints = {} as const satisfies Record<string, EndpointDef>;
