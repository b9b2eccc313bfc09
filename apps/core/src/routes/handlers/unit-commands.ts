/**
 * POST devices/{id}/commands/{command} (spec 000 §7 "Commands"): one handler per command kind,
 * each calling the unit-config service and answering the contract's shape.
 */
import type { unitCommandEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitCommandHandlers: HandlersFor<keyof typeof unitCommandEndpoints> = {
  commandSetVirtualChannel: ({ params, body }, { services }) => services.unitConfig.commands.setVirtualChannel(params.id, body),
  commandStopStreaming: ({ params }, { services }) => services.unitConfig.commands.stopStreaming(params.id),
  commandReboot: ({ params }, { services }) => services.unitConfig.commands.rebootUnit(params.id),
  commandMetadata: ({ params, body }, { services }) => services.unitConfig.commands.setMetadata(params.id, body),
  commandLinkConfiguration: ({ params, body }, { services }) => services.unitConfig.commands.configureLink(params.id, body),
  commandWifiQuery: ({ params }, { services }) => services.unitConfig.commands.queryWifi(params.id),
  commandWifiConnect: ({ params, body }, { services }) => services.unitConfig.commands.connectWifi(params.id, body),
  commandWifiDisconnect: ({ params }, { services }) => services.unitConfig.commands.disconnectWifi(params.id),
  commandCellularScan: ({ params, body }, { services }) => services.unitConfig.commands.scanCellular(params.id, body),
  commandCellularSelect: ({ params, body }, { services }) => services.unitConfig.commands.selectCellularNetwork(params.id, body),
  commandActiveSim: ({ params, body }, { services }) => services.unitConfig.commands.setActiveSim(params.id, body),
  commandAudioParameters: ({ params, body }, { services }) => services.unitConfig.commands.setAudioParameters(params.id, body),
  commandAudioBitrate: ({ params, body }, { services }) => services.unitConfig.commands.setAudioBitrate(params.id, body),
  commandIfbDelay: ({ params, body }, { services }) => services.unitConfig.commands.setIfbDelay(params.id, body),
  commandIfbAlwaysOn: ({ params, body }, { services }) => services.unitConfig.commands.setIfbAlwaysOn(params.id, body),
  commandAncillaryData: ({ params, body }, { services }) => services.unitConfig.commands.setAncillaryData(params.id, body),
  commandShootingMode: ({ params, body }, { services }) => services.unitConfig.commands.setShootingMode(params.id, body),
  commandStoreAndForwardQuality: ({ params, body }, { services }) => services.unitConfig.commands.setStoreAndForwardQuality(params.id, body),
  commandEncoder: ({ params, body }, { services }) => services.unitConfig.commands.configureEncoder(params.id, body),
  commandCancelFileUpload: ({ params, body }, { services }) => services.unitConfig.commands.cancelFileUpload(params.id, body),
  commandSpeedTest: ({ params, body }, { services }) => services.unitConfig.commands.startSpeedTest(params.id, body),
  commandVideoComplexity: ({ params, body }, { services }) => services.unitConfig.commands.setVideoComplexity(params.id, body),
};
