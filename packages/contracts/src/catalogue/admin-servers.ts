/**
 * Servers as platform records (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server): create, change and delete by the system admin console.
 *
 * The spec shows only the inventory list (GET admin/inventories/{inv}/servers, in servers.ts); the
 * system admin console needs every server by type, and the writes behind its forms. Platform
 * admins (super user and staff, spec 001 §6) only: every server is theirs, so unknown answers 404.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { AdminServerPage, ServerDetail } from '../entities/servers.js';
import { AdminServerDeleted, AdminServersQuery, CreateAdminServerBody, UpdateAdminServerBody } from '../entities/admin-servers.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const adminServerEndpoints = {
  searchAdminServers: endpoint({
    method: 'GET',
    path: '/v2/admin/servers',
    summary: 'Every server of a type (or the IFB-capable multimedia hubs): search, paging (50), sort',
    spec: "001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers and the support staff's IFB Servers; path chosen: v2/admin/servers (query as admin/inventories/{inv}/servers); §9 search page size 50",
    ...admin,
    query: AdminServersQuery,
    response: AdminServerPage,
  }),
  createAdminServer: endpoint({
    method: 'POST',
    path: '/v2/admin/servers',
    summary: 'Create a server (name and serial unique); the device starts reporting once it is known',
    spec: "001 §3 Server; §5 names (letters, numbers, underscores, hyphens), 'Name field has to be unique', genlock -511..511, webrtc port 1-65353",
    ...admin,
    body: CreateAdminServerBody,
    response: ServerDetail,
    successStatus: 201,
  }),
  updateAdminServer: endpoint({
    method: 'PUT',
    path: '/v2/admin/servers/{id}',
    summary: 'Change a server (identity, inventory, cloud placement; device settings sent to the server first); version-checked',
    spec: "001 §3 Server; §5 names, genlock, webrtc port; §8 max channels below allocated, IFB mode change errors, 'Configuration not sent, retry'",
    ...admin,
    params: IdParams,
    body: UpdateAdminServerBody,
    response: ServerDetail,
  }),
  deleteAdminServer: endpoint({
    method: 'DELETE',
    path: '/v2/admin/servers/{id}',
    summary: 'Delete a server with its channels (not while one of them is busy or allocated to a unit)',
    spec: "001 §3 Server; §8 'Busy channel conflict' (a channel of the server is busy or allocated)",
    ...admin,
    params: IdParams,
    response: AdminServerDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
