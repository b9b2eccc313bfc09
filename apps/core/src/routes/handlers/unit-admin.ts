/** Handlers of the admin unit calls (spec 000 §7 "Admin unit calls"). */
import type { unitAdminEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitAdminHandlers: HandlersFor<keyof typeof unitAdminEndpoints> = {
  createAdminUnit: ({ body }, { user, services }) => services.adminUnits.createUnit(user, body),
  updateAdminUnit: ({ params, body }, { user, services }) => services.adminUnits.updateUnit(user, params.id, body),
  deleteAdminUnit: ({ params }, { user, services }) => services.adminUnits.deleteUnit(user, params.id),
  addAdminUnitInventory: ({ params }, { user, services }) => services.adminUnits.addInventory(user, params.id, params.inventoryId),
  removeAdminUnitInventory: ({ params }, { user, services }) => services.adminUnits.removeInventory(user, params.id, params.inventoryId),
  addAdminUnitGroup: ({ params }, { user, services }) => services.adminUnits.addGroup(user, params.id, params.groupId),
  removeAdminUnitGroup: ({ params }, { user, services }) => services.adminUnits.removeGroup(user, params.id, params.groupId),
  setAdminUnitTargetSwVersion: ({ params, body }, { user, services }) => services.adminUnits.setTargetSwVersion(user, params.id, body.targetSwVersion),
  setAdminUnitDbGateway: ({ params, body }, { user, services }) => services.adminUnits.setDbGateway(user, params.id, body.gatewayId),
  clearAdminUnitDbGateway: ({ params }, { user, services }) => services.adminUnits.setDbGateway(user, params.id, null),
  deregisterAdminUnit: ({ params }, { user, services }) => services.adminUnits.deregisterUnit(user, params.id),
};
