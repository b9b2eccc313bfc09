/**
 * Role-matrix examples of the unit reads (see ../catalogue-examples.ts for what an example is).
 */
import type { unitReadEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UNIT_READS_EXAMPLES: { [K in keyof typeof unitReadEndpoints]: Example<K> } = {
  fetchDeviceById: { input: (r) => ({ params: { id: r.unit } }) },
  getDeviceLocation: { input: (r) => ({ params: { id: r.unit } }) },
  getDeviceModems: { input: (r) => ({ params: { id: r.unit } }) },
  fetchDeviceCoords: { input: (r) => ({ query: { group: r.group } }) },
  getUnitEnhanced: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitServices: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitConfigurationV2: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitCapabilities: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitStorages: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitStorageFiles: { input: (r) => ({ params: { id: r.unit }, query: { path: '/media/sd' } }) },
  getUnitSipAccount: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitAlertsConfiguration: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitPossibleAlertsConfiguration: { input: (r) => ({ params: { id: r.unit }, query: { mode: 'group', groupId: r.group } }) },
  getUnitBwLimitationTotal: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitBwLimitationCellular: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitSelectedDbGateway: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitPairingCode: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitModemConfig: { input: (r) => ({ params: { id: r.unit, n: 1 } }) },
  getUnitGroups: { input: (r) => ({ params: { id: r.unit } }) },
  searchAdminUnits: { input: (r) => ({ query: { searchKey: 'uniqueId', searchValue: r.unit } }) },
  listAdminInventoryUnits: { input: (r) => ({ params: { id: r.inventory }, query: {} }) },
  getAdminUnit: { input: (r) => ({ params: { id: r.unit } }) },
  getAdminUnitInventories: { input: (r) => ({ params: { id: r.unit } }) },
  getAdminUnitGroups: { input: (r) => ({ params: { id: r.unit }, query: {} }) },
  getAdminUnitGroupsOfInventories: { input: (r) => ({ params: { id: r.unit }, query: {} }) },
  getAdminUnitDbGateway: { input: (r) => ({ params: { id: r.unit } }) },
  getAdminSmartUnit: { input: (r) => ({ params: { id: r.smartUnit } }) },
  getAdminUnitApplications: { input: (r) => ({ params: { id: r.unit } }) },
  fetchActiveAlerts: { input: (r) => ({ query: { group: r.group } }) },
  getDefaultAlertConfiguration: { input: () => ({}) },
  getClientConfiguration: { input: () => ({}) },
  lightFetchGroups: { input: () => ({}) },
  fetchFeatures: { input: (r) => ({ query: { groupId: r.group } }) },
  getUserContact: { input: () => ({}) },
  getApplicationUrls: { input: () => ({}) },
  fetchSettingsConfiguration: { input: (r) => ({ query: { machineUid: r.unit } }) },
};
