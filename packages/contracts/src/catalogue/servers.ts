/**
 * Servers of spec 001 §7: server reads (services, capabilities, specifications, ips, status, comment), comment and reset instance, multimedia hub and video return server configuration, SMPTE, IP pipe, admin inventory servers, ingest server channels.
 *
 * Reads are open to every console role (a read-only user sees the devices screen); changes need
 * the broader set of spec 001 §2 ("devices ... need the broader set including luc_regular"); the
 * admin inventory list needs the admin roles (and the contractor, read only), the service checking
 * the caller's own inventories.
 * Every `servers/{id}`-like call is server-scoped: unknown and foreign servers answer 404.
 */
import { BROADER_ROLES, CONSOLE_ROLES, ENTITY_LIST_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { ChannelList } from '../entities/channels.js';
import {
  AdminServerPage,
  AdminServerSearchQuery,
  IpPipeBody,
  IpPipeQuery,
  IpPipeSettings,
  ServerCapabilities,
  ServerComment,
  ServerCommentBody,
  ServerConfiguration,
  ServerConfigurationBody,
  ServerDetail,
  ServerIps,
  ServerResetAccepted,
  ServerServices,
  ServerSpecifications,
  ServerStatusInfo,
  SmpteSettings,
  SmpteSettingsBody,
} from '../entities/servers.js';
import { endpoint, type EndpointDef } from './define.js';

const read = { roles: CONSOLE_ROLES, scope: 'server', params: IdParams } as const;
const write = { roles: BROADER_ROLES, scope: 'server', params: IdParams } as const;

export const serverEndpoints = {
  getServer: endpoint({
    method: 'GET',
    path: '/servers/{id}',
    summary: 'One server with its live status, configuration summary and last cpu/storage use',
    spec: '001 §7 Servers: GET servers/{id}',
    ...read,
    response: ServerDetail,
  }),
  getServerServices: endpoint({
    method: 'GET',
    path: '/servers/{id}/services',
    summary: "The server's services and their status",
    spec: '001 §7 Servers: GET servers/{id}/services',
    ...read,
    response: ServerServices,
  }),
  getServerCapabilities: endpoint({
    method: 'GET',
    path: '/servers/{id}/capabilities',
    summary: 'What the server can do',
    spec: '001 §7 Servers: GET servers/{id}/capabilities',
    ...read,
    response: ServerCapabilities,
  }),
  getServerSpecifications: endpoint({
    method: 'GET',
    path: '/servers/{id}/specifications',
    summary: "The server's hardware and product specifications",
    spec: '001 §7 Servers: GET servers/{id}/specifications',
    ...read,
    response: ServerSpecifications,
  }),
  getServerIps: endpoint({
    method: 'GET',
    path: '/servers/{id}/ips',
    summary: "The server's addresses",
    spec: '001 §7 Servers: GET servers/{id}/ips',
    ...read,
    response: ServerIps,
  }),
  getServerStatus: endpoint({
    method: 'GET',
    path: '/servers/{id}/status',
    summary: "The server's live status, state, cpu/storage use and uptime",
    spec: '001 §7 Servers: GET servers/{id}/status',
    ...read,
    response: ServerStatusInfo,
  }),
  getServerComment: endpoint({
    method: 'GET',
    path: '/servers/{id}/comment',
    summary: "The server's comment",
    spec: '001 §7 Servers: GET servers/{id}/comment',
    ...read,
    response: ServerComment,
  }),
  setServerComment: endpoint({
    method: 'PUT',
    path: '/servers/{id}/comment',
    summary: "Change the server's comment (version-checked when a version is given)",
    spec: "001 §7 Servers: PUT servers/{id}/comment; §5 'Must be no more than 255 characters'",
    ...write,
    body: ServerCommentBody,
    response: ServerComment,
  }),
  resetServerInstance: endpoint({
    method: 'PUT',
    path: '/servers/{id}/resetinstance',
    summary: "Restart the server's instance: it goes offline, then comes back online with its channels",
    spec: "001 §7 Servers: PUT servers/{id}/resetinstance; §8 'Configuration not sent, retry'",
    ...write,
    response: ServerResetAccepted,
  }),
  getMmhServerConfiguration: endpoint({
    method: 'GET',
    path: '/mmhservers/{id}/configuration',
    summary: "A multimedia hub's configuration (IFB mode, max channels, webrtc port, publishing mode, genlock, registration, certificates)",
    spec: '001 §7 Servers: GET mmhservers/{id}/configuration',
    ...read,
    response: ServerConfiguration,
  }),
  setMmhServerConfiguration: endpoint({
    method: 'POST',
    path: '/mmhservers/{id}/configuration',
    summary: "Change a multimedia hub's configuration, or delete one of its certificates (the device must accept it)",
    spec: '001 §7 Servers: POST mmhservers/{id}/configuration; §5 genlock offset, webrtc port, registration server port, certificate deletion not allowed while device busy; §8 IFB mode change errors, max channels below allocated, configuration not sent, certificate not found, certificate deletion failed',
    ...write,
    body: ServerConfigurationBody,
    response: ServerConfiguration,
  }),
  getVrServerConfiguration: endpoint({
    method: 'GET',
    path: '/vrservers/{id}/configuration',
    summary: "A video return server's configuration",
    spec: '001 §7 Servers: GET vrservers/{id}/configuration',
    ...read,
    response: ServerConfiguration,
  }),
  setVrServerConfiguration: endpoint({
    method: 'POST',
    path: '/vrservers/{id}/configuration',
    summary: "Change a video return server's configuration (the device must accept it)",
    spec: '001 §7 Servers: POST vrservers/{id}/configuration; §5 genlock offset, webrtc port, registration server port; §8 max channels below allocated, configuration not sent',
    ...write,
    body: ServerConfigurationBody,
    response: ServerConfiguration,
  }),
  getMmhServerSmpte: endpoint({
    method: 'GET',
    path: '/mmhservers/{id}/configuration/smpte',
    summary: "A multimedia hub's SMPTE 2110 network settings",
    spec: '001 §7 Servers: GET mmhservers/{id}/configuration/smpte',
    ...read,
    response: SmpteSettings,
  }),
  setMmhServerSmpte: endpoint({
    method: 'PUT',
    path: '/mmhservers/{id}/configuration/smpte',
    summary: "Change a multimedia hub's SMPTE 2110 network settings (the device must accept them)",
    spec: "001 §7 Servers: PUT mmhservers/{id}/configuration/smpte; §5 'Invalid IP field', 'Invalid Subnet Mask field', genlock offset",
    ...write,
    body: SmpteSettingsBody,
    response: SmpteSettings,
  }),
  getMmhServerIpPipe: endpoint({
    method: 'GET',
    path: '/mmhservers/{id}/configuration/ippipe',
    summary: "A multimedia hub's IP pipe settings and state, with one page of its server list",
    spec: "001 §7 Servers: GET mmhservers/{id}/configuration/ippipe; §4 IP pipe states; §9 'IP pipe server list 1000'",
    ...read,
    query: IpPipeQuery,
    response: IpPipeSettings,
  }),
  createMmhServerIpPipe: endpoint({
    method: 'POST',
    path: '/mmhservers/{id}/configuration/ippipe',
    summary: "Create a multimedia hub's IP pipe settings (the device connects the pipe)",
    spec: '001 §7 Servers: POST mmhservers/{id}/configuration/ippipe; §5 IP pipe port 1-65535; §9 IP pipe under 1 Mbps',
    ...write,
    body: IpPipeBody,
    response: IpPipeSettings,
  }),
  updateMmhServerIpPipe: endpoint({
    method: 'PUT',
    path: '/mmhservers/{id}/configuration/ippipe',
    summary: "Change a multimedia hub's IP pipe settings (the device reconnects the pipe)",
    spec: '001 §7 Servers: PUT mmhservers/{id}/configuration/ippipe; §5 IP pipe port 1-65535; §9 IP pipe under 1 Mbps',
    ...write,
    body: IpPipeBody,
    response: IpPipeSettings,
  }),
  adminInventoryServers: endpoint({
    method: 'GET',
    path: '/v2/admin/inventories/{id}/servers',
    summary: 'The servers of an inventory, searched, sorted and paged (admins: their own inventories)',
    spec: '001 §7 Servers: GET admin/inventories/{inv}/servers (query type, limit, offset, searchKey, searchValue, sortBy, sortDir); §9 search default page size 50',
    roles: ENTITY_LIST_ROLES,
    scope: 'none',
    params: IdParams,
    query: AdminServerSearchQuery,
    response: AdminServerPage,
  }),
  ingestServerChannels: endpoint({
    method: 'GET',
    path: '/ingestservers/{id}/channels',
    summary: "An ingest server's channels with their counters",
    spec: '001 §7 Servers: GET ingestservers/{id}/channels',
    ...read,
    response: ChannelList,
  }),
} as const satisfies Record<string, EndpointDef>;
