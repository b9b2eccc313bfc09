/**
 * An inventory's managed services, their states and trials (spec 001 §3 Service, §4 service and trial states, §7 Inventories managed services, services_status, managed-services/trial; /inventory_services).
 *
 * The spec names the calls (§7 "Managed services (normal and admin); services_status; POST
 * managed-services/trial") but not their shapes. Reads list every managed service of §3 with the
 * state it has at the time of the answer (a trial ending is seen without a write; /ws
 * `managedService.changed` announces it, and every change).
 *
 * Roles: the /inventory_services screen is for MANAGE_ROLES (§2); services_status is read by any
 * console of the inventory (it gates features, §6 "Graphics depends on a service-enabled check").
 * Starting an offered trial is the inventory manager's act (super user, luc_admin,
 * luc_media_group_admin); the admin read and change are the platform's (super user, staff).
 */
import { ALL_ROLES, GLOBAL_SCOPE_ROLES, INVENTORY_MANAGER_ROLES, MANAGE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  ManagedService,
  ManagedServiceList,
  ManagedServiceParams,
  ServicesStatus,
  StartTrialBody,
  UpdateManagedServiceBody,
} from '../entities/managed-services.js';
import { endpoint, type EndpointDef } from './define.js';

export const managedServiceEndpoints = {
  listManagedServices: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/managedServices',
    summary: "The inventory's managed services with their states, trials, quota and usage (the /inventory_services cards)",
    spec: '001 §7 Inventories: Managed services (normal); §3 Service; §4 service and trial states',
    roles: MANAGE_ROLES,
    scope: 'inventory',
    params: IdParams,
    response: ManagedServiceList,
  }),
  getServicesStatus: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/services_status',
    summary: 'Which managed services of the inventory are usable now (feature gates: hasGraphics, activeFeatures)',
    spec: "001 §7 Inventories: services_status; §6 'Graphics depends on a service-enabled check'; §9 services 30 min",
    roles: ALL_ROLES,
    scope: 'inventory',
    params: IdParams,
    response: ServicesStatus,
  }),
  startManagedServiceTrial: endpoint({
    method: 'POST',
    path: '/managed-services/trial',
    summary: 'Start the trial offered for a managed service of the inventory (once; 30 days, graphics 10 hours within 30 days)',
    spec: "001 §7 Inventories: POST managed-services/trial; §4 trial states; §9 'Trial 30 days for LU-Smart and LU-Lite; graphics trial 10 hours, expires in 30 days'",
    roles: INVENTORY_MANAGER_ROLES,
    scope: 'inventory',
    scopeFrom: 'body',
    scopeParam: 'inventoryId',
    body: StartTrialBody,
    response: ManagedService,
  }),
  listAdminManagedServices: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/{id}/managedServices',
    summary: "The inventory's managed services for the admin form (each with its version)",
    spec: '001 §7 Inventories: Managed services (admin)',
    roles: GLOBAL_SCOPE_ROLES,
    scope: 'inventory',
    params: IdParams,
    response: ManagedServiceList,
  }),
  updateAdminManagedService: endpoint({
    method: 'PUT',
    path: '/v2/admin/inventories/{id}/managedServices/{serviceName}',
    summary: 'Enable, disable, purchase, expire, offer a trial, set trial end, expiry, quota or plan type of one managed service (version-checked)',
    spec: '001 §7 Inventories: Managed services (admin); §3 Service, plan types; §4 service status values, trial states, usage kinds',
    roles: GLOBAL_SCOPE_ROLES,
    scope: 'inventory',
    params: ManagedServiceParams,
    body: UpdateManagedServiceBody,
    response: ManagedService,
  }),
} as const satisfies Record<string, EndpointDef>;
