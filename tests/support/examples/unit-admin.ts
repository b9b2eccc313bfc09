/**
 * Role-matrix examples of the admin unit calls (see ../catalogue-examples.ts for what an example is).
 */
import type { unitAdminEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UNIT_ADMIN_EXAMPLES: { [K in keyof typeof unitAdminEndpoints]: Example<K> } = {
  createAdminUnit: {
    input: (r, w) => {
      const n = w.role.replace(/[^a-z]/g, '').toUpperCase();
      return {
        body: {
          name: `Matrix-New-${n}`,
          typeGroup: 'fieldUnits',
          productType: 'LU800',
          serialNumber: `MXNEW${n}`.slice(0, 32),
          inventoryId: r.inventory,
          groupIds: [r.group],
        },
      };
    },
  },
  updateAdminUnit: { input: (r) => ({ params: { id: r.unit }, body: { comment: 'Checked by the role matrix' } }) },
  deleteAdminUnit: { input: (r) => ({ params: { id: r.spareUnit } }) },
  // Adding needs the unit outside the inventory, removing needs it inside (and in another one too).
  addAdminUnitInventory: {
    input: (r) => ({ params: { id: r.unit, inventoryId: r.extraInventory } }),
    setup: (w) => w.unitInInventory(w.refs.extraInventory, false),
  },
  removeAdminUnitInventory: {
    input: (r) => ({ params: { id: r.unit, inventoryId: r.extraInventory } }),
    setup: (w) => w.unitInInventory(w.refs.extraInventory, true),
  },
  addAdminUnitGroup: { input: (r) => ({ params: { id: r.unit, groupId: r.extraGroup } }), setup: (w) => w.unitInGroup(w.refs.extraGroup, false) },
  removeAdminUnitGroup: { input: (r) => ({ params: { id: r.unit, groupId: r.extraGroup } }), setup: (w) => w.unitInGroup(w.refs.extraGroup, true) },
  setAdminUnitTargetSwVersion: { input: (r) => ({ params: { id: r.unit }, body: { targetSwVersion: null } }) },
  setAdminUnitDbGateway: { input: (r) => ({ params: { id: r.unit }, body: { gatewayId: r.gateway } }) },
  clearAdminUnitDbGateway: { input: (r) => ({ params: { id: r.unit } }) },
  deregisterAdminUnit: { input: (r) => ({ params: { id: r.deregisterUnit } }) },
};
