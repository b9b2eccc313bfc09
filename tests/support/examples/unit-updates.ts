/**
 * Role-matrix examples of the unit updates (see ../catalogue-examples.ts for what an example is).
 */
import type { unitUpdateEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UNIT_UPDATES_EXAMPLES: { [K in keyof typeof unitUpdateEndpoints]: Example<K> } = {
  updateUnitDelay: { input: (r) => ({ params: { id: r.unit }, body: { delayMs: 3000 } }) },
  updateUnitDatabridge: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true } }) },
  updateUnitVideoReturn: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true } }) },
  updateUnitFilenamePrefix: { input: (r, w) => ({ params: { id: r.unit }, body: { filenamePrefix: `mx-${w.role.replace(/_/g, '-')}`.slice(0, 32) } }) },
  updateUnitNtpTimecode: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true, server: 'time.example.net' } }) },
  updateUnitTransmissionMode: { input: (r) => ({ params: { id: r.unit }, body: { transmissionMode: 'live' } }) },
  updateUnitFixedInternetDelay: { input: (r) => ({ params: { id: r.unit }, body: { delayMs: 2000 } }) },
  updateUnitIpInputStream: { input: (r) => ({ params: { id: r.unit }, body: { enabled: false, protocol: 'srt', port: 9000 } }) },
  updateUnitIpPipe: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true, serverId: r.server } }) },
  updateUnitMultipleCamera: {
    input: (r) => ({ params: { id: r.unit }, body: { numberOfFeeds: 2, channelSelectionMode: 'custom', customSelectedChannels: [r.channel], cameras: [] } }),
  },
  updateUnitMultipleCameraChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  updateUnitMultipleCameraMode: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'highQuality' } }) },
  updateUnitSingleCamera: { input: (r) => ({ params: { id: r.unit }, body: { resolution: 1080, maxBandwidthMbps: 8 } }) },
  updateUnitOperationalMode: { input: (r) => ({ params: { id: r.unit }, body: { workingMode: 'video' } }) },
  updateUnitSwitcherMode: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'switcher', highQualityChannel: r.channel } }) },
  updateUnitSwitcherHighQualityChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  updateUnitSwitcherProxyChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.proxyChannel } }) },
  updateUnitSwitcherSdiInput: { input: (r) => ({ params: { id: r.unit }, body: { inputSdi: 1 } }) },
  updateUnitAlertsConfiguration: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'group', groupId: r.group } }) },
  updateUnitBwLimitation: { input: (r) => ({ params: { id: r.unit }, body: { totalKbps: null, cellularKbps: null } }) },
  updateUnitIntercom: { input: (r) => ({ params: { id: r.unit }, body: { intercom: 2, mode: 'targetChannel', targetChannelId: r.channel } }) },
  updateUnitIntercomAudioJacks: { input: (r) => ({ params: { id: r.unit }, body: { jacks: [{ jack: 2, intercom: 2, volume: 50 }] } }) },
  updateUnitInterfacesConfig: { input: (r) => ({ params: { id: r.unit }, body: { port: 2, roamingAllowed: false } }) },
  updateUnitSelectedVrChannel: { input: (r) => ({ params: { id: r.unit }, body: { vrChannelId: r.vrChannel } }) },
  updateUnitFetchlogsEnhanced: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true } }) },
  updateUnitStoreAndForwardQuality: { input: (r) => ({ params: { id: r.unit }, body: { quality: 'standard_h264' } }) },
  updateUnitNetworkCapping: { input: (r) => ({ params: { id: r.unit }, body: { option: 'disabled' } }) },
  updateCurrentUser: { input: () => ({ body: { lastName: 'Matrix' } }) },
  addSettingsConfiguration: { input: (r) => ({ body: { id: r.unit, outputChannel: r.channel, multiChannel: true } }) },
  // Merged into the shared group's defaults without a version; roles take turns all the same.
  updateGroupUnitSettings: { input: (r) => ({ params: { id: r.group }, body: { delayMs: 2000 } }), exclusive: true },
  updateInventoryUnitDetails: { input: (r) => ({ body: { id: r.unit, inventoryId: r.inventory, ownership: 'lease' } }) },
};
