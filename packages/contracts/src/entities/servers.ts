/**
 * Request and answer shapes of the server calls (spec 001 §3 Server, §7 Servers). `ServerDetail`
 * is the one shape server reads answer with (GET servers/{id}, admin inventory servers) and the
 * `/devices` servers tab and the realtime server events use. Where the spec leaves a shape "not
 * shown", the shape here is the one the console's screens use.
 */
import { z } from 'zod';
import { IFB_MODES, PUBLISHING_MODES } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { IpPipeState, ServerType } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, SortDir, pageOf, StoredJsonObject } from './common.js';
import { SUBNET_MASK_PATTERN } from './unit-config-fields.js';
import { PAGE_OFFSET_MAX } from './unit-reads.js';
import { Applications } from './unit.js';

export const ServerDetail = z.object({
  id: Id,
  /** The server's unique id (same as id). */
  uniqueId: Id,
  name: z.string(),
  serverType: ServerType,
  productType: z.string(),
  serial: z.string(),
  alias: z.string(),
  comment: z.string(),
  /** online | offline | busy | upgrading */
  status: z.string(),
  swVersion: z.string(),
  targetSwVersion: z.string().nullable(),
  inventoryId: Id.nullable(),
  ifbMode: z.enum(IFB_MODES).nullable(),
  maxChannels: z.number().int().nonnegative(),
  /** Channels of the server (the allocated count decides whether maxChannels may go down). */
  channelCount: z.number().int().nonnegative(),
  webrtcPort: z.number().int().nullable(),
  publishingMode: z.enum(PUBLISHING_MODES),
  cloudRegion: z.string().nullable(),
  cloudInstance: z.string().nullable(),
  cloudProvider: z.string().nullable(),
  genlockOffset: z.number().int().nullable(),
  deviceId: z.string().nullable(),
  tallyHwStatus: z.string().nullable(),
  audioHwStatus: z.string().nullable(),
  state: z.string().nullable(),
  /**
   * The applications running on the server (spec 001 §3 Server applications; the spec shows no
   * shape): a map of running activities in the words of a unit's (000 §3), empty while it is down.
   */
  applications: Applications,
  /** Last reported cpu and storage use, in %. */
  serverUsage: z.object({ cpu: z.number().nullable(), storage: z.number().nullable() }),
  /** seconds */
  upTime: z.number().int().nullable(),
  /** State of the IP pipe (spec 001 §4), null when the server has no IP pipe settings. */
  ipPipeState: IpPipeState.nullable(),
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type ServerDetail = z.infer<typeof ServerDetail>;

// ── Server reads ───────────────────────────────────────────────────────────────────────────────
/** Spec 001 §3 Server servicesData, §3 Service (serviceName, serviceStatus). */
export const ServerServices = z.object({
  serverId: Id,
  services: z.array(z.object({ serviceName: z.string(), serviceStatus: z.string() })),
});
export type ServerServices = z.infer<typeof ServerServices>;

/** What the server can do (as it reports it; the spec leaves the shape "not shown"). */
export const ServerCapabilities = z.object({ serverId: Id, capabilities: StoredJsonObject });
export type ServerCapabilities = z.infer<typeof ServerCapabilities>;

/** Hardware and product specifications of the server (shape not shown in the spec). */
export const ServerSpecifications = z.object({
  serverId: Id,
  productType: z.string(),
  serverType: ServerType,
  specifications: StoredJsonObject,
});
export type ServerSpecifications = z.infer<typeof ServerSpecifications>;

/** The server's addresses (one row per interface). */
export const ServerIps = z.object({
  serverId: Id,
  ips: z.array(z.object({ name: z.string(), address: z.string() })),
});
export type ServerIps = z.infer<typeof ServerIps>;

/** The server's live status (spec 001 §3 state, serverUsage, upTime). */
export const ServerStatusInfo = z.object({
  serverId: Id,
  status: z.string(),
  online: z.boolean(),
  state: z.string().nullable(),
  serverUsage: z.object({ cpu: z.number().nullable(), storage: z.number().nullable() }),
  upTime: z.number().int().nullable(),
});
export type ServerStatusInfo = z.infer<typeof ServerStatusInfo>;

export const ServerComment = z.object({ serverId: Id, comment: z.string(), version: z.number().int().nonnegative() });
export type ServerComment = z.infer<typeof ServerComment>;

/** Optimistic version of the server an edit was made against (omitted: last write wins). */
const ServerVersion = z.number().int().nonnegative().optional();

/** PUT servers/{id}/comment: at most 255 characters (spec 001 §5 "Must be no more than 255 characters"). */
export const ServerCommentBody = z.object({ comment: z.string().max(255), version: ServerVersion }).strict();
export type ServerCommentBody = z.infer<typeof ServerCommentBody>;

/** PUT servers/{id}/resetinstance: accepted; the server goes offline, then comes back with its channels. */
export const ServerResetAccepted = z.object({ serverId: Id, accepted: z.literal(true) });
export type ServerResetAccepted = z.infer<typeof ServerResetAccepted>;

// ── Multimedia hub / video return server configuration ───────────────────────────────────────
/** A certificate the server holds (TLS for its channels and registration). */
export const ServerCertificate = z.object({ id: z.string(), name: z.string(), expiresAt: IsoDate.nullable() });
export type ServerCertificate = z.infer<typeof ServerCertificate>;

/**
 * The server detail screen's configuration form (spec 001 §3 Server): what a broadcast engineer
 * edits on a multimedia hub or video return server. ifbMode (V1/V2) is the audio IFB generation
 * (multimedia hubs only; null on video return servers), maxChannels the channels the server may
 * run, webrtcPort the port browsers reach it on, publishingMode whether channels publish by
 * themselves, genlockOffset the SDI/SMPTE output timing, registrationServer/Port where the server
 * registers, certificates the ones it holds.
 */
export const ServerConfiguration = z.object({
  serverId: Id,
  serverType: ServerType,
  ifbMode: z.enum(IFB_MODES).nullable(),
  maxChannels: z.number().int().nonnegative(),
  /** Channels of the server allocated to a unit or busy (maxChannels may not go below). */
  allocatedChannels: z.number().int().nonnegative(),
  webrtcPort: z.number().int().nullable(),
  publishingMode: z.enum(PUBLISHING_MODES),
  genlockOffset: z.number().int().nullable(),
  registrationServer: z.string().nullable(),
  registrationServerPort: z.number().int().nullable(),
  certificates: z.array(ServerCertificate),
  version: z.number().int().nonnegative(),
});
export type ServerConfiguration = z.infer<typeof ServerConfiguration>;

/** Spec 001 §5: genlock offset -511..511, webrtc port 1-65353, registration server port 1-65535. */
export const GENLOCK_OFFSET_RANGE = [-511, 511] as const;
export const WEBRTC_PORT_RANGE = [1, 65353] as const;
export const SERVER_PORT_RANGE = [1, 65535] as const;
const GenlockOffset = z.number().int().min(GENLOCK_OFFSET_RANGE[0]).max(GENLOCK_OFFSET_RANGE[1]);
const Port = z.number().int().min(SERVER_PORT_RANGE[0]).max(SERVER_PORT_RANGE[1]);

/**
 * POST mmhservers/{id}/configuration and vrservers/{id}/configuration: the fields to change (the
 * others stay), or `removeCertificateId` to delete one certificate (refused while the server is
 * busy, spec 001 §5). The device must accept a change before it is stored.
 */
export const ServerConfigurationBody = z
  .object({
    ifbMode: z.enum(IFB_MODES).optional(),
    maxChannels: z.number().int().min(0).max(1000).optional(),
    webrtcPort: z.number().int().min(WEBRTC_PORT_RANGE[0]).max(WEBRTC_PORT_RANGE[1]).optional(),
    publishingMode: z.enum(PUBLISHING_MODES).optional(),
    genlockOffset: GenlockOffset.optional(),
    registrationServer: z.string().max(255).optional(),
    registrationServerPort: Port.optional(),
    removeCertificateId: z.string().min(1).max(128).optional(),
    version: ServerVersion,
  })
  .strict();
export type ServerConfigurationBody = z.infer<typeof ServerConfigurationBody>;

// ── SMPTE 2110 network settings ──────────────────────────────────────────────────────────────
/** Dotted-quad subnet mask with contiguous ones, else "Invalid Subnet Mask field" (spec 001 §5). */
const SubnetMask = z.string().regex(SUBNET_MASK_PATTERN, VALIDATION.invalidSubnet);
const Ipv4 = z.ipv4();

/** One SMPTE 2110 media network interface (the primary "red" or secondary "blue" network). */
export const SmpteInterface = z.object({ ip: z.string(), subnetMask: z.string(), gateway: z.string().nullable() });
export const SmpteSettings = z.object({
  serverId: Id,
  primary: SmpteInterface.nullable(),
  secondary: SmpteInterface.nullable(),
  /** PTP domain the server follows (0-127). */
  ptpDomain: z.number().int().nullable(),
  genlockOffset: z.number().int().nullable(),
  version: z.number().int().nonnegative(),
});
export type SmpteSettings = z.infer<typeof SmpteSettings>;

const SmpteInterfaceBody = z.object({ ip: Ipv4, subnetMask: SubnetMask, gateway: Ipv4.nullable().optional() }).strict();
/** PUT mmhservers/{id}/configuration/smpte: both networks (secondary may be null: no redundancy). */
export const SmpteSettingsBody = z
  .object({
    primary: SmpteInterfaceBody,
    secondary: SmpteInterfaceBody.nullable().optional(),
    ptpDomain: z.number().int().min(0).max(127).optional(),
    genlockOffset: GenlockOffset.optional(),
    version: ServerVersion,
  })
  .strict();
export type SmpteSettingsBody = z.infer<typeof SmpteSettingsBody>;

// ── IP pipe ──────────────────────────────────────────────────────────────────────────────────
/** Spec 001 §9 "IP pipe under 1 Mbps": the pipe carries at most this much. */
export const IP_PIPE_MAX_KBPS = 1000;

/** Spec 001 §3 IP pipe settings with the pipe's §4 state; `servers` is one page of the list. */
export const IpPipeSettings = z.object({
  serverId: Id,
  configured: z.boolean(),
  enabled: z.boolean(),
  port: z.number().int().nullable(),
  /** kbps, under 1 Mbps (spec 001 §9). */
  bitrateKbps: z.number().int().nullable(),
  servers: z.array(z.string()),
  serverCount: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  state: IpPipeState,
  version: z.number().int().nonnegative(),
});
export type IpPipeSettings = z.infer<typeof IpPipeSettings>;

/** GET ippipe: the server list is paged (spec 001 §9 "IP pipe server list 1000"). */
export const IpPipeQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.ipPipeServerListPageSize).default(LIMITS.ipPipeServerListPageSize),
  })
  .strict();
export type IpPipeQuery = z.infer<typeof IpPipeQuery>;

/** POST (create) and PUT (update) mmhservers/{id}/configuration/ippipe. */
export const IpPipeBody = z
  .object({
    enabled: z.boolean(),
    port: Port,
    bitrateKbps: z
      .number()
      .int()
      .min(1)
      .max(IP_PIPE_MAX_KBPS - 1)
      .optional(),
    /** Hosts or addresses of the IP pipe servers. */
    servers: z.array(z.string().min(1).max(255)).max(LIMITS.ipPipeServerListPageSize),
    version: ServerVersion,
  })
  .strict();
export type IpPipeBody = z.infer<typeof IpPipeBody>;

// ── Admin inventory servers ──────────────────────────────────────────────────────────────────
export const ADMIN_SERVER_SEARCH_KEYS = ['name', 'uniqueId', 'serial', 'alias', 'productType', 'status', 'swVersion', 'comment'] as const;
export const ADMIN_SERVER_SORT_KEYS = ['name', 'uniqueId', 'serial', 'alias', 'productType', 'serverType', 'status', 'swVersion', 'updatedAt'] as const;

/**
 * GET v2/admin/inventories/{id}/servers (spec 001 §7): type (server type), offset, limit
 * (default 50, §9 search default page size), searchKey (default name), searchValue (contains,
 * case-insensitive), sortBy (default name), sortDir (default asc).
 */
export const AdminServerSearchQuery = z
  .object({
    type: ServerType.optional(),
    offset: z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    searchKey: z.enum(ADMIN_SERVER_SEARCH_KEYS).optional(),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(ADMIN_SERVER_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminServerSearchQuery = z.infer<typeof AdminServerSearchQuery>;
export const AdminServerPage = pageOf(ServerDetail);
export type AdminServerPage = z.infer<typeof AdminServerPage>;
