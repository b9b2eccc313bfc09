/**
 * An inventory's managed services, their states and trials (spec 001 §3 Service, §4 service and trial states, §7 Inventories managed services, services_status, managed-services/trial; /inventory_services).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ManagedServiceService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const managedServiceCalls = callsOf<ManagedServiceService>()({});
