/**
 * Admin unit calls (under the admin path) of spec 000 §7: create, update, delete, inventory and
 * group associations, target software version, databridge gateway, deregistration.
 *
 * Scope is checked by the service, not the catalogue: admins act on units of their own
 * inventories (super user and staff on every unit), which is narrower than the unit scope of the
 * console calls (inventories or groups). Unknown and foreign units both answer 404.
 */
import { ADMIN_UNIT_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { UnitDetail } from '../entities/unit.js';
import {
  AdminUnitDeleted,
  AdminUnitGroupParams,
  AdminUnitInventoryParams,
  CreateAdminUnitBody,
  SetTargetSwVersionBody,
  SetUnitDbGatewayBody,
  UnitDeregistered,
  UpdateAdminUnitBody,
} from '../entities/unit-admin.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: ADMIN_UNIT_ROLES, scope: 'none' } as const;

export const unitAdminEndpoints = {
  createAdminUnit: endpoint({
    method: 'POST',
    path: '/v2/admin/units',
    summary: 'Register a unit in an inventory (the simulator starts emulating it)',
    spec: "000 §7 Admin unit calls: POST units (create); §5 unit name rules ('This name is already in use, please choose a different name')",
    ...admin,
    body: CreateAdminUnitBody,
    response: UnitDetail,
  }),
  updateAdminUnit: endpoint({
    method: 'PUT',
    path: '/v2/admin/units/{id}',
    summary: "Change a unit's name, comment, type, serial, ownership or usage profile (version-checked)",
    spec: '000 §7 Admin unit calls: PUT units',
    ...admin,
    params: IdParams,
    body: UpdateAdminUnitBody,
    response: UnitDetail,
  }),
  deleteAdminUnit: endpoint({
    method: 'DELETE',
    path: '/v2/admin/units/{id}',
    summary: 'Delete a unit (not while it is busy)',
    spec: '000 §7 Admin unit calls: DELETE unit',
    ...admin,
    params: IdParams,
    response: AdminUnitDeleted,
  }),
  addAdminUnitInventory: endpoint({
    method: 'PUT',
    path: '/v2/admin/units/{id}/inventories/{inventoryId}',
    summary: 'Associate the unit with an inventory',
    spec: "000 §7 Admin unit calls: PUT inventory association; 001 §8 'Unit max inventories reached', 'Association already exists'",
    ...admin,
    params: AdminUnitInventoryParams,
    response: UnitDetail,
  }),
  removeAdminUnitInventory: endpoint({
    method: 'DELETE',
    path: '/v2/admin/units/{id}/inventories/{inventoryId}',
    summary: "Remove the unit from an inventory (and from that inventory's groups)",
    spec: '000 §7 Admin unit calls: DELETE inventory association',
    ...admin,
    params: AdminUnitInventoryParams,
    response: UnitDetail,
  }),
  addAdminUnitGroup: endpoint({
    method: 'PUT',
    path: '/v2/admin/units/{id}/groups/{groupId}',
    summary: 'Associate the unit with a group of one of its inventories',
    spec: "000 §7 Admin unit calls: PUT group association; 001 §8 'Association already exists'",
    ...admin,
    params: AdminUnitGroupParams,
    response: UnitDetail,
  }),
  removeAdminUnitGroup: endpoint({
    method: 'DELETE',
    path: '/v2/admin/units/{id}/groups/{groupId}',
    summary: 'Remove the unit from a group',
    spec: '000 §7 Admin unit calls: DELETE group association',
    ...admin,
    params: AdminUnitGroupParams,
    response: UnitDetail,
  }),
  setAdminUnitTargetSwVersion: endpoint({
    method: 'PUT',
    path: '/v2/admin/units/{id}/targetSwVersion',
    summary: 'Set the software version the unit upgrades to (upgrade eligibility checked; null clears)',
    spec: '000 §7 Admin unit calls: PUT targetSwVersion; §8 upgrade codes 6802, 6803, 6199, 6808, 6810; 001 §5 upgrade rules',
    ...admin,
    params: IdParams,
    body: SetTargetSwVersionBody,
    response: UnitDetail,
  }),
  setAdminUnitDbGateway: endpoint({
    method: 'PUT',
    path: '/v2/admin/units/{id}/dbgateway',
    summary: 'Choose the databridge gateway of the unit',
    spec: '000 §7 Admin unit calls: PUT dbgateway; §6 databridge options',
    ...admin,
    params: IdParams,
    body: SetUnitDbGatewayBody,
    response: UnitDetail,
  }),
  clearAdminUnitDbGateway: endpoint({
    method: 'DELETE',
    path: '/v2/admin/units/{id}/dbgateway',
    summary: 'Clear the databridge gateway of the unit',
    spec: '000 §7 Admin unit calls: DELETE dbgateway',
    ...admin,
    params: IdParams,
    response: UnitDetail,
  }),
  deregisterAdminUnit: endpoint({
    method: 'POST',
    path: '/v2/admin/units/{id}/deregistration',
    summary: 'Deregister the unit: out of every inventory and group, selections and services cleared',
    spec: '000 §7 Admin unit calls: POST deregistration',
    ...admin,
    params: IdParams,
    response: UnitDeregistered,
  }),
} as const satisfies Record<string, EndpointDef>;
