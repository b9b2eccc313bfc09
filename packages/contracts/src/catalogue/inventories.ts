/**
 * Inventories (spec 001 §7 Inventories): admin CRUD, count, properties, serviceable devices,
 * tally/IFB channels and counts, VR channel association, ingest account and ingest servers. The
 * spec names these calls without paths; the paths are the catalogue's choice (spec-calls test).
 * The units listing is declared with the unit reads (v2/admin/inventories/{id}/units), the stories
 * with the stories, the audio rooms of an inventory with the audio rooms.
 *
 * Roles: "Admin-only calls cover channels, inventories and servers" (spec 001 §6): the admin calls
 * go to the admin set, whose non-global members act on their own inventories only (unknown and
 * foreign both 404; checked by the service, scope 'none'). Top-level inventories are created by
 * super user and staff; an admin creates children of their own inventories. The inventory tabs
 * (tally, IFB, ingest) are read by every console role of the inventory and changed by the manage
 * set (spec 001 §2 "Users, groups, ... audio rooms, services ... need super_user, luc_admin,
 * luc_contractor, luc_media_group_admin or luc_partner"); the route checks the inventory is the
 * caller's (scope 'inventory').
 */
import { ADMIN_UNIT_ROLES, CONSOLE_ROLES, MANAGE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { ChannelIngestAssociation } from '../entities/channels.js';
import { VrChannelDetail } from '../entities/video-return.js';
import {
  AdminInventory, AdminInventoryCount, AdminInventoryCountQuery, AdminInventoryDeleted, AdminInventoryPage, AdminInventorySearchQuery,
  CreateAdminInventoryBody, IfbCounts, IngestAccount, IngestAccountDeleted, IngestAccountTest, IngestPasswordBody, IngestXsltBody,
  InventoryChannelParams, InventoryIfb, InventoryIngestServerChannels, InventoryIngestServers, InventoryProperties, InventoryServerChannelParams,
  InventoryServerParams, InventoryTally, InventoryVrChannelParams, ServiceableDevices, UpdateAdminInventoryBody, UpdateIngestAccountBody,
  UpdateInventoryPropertiesBody,
} from '../entities/inventories.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: ADMIN_UNIT_ROLES, scope: 'none' } as const;
const read = { roles: CONSOLE_ROLES, scope: 'inventory' } as const;
const manage = { roles: MANAGE_ROLES, scope: 'inventory' } as const;

export const inventoryEndpoints = {
  // ── tally and IFB ──
  getInventoryTally: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/tally',
    summary: "The inventory's tally channels, with their live tally when the caller has the tally service",
    spec: '001 §7 Inventories: tally listing; §6 "Tally data is fetched only if the user has the tally service"',
    ...read,
    params: IdParams,
    response: InventoryTally,
  }),
  addInventoryTallyChannel: endpoint({
    method: 'PUT',
    path: '/v2/inventories/{id}/tally/channels/{channelId}',
    summary: "Associate a channel of the inventory with its tally",
    spec: "001 §7 Inventories: tally channel association; §8 'association already exists'",
    ...manage,
    params: InventoryChannelParams,
    response: InventoryTally,
  }),
  removeInventoryTallyChannel: endpoint({
    method: 'DELETE',
    path: '/v2/inventories/{id}/tally/channels/{channelId}',
    summary: "Remove a channel from the inventory's tally (a repeated removal succeeds)",
    spec: '001 §7 Inventories: tally channel association',
    ...manage,
    params: InventoryChannelParams,
    response: InventoryTally,
  }),
  getInventoryIfb: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/ifb',
    summary: "The inventory's IFB channels and IFB counts",
    spec: '001 §7 Inventories: IFB listing',
    ...read,
    params: IdParams,
    response: InventoryIfb,
  }),
  addInventoryIfbChannel: endpoint({
    method: 'PUT',
    path: '/v2/inventories/{id}/ifb/channels/{channelId}',
    summary: "Associate a channel of the inventory with its IFB",
    spec: "001 §7 Inventories: IFB channel association; §8 'association already exists'",
    ...manage,
    params: InventoryChannelParams,
    response: InventoryIfb,
  }),
  removeInventoryIfbChannel: endpoint({
    method: 'DELETE',
    path: '/v2/inventories/{id}/ifb/channels/{channelId}',
    summary: "Remove a channel from the inventory's IFB (a repeated removal succeeds)",
    spec: '001 §7 Inventories: IFB channel association',
    ...manage,
    params: InventoryChannelParams,
    response: InventoryIfb,
  }),
  getInventoryIfbCounts: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/ifb/counts',
    summary: 'IFB available, used and frozen counts of the inventory',
    spec: '001 §7 Inventories: IFB available, used and frozen counts',
    ...read,
    params: IdParams,
    response: IfbCounts,
  }),
  // ── admin ──
  searchAdminInventories: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories',
    summary: 'Inventories of the admin (super user and staff: all): search, paging (50), sort',
    spec: '001 §7 Inventories: admin CRUD (list); §9 search page size 50',
    ...admin,
    query: AdminInventorySearchQuery,
    response: AdminInventoryPage,
  }),
  countAdminInventories: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/count',
    summary: 'How many inventories of the admin match the search',
    spec: '001 §7 Inventories: count',
    ...admin,
    query: AdminInventoryCountQuery,
    response: AdminInventoryCount,
  }),
  createAdminInventory: endpoint({
    method: 'POST',
    path: '/v2/admin/inventories',
    summary: "Create an inventory (name unique; top level: super user and staff; children of the admin's own inventories)",
    spec: "001 §7 Inventories: admin CRUD (create); §5 'This field must be unique'",
    ...admin,
    body: CreateAdminInventoryBody,
    response: AdminInventory,
    successStatus: 201,
  }),
  getAdminInventory: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/{id}',
    summary: 'One inventory (admin)',
    spec: '001 §7 Inventories: admin CRUD (read)',
    ...admin,
    params: IdParams,
    response: AdminInventory,
  }),
  updateAdminInventory: endpoint({
    method: 'PUT',
    path: '/v2/admin/inventories/{id}',
    summary: 'Change name, region, parent or SIP server (version-checked; no parent cycles)',
    spec: "001 §7 Inventories: admin CRUD (update); §5 'This field must be unique', 'Parent inventory cannot be the current inventory'",
    ...admin,
    params: IdParams,
    body: UpdateAdminInventoryBody,
    response: AdminInventory,
  }),
  deleteAdminInventory: endpoint({
    method: 'DELETE',
    path: '/v2/admin/inventories/{id}',
    summary: 'Delete an inventory (not with children, channel overlays or an active audio room)',
    spec: "001 §7 Inventories: admin CRUD (delete); §8 'inventory cannot be deleted with overlays or an active audio room'",
    ...admin,
    params: IdParams,
    response: AdminInventoryDeleted,
  }),
  getAdminInventoryProperties: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/{id}/properties',
    summary: "The inventory's properties (map view, reboot, vsim, social media, MJPEG preview)",
    spec: '001 §7 Inventories: properties; §3 Inventory properties',
    ...admin,
    params: IdParams,
    response: InventoryProperties,
  }),
  updateAdminInventoryProperties: endpoint({
    method: 'PUT',
    path: '/v2/admin/inventories/{id}/properties',
    summary: "Change the inventory's properties (the flags given; version-checked)",
    spec: '001 §7 Inventories: properties; §3 Inventory properties',
    ...admin,
    params: IdParams,
    body: UpdateInventoryPropertiesBody,
    response: InventoryProperties,
  }),
  getAdminInventoryServiceableDevices: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/{id}/serviceableDevices',
    summary: "The inventory's units and servers support may act on, with whether each is online",
    spec: '001 §7 Inventories: serviceable devices',
    ...admin,
    params: IdParams,
    response: ServiceableDevices,
  }),
  addAdminInventoryVrChannel: endpoint({
    method: 'PUT',
    path: '/v2/admin/inventories/{id}/vrChannels/{vrChannelId}',
    summary: 'Associate a video return channel with an inventory',
    spec: "001 §7 Inventories: VR channel association; §8 'association already exists'",
    ...admin,
    params: InventoryVrChannelParams,
    response: VrChannelDetail,
  }),
  removeAdminInventoryVrChannel: endpoint({
    method: 'DELETE',
    path: '/v2/admin/inventories/{id}/vrChannels/{vrChannelId}',
    summary: "Remove a video return channel from an inventory (and from that inventory's groups; not its last inventory)",
    spec: '001 §7 Inventories: VR channel association',
    ...admin,
    params: InventoryVrChannelParams,
    response: VrChannelDetail,
  }),
  // ── ingest account ──
  getIngestAccount: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/ingestAccount',
    summary: "The inventory's ingest account (whether a password and an XSLT are set, not their values)",
    spec: '001 §7 Inventories: ingest account',
    ...read,
    params: IdParams,
    response: IngestAccount,
  }),
  updateIngestAccount: endpoint({
    method: 'PUT',
    path: '/v2/inventories/{id}/ingestAccount',
    summary: "Create or change the ingest account's configuration (username unique across inventories; version-checked)",
    spec: "001 §7 Inventories: ingest account configuration update; §8 'Inventory configuration already exists'",
    ...manage,
    params: IdParams,
    body: UpdateIngestAccountBody,
    response: IngestAccount,
  }),
  setIngestAccountPassword: endpoint({
    method: 'PUT',
    path: '/v2/inventories/{id}/ingestAccount/password',
    summary: "Set the ingest account's password (001 §5 password rules, entered twice)",
    spec: '001 §7 Inventories: ingest account password; §5 new password',
    ...manage,
    params: IdParams,
    body: IngestPasswordBody,
    response: IngestAccount,
  }),
  uploadIngestAccountXslt: endpoint({
    method: 'POST',
    path: '/v2/inventories/{id}/ingestAccount/xslt',
    summary: 'Upload the XSLT document of the ingest account (no DTDs, external references or scripts; 256 KB at most)',
    spec: '001 §7 Inventories: ingest account xslt upload',
    ...manage,
    params: IdParams,
    body: IngestXsltBody,
    response: IngestAccount,
  }),
  deleteIngestAccount: endpoint({
    method: 'DELETE',
    path: '/v2/inventories/{id}/ingestAccount',
    summary: "Delete the inventory's ingest account (a repeated delete succeeds)",
    spec: '001 §7 Inventories: ingest account delete',
    ...manage,
    params: IdParams,
    response: IngestAccountDeleted,
  }),
  testIngestAccount: endpoint({
    method: 'POST',
    path: '/v2/inventories/{id}/ingestAccount/test',
    summary: 'Test the ingest account: success, or the reason it would fail',
    spec: '001 §7 Inventories: ingest account test',
    ...manage,
    params: IdParams,
    response: IngestAccountTest,
  }),
  // ── ingest servers ──
  getInventoryIngestServers: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/ingestServers',
    summary: "The inventory's ingest servers",
    spec: '001 §7 Inventories: ingest servers',
    ...read,
    params: IdParams,
    response: InventoryIngestServers,
  }),
  getInventoryIngestServerChannels: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/ingestServers/{serverId}/channels',
    summary: 'The channels of the inventory an ingest server feeds',
    spec: '001 §7 Inventories: ingest servers and channel associations',
    ...read,
    params: InventoryServerParams,
    response: InventoryIngestServerChannels,
  }),
  addInventoryIngestServerChannel: endpoint({
    method: 'PUT',
    path: '/v2/inventories/{id}/ingestServers/{serverId}/channels/{channelId}',
    summary: 'Associate a channel of the inventory with an ingest server (not a busy channel, nor one another ingest server feeds)',
    spec: "001 §7 Inventories: ingest servers and channel associations; §8 'ingest or busy channel conflicts', 'association already exists'",
    ...manage,
    params: InventoryServerChannelParams,
    response: ChannelIngestAssociation,
  }),
  removeInventoryIngestServerChannel: endpoint({
    method: 'DELETE',
    path: '/v2/inventories/{id}/ingestServers/{serverId}/channels/{channelId}',
    summary: 'Remove the association of a channel with an ingest server (not while the channel is busy)',
    spec: "001 §7 Inventories: ingest servers and channel associations; §8 'ingest or busy channel conflicts'",
    ...manage,
    params: InventoryServerChannelParams,
    response: ChannelIngestAssociation,
  }),
} as const satisfies Record<string, EndpointDef>;
