/**
 * Unit updates of spec 000 §7 (PUT v2/units/{id}/..., v0 storeandforward_quality, units/{id}/
 * network/capping, current user, settingsConfiguration add, v0 group unit settings, internal
 * inventory-unit details): thin calls into the unit-config service.
 */
import type { unitUpdateEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitUpdateHandlers: HandlersFor<keyof typeof unitUpdateEndpoints> = {
  updateUnitDelay: ({ params, body }, { services }) => services.unitConfig.updates.updateDelay(params.id, body),
  updateUnitDatabridge: ({ params, body }, { services }) => services.unitConfig.updates.updateDatabridge(params.id, body),
  updateUnitVideoReturn: ({ params, body }, { services }) => services.unitConfig.updates.updateVideoReturn(params.id, body),
  updateUnitFilenamePrefix: ({ params, body }, { services }) => services.unitConfig.updates.updateFilenamePrefix(params.id, body),
  updateUnitNtpTimecode: ({ params, body }, { services }) => services.unitConfig.updates.updateNtpTimecode(params.id, body),
  updateUnitTransmissionMode: ({ params, body }, { services }) => services.unitConfig.updates.updateTransmissionMode(params.id, body),
  updateUnitFixedInternetDelay: ({ params, body }, { services }) => services.unitConfig.updates.updateFixedInternetDelay(params.id, body),
  updateUnitIpInputStream: ({ params, body }, { services }) => services.unitConfig.updates.updateIpInputStream(params.id, body),
  updateUnitIpPipe: ({ params, body }, { services }) => services.unitConfig.updates.updateIpPipe(params.id, body),
  updateUnitMultipleCamera: ({ params, body }, { services }) => services.unitConfig.updates.updateMultipleCamera(params.id, body),
  updateUnitMultipleCameraChannel: ({ params, body }, { services }) => services.unitConfig.updates.updateMultipleCameraChannel(params.id, body),
  updateUnitMultipleCameraMode: ({ params, body }, { services }) => services.unitConfig.updates.updateMultipleCameraMode(params.id, body),
  updateUnitSingleCamera: ({ params, body }, { services }) => services.unitConfig.updates.updateSingleCamera(params.id, body),
  updateUnitOperationalMode: ({ params, body }, { services }) => services.unitConfig.updates.updateOperationalMode(params.id, body),
  updateUnitSwitcherMode: ({ params, body }, { services }) => services.unitConfig.updates.updateSwitcherMode(params.id, body),
  updateUnitSwitcherHighQualityChannel: ({ params, body }, { services }) => services.unitConfig.updates.updateSwitcherHighQualityChannel(params.id, body),
  updateUnitSwitcherProxyChannel: ({ params, body }, { services }) => services.unitConfig.updates.updateSwitcherProxyChannel(params.id, body),
  updateUnitSwitcherSdiInput: ({ params, body }, { services }) => services.unitConfig.updates.updateSwitcherSdiInput(params.id, body),
  updateUnitAlertsConfiguration: ({ params, body }, { services }) => services.unitConfig.updates.updateAlertsConfiguration(params.id, body),
  updateUnitBwLimitation: ({ params, body }, { services }) => services.unitConfig.updates.updateBwLimitation(params.id, body),
  updateUnitIntercom: ({ params, body }, { services }) => services.unitConfig.updates.updateIntercom(params.id, body),
  updateUnitIntercomAudioJacks: ({ params, body }, { services }) => services.unitConfig.updates.updateIntercomAudioJacks(params.id, body),
  updateUnitInterfacesConfig: ({ params, body }, { services }) => services.unitConfig.updates.updateInterfacesConfig(params.id, body),
  updateUnitSelectedVrChannel: ({ params, body }, { services }) => services.unitConfig.updates.updateSelectedVrChannel(params.id, body),
  updateUnitFetchlogsEnhanced: ({ params, body }, { services }) => services.unitConfig.updates.updateFetchlogsEnhanced(params.id, body),
  updateUnitStoreAndForwardQuality: ({ params, body }, { services }) => services.unitConfig.updates.updateStoreAndForwardQuality(params.id, body),
  updateUnitNetworkCapping: ({ params, body }, { services }) => services.unitConfig.updates.updateNetworkCapping(params.id, body),
  updateCurrentUser: async ({ body }, { user, services }) => {
    await services.unitConfig.account.updateCurrentUser(user, body);
    return services.users.current(user);
  },
  addSettingsConfiguration: ({ body }, { services }) => services.unitConfig.updates.addSettingsConfiguration(body),
  updateGroupUnitSettings: ({ params, body }, { user, services }) => services.unitConfig.account.updateGroupUnitSettings(user, params.id, body),
  updateInventoryUnitDetails: ({ body }, { services }) => services.unitConfig.account.updateInventoryUnitDetails(body),
};
