/**
 * Role-matrix examples of the groups calls (see ../catalogue-examples.ts for what an example is).
 * Writes act on the role's own empty groups (`ownGroup`, `deleteGroup`, `removeGroup`) and create
 * groups named after the role, so roles never meet on a row; reads use the shared group.
 */
import type { groupEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const GROUPS_EXAMPLES: { [K in keyof typeof groupEndpoints]: Example<K> } = {
  fetchGroups: { input: () => ({}) },
  listAdminInventoryGroups: { input: (r) => ({ params: { id: r.inventory }, query: { sortBy: 'createdOn', sortDir: 'desc' } }) },
  searchAdminGroups: { input: () => ({ query: { searchKey: 'name', searchValue: 'news' } }) },
  getAdminGroupUnits: { input: (r) => ({ params: { id: r.group }, query: {} }) },
  getAdminGroupChannels: { input: (r) => ({ params: { id: r.group }, query: {} }) },
  getAdminGroupVrChannels: { input: (r) => ({ params: { id: r.group }, query: {} }) },
  getAdminGroupUsers: { input: (r) => ({ params: { id: r.group }, query: { offset: 0, limit: 10 } }) },
  // Added to the role's empty group, then taken out again by the next row.
  addAdminGroupChannel: { input: (r) => ({ params: { id: r.ownGroup, channelId: r.proxyChannel } }) },
  removeAdminGroupChannel: { input: (r) => ({ params: { id: r.ownGroup, channelId: r.proxyChannel } }) },
  addAdminGroupVrChannel: { input: (r) => ({ params: { id: r.ownGroup, vrChannelId: r.vrChannel } }) },
  removeAdminGroupVrChannel: { input: (r) => ({ params: { id: r.ownGroup, vrChannelId: r.vrChannel } }) },
  getAdminGroup: { input: (r) => ({ params: { id: r.group } }) },
  updateAdminGroup: { input: (r) => ({ params: { id: r.ownGroup }, body: { autoAssociation: { units: true } } }) },
  deleteAdminGroup: { input: (r) => ({ params: { id: r.deleteGroup } }) },
  createAdminGroup: { input: (r, w) => ({ body: { name: `Matrix-Admin-${slug(w.role)}`, inventoryId: r.inventory } }) },
  fetchGroupDetails: { input: (r) => ({ query: { groupUid: r.group } }) },
  updateGroup: { input: (r, w) => ({ body: { id: r.ownGroup, name: `Matrix-Group-${slug(w.role)}` } }) },
  updateGroupDetails: { input: (r) => ({ body: { id: r.ownGroup, autoAssociation: { channels: true }, members: { channelIds: [r.proxyChannel] } } }) },
  addGroup: { input: (r, w) => ({ body: { name: `Matrix-Add-${slug(w.role)}`, inventoryId: r.inventory } }) },
  addGroupDetails: {
    input: (r, w) => ({
      body: { name: `Matrix-Details-${slug(w.role)}`, inventoryId: r.inventory, autoAssociation: { users: true }, members: { channelIds: [r.proxyChannel] } },
    }),
  },
  removeGroups: { input: (r) => ({ body: { ids: [r.removeGroup] } }) },
  fetchMachineGroups: { input: (r) => ({ query: { unitIds: r.unit } }) },
  getGroupDefaultConfiguration: { input: (r) => ({ params: { id: r.ownGroup } }) },
  // The role's group has none yet: created here, changed by the next row.
  createGroupDefaultConfiguration: { input: (r) => ({ params: { id: r.ownGroup }, body: { delayMs: 3000 } }) },
  updateGroupDefaultConfiguration: { input: (r) => ({ params: { id: r.ownGroup }, body: { transmissionMode: 'live' } }) },
  getGroupMultiChannels: { input: (r) => ({ params: { id: r.group } }) },
};
