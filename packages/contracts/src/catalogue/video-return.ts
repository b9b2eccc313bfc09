/**
 * Video return channels of spec 001 §7: by group, update, capabilities, input sources, ips, admin lists by inventory and global, by uid, create, inventories, groups, groups of inventories.
 *
 * Reads are for every console user (read-only included: the /video_return screen shows to them);
 * writes from the screen need the broader set of §2 ("Channels, devices and video return need the
 * broader set including luc_regular"); admin calls the admin roles, scoped by the service to the
 * admin's own inventories (super user and staff: all), unknown and foreign both 404.
 */
import { ADMIN_UNIT_ROLES, BROADER_ROLES, CONSOLE_ROLES, ENTITY_LIST_ROLES, INVENTORY_VR_CHANNEL_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  AdminVrChannelDeleted, AdminVrChannelGroupPage, AdminVrChannelGroupsQuery, AdminVrChannelInventory, AdminVrChannelPage,
  AdminVrChannelSearchQuery, CreateAdminVrChannelBody, GroupVrChannelList, SetVrInputSourceBody, UpdateAdminVrChannelBody,
  UpdateVrChannelBody, VrChannelCapabilities, VrChannelDetail, VrChannelInputSources, VrChannelIps, VrChannelUidParams, VrGroupParams,
} from '../entities/video-return.js';
import { z } from 'zod';
import { endpoint, type EndpointDef } from './define.js';

const read = { roles: CONSOLE_ROLES, scope: 'vrChannel' } as const;
const admin = { roles: ADMIN_UNIT_ROLES, scope: 'none' } as const;
const UidParams = z.object({ uid: IdParams.shape.id }).strict();

export const videoReturnEndpoints = {
  listGroupVrChannels: endpoint({
    method: 'GET',
    path: '/v0/groups/{groupId}/video-return-channels',
    summary: "The group's video return channels (the /video_return list) with counts by status",
    spec: '001 §7 Video return channels: GET v0/groups/{groupId}/video-return-channels',
    roles: CONSOLE_ROLES,
    scope: 'group',
    scopeParam: 'groupId',
    params: VrGroupParams,
    response: GroupVrChannelList,
  }),
  updateVrChannel: endpoint({
    method: 'POST',
    path: '/v0/video-return-channels/{uniqueId}/update',
    summary: 'Change the configuration tab (input type, URL, passphrase, port, latency) and name/description; sent to the device first',
    spec: "001 §7 Video return channels: POST v0/video-return-channels/{uniqueId}/update (body: channel); §5 SRT key, ports, names; §8 'Configuration not sent, retry'",
    roles: BROADER_ROLES,
    scope: 'vrChannel',
    scopeParam: 'uniqueId',
    params: VrChannelUidParams,
    body: UpdateVrChannelBody,
    response: VrChannelDetail,
  }),
  getVrChannelCapabilities: endpoint({
    method: 'GET',
    path: '/v2/vrChannels/{id}/capabilities',
    summary: 'What the video return channel supports (input types and hardware capabilities)',
    spec: '001 §7 Video return channels: GET v2/vrChannels/{id}/capabilities',
    ...read,
    params: IdParams,
    response: VrChannelCapabilities,
  }),
  getVrChannelInputSources: endpoint({
    method: 'GET',
    path: '/v2/vrChannels/{id}/inputSources',
    summary: 'The input source in use and the ones the channel offers',
    spec: '001 §7 Video return channels: GET inputSources',
    ...read,
    params: IdParams,
    response: VrChannelInputSources,
  }),
  setVrChannelInputSource: endpoint({
    method: 'POST',
    path: '/v2/vrChannels/{id}/inputSources',
    summary: 'Choose the input source (disabled, SDI or SRT); sent to the device first',
    spec: "001 §7 Video return channels: POST inputSources; §8 'Configuration not sent, retry'",
    roles: BROADER_ROLES,
    scope: 'vrChannel',
    params: IdParams,
    body: SetVrInputSourceBody,
    response: VrChannelInputSources,
  }),
  getVrChannelIps: endpoint({
    method: 'GET',
    path: '/v2/vrChannels/{id}/ips',
    summary: 'The addresses the video return channel receives on',
    spec: '001 §7 Video return channels: GET ips',
    ...read,
    params: IdParams,
    response: VrChannelIps,
  }),
  listAdminInventoryVrChannels: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/{id}/vrChannels',
    summary: "Search an inventory's video return channels (page of 50 by default, key name)",
    spec: '001 §7 Video return channels: GET v2/admin/inventories/{id}/vrChannels (limit, offset, searchKey, searchValue, sortBy, sortDir); §9 video return search 50, key name',
    ...admin,
    roles: INVENTORY_VR_CHANNEL_ROLES,
    params: IdParams,
    query: AdminVrChannelSearchQuery,
    response: AdminVrChannelPage,
  }),
  searchAdminVrChannels: endpoint({
    method: 'GET',
    path: '/v2/admin/vrChannels',
    summary: 'Search the video return channels of the admin’s inventories (page of 50 by default, key name)',
    spec: '001 §7 Video return channels: GET v2/admin/vrChannels (limit, offset, searchKey, searchValue, optional sortBy, sortDir); §9 video return search 50, key name',
    ...admin,
    roles: ENTITY_LIST_ROLES,
    query: AdminVrChannelSearchQuery,
    response: AdminVrChannelPage,
  }),
  getAdminVrChannel: endpoint({
    method: 'GET',
    path: '/v2/admin/vrChannels/{uid}',
    summary: 'A video return channel with its associations',
    spec: '001 §7 Video return channels: GET v2/admin/vrChannels/{uid}',
    ...admin,
    params: UidParams,
    response: VrChannelDetail,
  }),
  updateAdminVrChannel: endpoint({
    method: 'PUT',
    path: '/v2/admin/vrChannels/{uid}',
    summary: 'Change name, description, serial, server, and the inventories and groups it is shared with (feed sharing)',
    spec: "001 §7 Video return channels: PUT v2/admin/vrChannels/{uid}; §5 names, 'Name field has to be unique'",
    ...admin,
    params: UidParams,
    body: UpdateAdminVrChannelBody,
    response: VrChannelDetail,
  }),
  deleteAdminVrChannel: endpoint({
    method: 'DELETE',
    path: '/v2/admin/vrChannels/{uid}',
    summary: 'Delete a video return channel (not while it is collecting)',
    spec: '001 §7 Video return channels: DELETE v2/admin/vrChannels/{uid}',
    ...admin,
    params: UidParams,
    response: AdminVrChannelDeleted,
  }),
  createAdminVrChannel: endpoint({
    method: 'POST',
    path: '/v2/admin/vrChannels',
    summary: 'Create a video return channel in inventories of the admin',
    spec: "001 §7 Video return channels: POST v2/admin/vrChannels; §5 names (letters, numbers, underscores, hyphens), 'Name field has to be unique'",
    ...admin,
    body: CreateAdminVrChannelBody,
    response: VrChannelDetail,
    successStatus: 201,
  }),
  getAdminVrChannelInventories: endpoint({
    method: 'GET',
    path: '/v2/admin/vrChannels/{id}/inventories',
    summary: 'The inventories the video return channel belongs to',
    spec: '001 §7 Video return channels: GET v2/admin/vrChannels/{id}/inventories',
    ...admin,
    params: IdParams,
    response: z.array(AdminVrChannelInventory),
  }),
  getAdminVrChannelGroups: endpoint({
    method: 'GET',
    path: '/v2/admin/vrChannels/{id}/groups',
    summary: 'The groups the video return channel is shared with (paged)',
    spec: '001 §7 Video return channels: GET v2/admin/vrChannels/{id}/groups (limit, offset)',
    ...admin,
    params: IdParams,
    query: AdminVrChannelGroupsQuery,
    response: AdminVrChannelGroupPage,
  }),
  getAdminVrChannelGroupsOfInventories: endpoint({
    method: 'GET',
    path: '/v2/admin/vrChannels/{id}/groups/ofInventories',
    summary: "The groups of the channel's inventories, each marked shared or not (feed sharing choices)",
    spec: '001 §7 Video return channels: GET v2/admin/vrChannels/{id}/groups/ofInventories (searchKey=name, searchValue, sortBy=name, sortDir=asc)',
    ...admin,
    params: IdParams,
    query: AdminVrChannelGroupsQuery,
    response: AdminVrChannelGroupPage,
  }),
} as const satisfies Record<string, EndpointDef>;
