/**
 * What's new entries (spec 001 §2 /whats_new; spec 000 §2 user menu what's new). The spec shows no
 * calls: the user menu reads the published entries (every signed-in console user), the /whats_new
 * super-user page lists every entry (drafts too) and creates, edits, publishes and deletes them.
 *
 * Roles: the read for the user menu is for every role; the admin calls for PLATFORM_ADMIN_ROLES
 * (super_user and staff, who see every entry: no object scope). Changes are announced on /ws as
 * `whatsNew.changed` / `whatsNew.removed` to every topic, so an open what's-new view follows them.
 */
import { ALL_ROLES, PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateWhatsNewBody,
  PublishWhatsNewBody,
  UpdateWhatsNewBody,
  WhatsNewDeleted,
  WhatsNewEntry,
  WhatsNewFeed,
  WhatsNewPage,
  WhatsNewSearchQuery,
} from '../entities/whats-new.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const whatsNewEndpoints = {
  listWhatsNew: endpoint({
    method: 'GET',
    path: '/v2/whatsNew',
    summary: "What's new for the user menu: the published, active entries, newest published first",
    spec: "000 §2 user menu: what's new",
    roles: ALL_ROLES,
    scope: 'none',
    response: WhatsNewFeed,
  }),
  listAdminWhatsNew: endpoint({
    method: 'GET',
    path: '/v2/admin/whatsNew',
    summary: "Every what's new entry, drafts too (the /whats_new list: page of 50, search by title, filter by draft/published)",
    spec: '001 §2 /whats_new super-user page',
    ...admin,
    query: WhatsNewSearchQuery,
    response: WhatsNewPage,
  }),
  createWhatsNew: endpoint({
    method: 'POST',
    path: '/v2/admin/whatsNew',
    summary: "Create a what's new entry (title, text, release version, link), a draft unless published at once",
    spec: "001 §2 /whats_new super-user page; §5 'This field is required'",
    ...admin,
    body: CreateWhatsNewBody,
    response: WhatsNewEntry,
    successStatus: 201,
  }),
  getWhatsNew: endpoint({
    method: 'GET',
    path: '/v2/admin/whatsNew/{id}',
    summary: "A what's new entry (the edit form, with its version)",
    spec: '001 §2 /whats_new super-user page',
    ...admin,
    params: IdParams,
    response: WhatsNewEntry,
  }),
  updateWhatsNew: endpoint({
    method: 'PUT',
    path: '/v2/admin/whatsNew/{id}',
    summary: "Change a what's new entry's title, text, release version, link or active flag",
    spec: "001 §2 /whats_new super-user page; §5 'This field is required'",
    ...admin,
    params: IdParams,
    body: UpdateWhatsNewBody,
    response: WhatsNewEntry,
  }),
  publishWhatsNew: endpoint({
    method: 'PUT',
    path: '/v2/admin/whatsNew/{id}/published',
    summary: "Publish a what's new entry now (users see it) or take it back to a draft",
    spec: '001 §2 /whats_new super-user page',
    ...admin,
    params: IdParams,
    body: PublishWhatsNewBody,
    response: WhatsNewEntry,
  }),
  deleteWhatsNew: endpoint({
    method: 'DELETE',
    path: '/v2/admin/whatsNew/{id}',
    summary: "Delete a what's new entry",
    spec: '001 §2 /whats_new super-user page',
    ...admin,
    params: IdParams,
    response: WhatsNewDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
