/**
 * Databridge gateways as platform records (spec 001 §2 /system_entities dbGateways; §3 databridge gateways).
 *
 * The list is `searchAdminDbGateways` (remote-actions.ts, shared with the contractor's read-only
 * view); these are the system admin console's form calls, for platform admins (super user and
 * staff, spec 001 §6). The spec does not show them: paths chosen under v2/admin/dbGateways.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { AdminDbGateway, CreateDbGatewayBody, DbGatewayDeleted, UpdateDbGatewayBody } from '../entities/databridge-gateways.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const databridgeGatewayEndpoints = {
  getAdminDbGateway: endpoint({
    method: 'GET',
    path: '/v2/admin/dbGateways/{id}',
    summary: 'One databridge gateway with its version (the edit form)',
    spec: '001 §2 /system_entities dbGateways; §3 databridge gateways; path chosen',
    ...admin,
    params: IdParams,
    response: AdminDbGateway,
  }),
  createAdminDbGateway: endpoint({
    method: 'POST',
    path: '/v2/admin/dbGateways',
    summary: 'Create a databridge gateway (name unique; host; port 1-65535; inventory or none)',
    spec: "001 §2 /system_entities dbGateways; §5 names (letters, numbers, underscores, hyphens), 'Name field has to be unique', port 1-65535",
    ...admin,
    body: CreateDbGatewayBody,
    response: AdminDbGateway,
    successStatus: 201,
  }),
  updateAdminDbGateway: endpoint({
    method: 'PUT',
    path: '/v2/admin/dbGateways/{id}',
    summary: 'Change a databridge gateway (version-checked)',
    spec: "001 §2 /system_entities dbGateways; §5 names, 'Name field has to be unique', port 1-65535",
    ...admin,
    params: IdParams,
    body: UpdateDbGatewayBody,
    response: AdminDbGateway,
  }),
  deleteAdminDbGateway: endpoint({
    method: 'DELETE',
    path: '/v2/admin/dbGateways/{id}',
    summary: 'Delete a databridge gateway (units using it are left without one)',
    spec: '001 §2 /system_entities dbGateways',
    ...admin,
    params: IdParams,
    response: DbGatewayDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
