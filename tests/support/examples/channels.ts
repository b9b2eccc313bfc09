/**
 * Role-matrix examples of the channels calls (see ../catalogue-examples.ts for what an example is).
 * Calls that reach the device act on the shared logs channel (its hub is run by the simulator; the
 * role's own hub is not); they change nothing another row relies on.
 */
import type { channelEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const CHANNELS_EXAMPLES: { [K in keyof typeof channelEndpoints]: Example<K> } = {
  getChannelStatus: { input: (r) => ({ params: { id: r.channel } }) },
  fetchChannels: { input: (r) => ({ query: { group: r.group } }) },
  fetchChannelsPost: { input: (r) => ({ body: { inventory: r.inventory, statusClass: 'idle' } }) },
  fetchChannelDetails: { input: (r) => ({ query: { ids: r.channel } }) },
  fetchChannelDetailsPost: { input: (r) => ({ body: { ids: [r.channel, r.proxyChannel] } }) },
  getGroupChannelDetails: { input: (r) => ({ params: { id: r.group } }) },
  getChannelIps: { input: (r) => ({ params: { id: r.channel } }) },
  getChannelCapabilities: { input: (r) => ({ params: { id: r.channel } }) },
  getChannelIngestAssociation: { input: (r) => ({ params: { id: r.channel } }) },
  mediaAccessOutputInfo: { input: (r) => ({ body: { uniqueIds: [r.channel] } }) },
  fetchPtmpChannels: { input: () => ({}) },
  updatePtmpChannels: { input: (r) => ({ body: { uniqueID: r.logsChannel, machines: [] } }), exclusive: true },
  getSdiChannels: { input: (r) => ({ query: { inventoryId: r.inventory } }) },
  getOutputChannels: { input: (r) => ({ query: { inventoryId: r.inventory } }) },
  searchAdminChannels: { input: (r) => ({ query: { searchKey: 'uniqueId', searchValue: r.channel } }) },
  getAdminChannel: { input: (r) => ({ params: { id: r.channel } }) },
  createAdminChannel: { input: (r, w) => ({ body: { name: `Matrix-${w.role.replace(/_/g, '-')}-new`, serverId: r.server, inventoryIds: [r.inventory] } }) },
  updateAdminChannel: { input: (r) => ({ params: { id: r.logsChannel }, body: { recording: false } }), exclusive: true },
  deleteAdminChannel: { input: (r) => ({ params: { id: r.spareChannel } }) },
  getAdminChannelInventories: { input: (r) => ({ params: { id: r.channel } }) },
  getAdminChannelGroups: { input: (r) => ({ params: { id: r.channel } }) },
  getAdminChannelPtmp: { input: (r) => ({ params: { id: r.channel } }) },
  addAdminInventoryChannel: { input: (r) => ({ params: { inventoryId: r.extraInventory, id: r.proxyChannel } }) },
  // Removing an association that is not there answers the channel as it is: the row before may or may not have added it.
  removeAdminInventoryChannel: { input: (r) => ({ params: { inventoryId: r.extraInventory, id: r.proxyChannel } }) },
};
