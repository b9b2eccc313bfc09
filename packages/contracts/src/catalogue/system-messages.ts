/**
 * System messages that feed the global notification banner (spec 001 §2 system messages, global notification banner; §3 Notification expireDate, globalNotification; §9 expiry flags within 2 h and 24 h).
 *
 * The spec shows no calls and gives the screen no route of its own: the admin calls below serve the
 * "System messages" section of the /whats_new super-user page. Users read their messages through
 * client_notifications/fetch (the banner); every change is pushed to the users it concerns as the
 * `notification` event (and `notification.removed` when a message is deleted or no longer theirs), so
 * an open banner follows it without waiting for its 5-minute poll.
 *
 * Roles: PLATFORM_ADMIN_ROLES (super_user and staff see every message: no object scope).
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateSystemMessageBody,
  SystemMessage,
  SystemMessageDeleted,
  SystemMessagePage,
  SystemMessageSearchQuery,
  UpdateSystemMessageBody,
} from '../entities/system-messages.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const systemMessageEndpoints = {
  listSystemMessages: endpoint({
    method: 'GET',
    path: '/v2/admin/systemMessages',
    summary: 'Every system message, expired ones too (page of 50, search in the text, filter current / expired, newest first)',
    spec: '001 §2 system messages; §3 Notification: expireDate, globalNotification',
    ...admin,
    query: SystemMessageSearchQuery,
    response: SystemMessagePage,
  }),
  createSystemMessage: endpoint({
    method: 'POST',
    path: '/v2/admin/systemMessages',
    summary: 'Create a system message: text, level, expiry date (in the future), global or for one inventory',
    spec: "001 §2 system messages, global notification banner; §3 Notification: expireDate, globalNotification; §5 'This field is required'",
    ...admin,
    body: CreateSystemMessageBody,
    response: SystemMessage,
    successStatus: 201,
  }),
  getSystemMessage: endpoint({
    method: 'GET',
    path: '/v2/admin/systemMessages/{id}',
    summary: 'A system message (the edit form, with its version)',
    spec: '001 §2 system messages',
    ...admin,
    params: IdParams,
    response: SystemMessage,
  }),
  updateSystemMessage: endpoint({
    method: 'PUT',
    path: '/v2/admin/systemMessages/{id}',
    summary: "Change a system message's text, level, expiry date or audience",
    spec: '001 §2 system messages; §3 Notification: expireDate, globalNotification',
    ...admin,
    params: IdParams,
    body: UpdateSystemMessageBody,
    response: SystemMessage,
  }),
  deleteSystemMessage: endpoint({
    method: 'DELETE',
    path: '/v2/admin/systemMessages/{id}',
    summary: 'Delete a system message (it leaves the banners at once)',
    spec: '001 §2 system messages, global notification banner',
    ...admin,
    params: IdParams,
    response: SystemMessageDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
