/**
 * Role-matrix examples of the video return calls (see ../catalogue-examples.ts for what an example is).
 */
import type { videoReturnEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const VIDEO_RETURN_EXAMPLES: { [K in keyof typeof videoReturnEndpoints]: Example<K> } = {
  listGroupVrChannels: { input: (r) => ({ params: { groupId: r.group } }) },
  // The shared channel (its server runs in the simulator): roles take turns on its version.
  updateVrChannel: { input: (r) => ({ params: { uniqueId: r.vrChannel }, body: { channel: { latency: 500, description: 'matrix' } } }), exclusive: true },
  getVrChannelCapabilities: { input: (r) => ({ params: { id: r.vrChannel } }) },
  getVrChannelInputSources: { input: (r) => ({ params: { id: r.vrChannel } }) },
  setVrChannelInputSource: { input: (r) => ({ params: { id: r.vrChannel }, body: { inputType: 'sdi' } }), exclusive: true },
  getVrChannelIps: { input: (r) => ({ params: { id: r.vrChannel } }) },
  listAdminInventoryVrChannels: { input: (r) => ({ params: { id: r.inventory }, query: {} }) },
  searchAdminVrChannels: { input: (r) => ({ query: { searchKey: 'uniqueId', searchValue: r.vrChannel } }) },
  getAdminVrChannel: { input: (r) => ({ params: { uid: r.vrChannel } }) },
  updateAdminVrChannel: { input: (r, w) => ({ params: { uid: r.vrChannel }, body: { description: `matrix ${w.role}` } }), exclusive: true },
  deleteAdminVrChannel: { input: (r) => ({ params: { uid: r.deleteVrChannel } }) },
  createAdminVrChannel: {
    input: (r, w) => ({ body: { name: `Matrix-VR-${slug(w.role)}`, inventoryIds: [r.inventory], groupIds: [r.group] } }),
  },
  getAdminVrChannelInventories: { input: (r) => ({ params: { id: r.vrChannel } }) },
  getAdminVrChannelGroups: { input: (r) => ({ params: { id: r.vrChannel }, query: {} }) },
  getAdminVrChannelGroupsOfInventories: { input: (r) => ({ params: { id: r.vrChannel }, query: { searchKey: 'name', sortBy: 'name', sortDir: 'asc' } }) },
};
