/** Handlers of the unit reads (spec 000 §7 "Unit reads (GET)"): thin calls into UnitReadService. */
import type { unitReadEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitReadHandlers: HandlersFor<keyof typeof unitReadEndpoints> = {
  fetchDeviceById: ({ params }, { user, services }) => services.unitReads.fetchById(user, params.id),
  getDeviceLocation: ({ params }, { user, services }) => services.unitReads.locationOf(user, params.id),
  getDeviceModems: ({ params }, { user, services }) => services.unitReads.modemsOf(user, params.id),
  fetchDeviceCoords: ({ query }, { user, services }) => services.unitReads.coords(user, query.group),

  getUnitEnhanced: ({ params }, { user, services }) => services.unitReads.enhanced(user, params.id, services.unitConfig),
  getUnitServices: ({ params }, { user, services }) => services.unitReads.services(user, params.id),
  getUnitConfigurationV2: ({ params }, { user, services }) => services.unitReads.configurationV2(user, params.id, services.unitConfig),
  getUnitCapabilities: ({ params }, { user, services }) => services.unitReads.capabilities(user, params.id),
  getUnitStorages: ({ params }, { user, services }) => services.unitReads.storages(user, params.id),
  getUnitStorageFiles: ({ params, query }, { user, services }) => services.unitReads.storageFiles(user, params.id, query.path),
  getUnitSipAccount: ({ params }, { user, services }) => services.unitReads.sipAccount(user, params.id),
  getUnitAlertsConfiguration: ({ params }, { user, services }) => services.unitReads.alertsConfiguration(user, params.id),
  getUnitPossibleAlertsConfiguration: ({ params, query }, { user, services }) =>
    services.unitReads.possibleAlertsConfiguration(user, params.id, query.mode, query.groupId),
  getUnitBwLimitationTotal: ({ params }, { user, services }) => services.unitReads.bandwidthLimitation(user, params.id, 'total'),
  getUnitBwLimitationCellular: ({ params }, { user, services }) => services.unitReads.bandwidthLimitation(user, params.id, 'cellular'),
  getUnitSelectedDbGateway: ({ params }, { user, services }) => services.unitReads.selectedDbGateway(user, params.id),
  getUnitPairingCode: ({ params }, { user, services }) => services.unitReads.pairingCode(user, params.id),
  getUnitModemConfig: ({ params }, { user, services }) => services.unitReads.modemConfig(user, params.id, params.n),
  getUnitGroups: ({ params }, { user, services }) => services.unitReads.unitGroups(user, params.id),

  searchAdminUnits: ({ query }, { user, services }) => services.unitReads.searchAdminUnits(user, query),
  listAdminInventoryUnits: ({ params, query }, { user, services }) => services.unitReads.adminInventoryUnits(user, params.id, query),
  getAdminUnit: ({ params }, { user, services }) => services.unitReads.adminUnit(user, params.id),
  getAdminUnitInventories: ({ params }, { user, services }) => services.unitReads.adminUnitInventories(user, params.id),
  getAdminUnitGroups: ({ params, query }, { user, services }) => services.unitReads.adminUnitGroups(user, params.id, query),
  getAdminUnitGroupsOfInventories: ({ params, query }, { user, services }) =>
    services.unitReads.adminUnitGroupsOfInventories(user, params.id, query),
  getAdminUnitDbGateway: ({ params }, { user, services }) => services.unitReads.adminUnitDbGateway(user, params.id),
  getAdminSmartUnit: ({ params }, { user, services }) => services.unitReads.adminSmartUnit(user, params.id),
  getAdminUnitApplications: ({ params }, { user, services }) => services.unitReads.adminUnitApplications(user, params.id),

  fetchActiveAlerts: ({ query }, { user, services }) => services.unitReads.activeAlerts(user, query.group),
  getDefaultAlertConfiguration: (_input, { services }) => services.unitReads.defaultAlertConfiguration(),
  getClientConfiguration: (_input, { user, services }) => services.unitReads.clientConfiguration(user),
  lightFetchGroups: (_input, { user, services }) => services.unitReads.lightGroups(user),
  fetchFeatures: ({ query }, { user, services }) => services.unitReads.groupFeatures(user, query.groupId),
  getUserContact: (_input, { user, services }) => services.unitReads.userContact(user),
  getApplicationUrls: (_input, { services }) => services.unitReads.applicationUrls(),
  fetchSettingsConfiguration: ({ query }, { user, services }) => services.unitReads.settingsConfiguration(user, query.machineUid),
};
