/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; /publishers and /subscribers).
 *
 * The spec shows no share calls ("share ... calls: not shown"): these are what the two screens under
 * manage/shares need. Every call is for SHARES_ROLES (§2 "Shares need super_user or
 * luc_media_group_admin"), reads and writes alike. The inventory paths are scoped by the route;
 * publishers, folders and subscribers by id are scoped by the service (an object of a group or
 * inventory the caller does not have answers 404, as an unknown one).
 */
import { SHARES_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateFolderBody, CreatePublisherBody, CreateShareLinkBody, CreateSubscriberBody, FolderDeleted, Publisher, PublisherDeleted, PublisherPage,
  PublisherSearchQuery, RegenerateShareKeyBody, ShareLinkParams, Subscriber, SubscriberDeleted, SubscriberFolder, SubscriberFolderTree,
  ShareSourceCandidates, SubscriberPage, SubscriberSearchQuery, UpdateFolderBody, UpdatePublisherBody, UpdateSubscriberBody,
} from '../entities/shares.js';
import { endpoint, type EndpointDef } from './define.js';

const byId = { roles: SHARES_ROLES, scope: 'none' } as const;
const inventory = { roles: SHARES_ROLES, scope: 'inventory' } as const;
const NOT_SHOWN = "001 §7 'share ... calls: not shown'";

export const shareEndpoints = {
  listPublishers: endpoint({
    method: 'GET',
    path: '/v2/shares/publishers',
    summary: "The publishers of the caller's groups (one group's with groupId): search by name, paging, sort",
    spec: `001 §2 /publishers; §3 Publisher; ${NOT_SHOWN}`,
    ...byId,
    query: PublisherSearchQuery,
    response: PublisherPage,
  }),
  createPublisher: endpoint({
    method: 'POST',
    path: '/v2/shares/publishers',
    summary: "Create a publisher of one of the caller's groups (name 1-32, description 0-32, channels and video return channels of the group it shares; the share key is made by the core)",
    spec: "001 §3 Publisher: name, share key, description, group, created on and by; §5 'Publisher name 1-32, description 0-32'",
    roles: SHARES_ROLES,
    scope: 'group',
    scopeFrom: 'body',
    scopeParam: 'groupId',
    body: CreatePublisherBody,
    response: Publisher,
    successStatus: 201,
  }),
  listShareSources: endpoint({
    method: 'GET',
    path: '/v2/shares/groups/{id}/sources',
    summary: "The channels and video return channels of a group of the caller's that its publishers may share",
    spec: `001 §3 Publisher: group; Group: channels, video return channels; ${NOT_SHOWN}`,
    roles: SHARES_ROLES,
    scope: 'group',
    params: IdParams,
    response: ShareSourceCandidates,
  }),
  updatePublisher: endpoint({
    method: 'PUT',
    path: '/v2/shares/publishers/{id}',
    summary: "Change a publisher's name, description or shared sources (with the version read)",
    spec: "001 §5 'Publisher name 1-32, description 0-32'",
    ...byId,
    params: IdParams,
    body: UpdatePublisherBody,
    response: Publisher,
  }),
  regeneratePublisherShareKey: endpoint({
    method: 'PUT',
    path: '/v2/shares/publishers/{id}/shareKey',
    summary: 'Give the publisher a new share key (subscribers of the old key no longer match it)',
    spec: `001 §3 Publisher: share key; ${NOT_SHOWN}`,
    ...byId,
    params: IdParams,
    body: RegenerateShareKeyBody,
    response: Publisher,
  }),
  deletePublisher: endpoint({
    method: 'DELETE',
    path: '/v2/shares/publishers/{id}',
    summary: 'Delete a publisher and its share links',
    spec: `001 §3 Publisher; ${NOT_SHOWN}`,
    ...byId,
    params: IdParams,
    response: PublisherDeleted,
  }),
  createShareLink: endpoint({
    method: 'POST',
    path: '/v2/shares/publishers/{id}/links',
    summary: "Add a share link to a publisher (description, start in the future, duration; at most 10); answers the publisher with its links",
    spec: "001 §3 Share link: description, start time, duration, end time; §5 'Share links: at most 10; description mandatory; start in the future; duration required'; §9 'Max 10 share links'",
    ...byId,
    params: IdParams,
    body: CreateShareLinkBody,
    response: Publisher,
    successStatus: 201,
  }),
  deleteShareLink: endpoint({
    method: 'DELETE',
    path: '/v2/shares/publishers/{id}/links/{linkId}',
    summary: 'Remove one share link of a publisher; answers the publisher with its remaining links',
    spec: `001 §3 Share link; ${NOT_SHOWN}`,
    ...byId,
    params: ShareLinkParams,
    response: Publisher,
  }),
  listSubscriberFolders: endpoint({
    method: 'GET',
    path: '/v2/shares/inventories/{id}/folders',
    summary: "The inventory's subscriber folder tree (the root folder first, made on first read)",
    spec: `001 §2 /subscribers 'share publishers and subscribers (with folders)'; §3 Subscriber / folder; ${NOT_SHOWN}`,
    ...inventory,
    params: IdParams,
    response: SubscriberFolderTree,
  }),
  createSubscriberFolder: endpoint({
    method: 'POST',
    path: '/v2/shares/inventories/{id}/folders',
    summary: 'Create a subscriber folder under another folder of the inventory (the root when no parent is given)',
    spec: "001 §3 Subscriber / folder; §5 'subscriber name 1-32'",
    ...inventory,
    params: IdParams,
    body: CreateFolderBody,
    response: SubscriberFolder,
    successStatus: 201,
  }),
  updateSubscriberFolder: endpoint({
    method: 'PUT',
    path: '/v2/shares/folders/{id}',
    summary: 'Rename a subscriber folder or move it under another folder of its inventory (never the root folder)',
    spec: "001 §5 'Editing root subscriber folders not allowed'",
    ...byId,
    params: IdParams,
    body: UpdateFolderBody,
    response: SubscriberFolder,
  }),
  deleteSubscriberFolder: endpoint({
    method: 'DELETE',
    path: '/v2/shares/folders/{id}',
    summary: 'Delete a subscriber folder with its sub-folders; their subscribers move up to its parent (never the root folder)',
    spec: "001 §5 'Editing root subscriber folders not allowed'",
    ...byId,
    params: IdParams,
    response: FolderDeleted,
  }),
  listSubscribers: endpoint({
    method: 'GET',
    path: '/v2/shares/inventories/{id}/subscribers',
    summary: "The inventory's subscribers (one folder's with folderId): search by name, paging, sort",
    spec: `001 §2 /subscribers; §3 Subscriber: name, share key, folder; ${NOT_SHOWN}`,
    ...inventory,
    params: IdParams,
    query: SubscriberSearchQuery,
    response: SubscriberPage,
  }),
  createSubscriber: endpoint({
    method: 'POST',
    path: '/v2/shares/inventories/{id}/subscribers',
    summary: "Create a subscriber in a folder of the inventory with a publisher's share key",
    spec: "001 §3 Subscriber: name, share key, folder; §5 'subscriber name 1-32'",
    ...inventory,
    params: IdParams,
    body: CreateSubscriberBody,
    response: Subscriber,
    successStatus: 201,
  }),
  updateSubscriber: endpoint({
    method: 'PUT',
    path: '/v2/shares/subscribers/{id}',
    summary: 'Rename a subscriber, give it another share key, or move it to another folder of its inventory',
    spec: "001 §3 Subscriber; §5 'subscriber name 1-32'",
    ...byId,
    params: IdParams,
    body: UpdateSubscriberBody,
    response: Subscriber,
  }),
  deleteSubscriber: endpoint({
    method: 'DELETE',
    path: '/v2/shares/subscribers/{id}',
    summary: 'Delete a subscriber',
    spec: `001 §3 Subscriber; ${NOT_SHOWN}`,
    ...byId,
    params: IdParams,
    response: SubscriberDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
