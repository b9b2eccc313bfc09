/**
 * Servers as platform records (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server): create, change and delete by the system admin console.
 *
 * The list answers `ServerDetail` rows (the shape every server read answers with); the forms send
 * the §3 Server fields an admin sets: identity (name, serial, alias, product type, software
 * version), placement (primary inventory, cloud region / instance / provider) and the device
 * settings (IFB mode, max channels, webrtc port, publishing mode, genlock offset) with the §5 ranges.
 */
import { z } from 'zod';
import { IFB_MODES, PUBLISHING_MODES } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { ServerType } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { Id, SortDir } from './common.js';
import { CHANNEL_NAME_PATTERN } from './channels.js';
import { ADMIN_SERVER_SEARCH_KEYS, ADMIN_SERVER_SORT_KEYS, GENLOCK_OFFSET_RANGE, WEBRTC_PORT_RANGE } from './servers.js';

/** Versions are stored as 32-bit integers (PostgreSQL int4). */
const INT32_MAX = 2_147_483_647;
/** The most channels a server may be set to run (as the server configuration form). */
export const SERVER_MAX_CHANNELS = 1000;

/**
 * GET v2/admin/servers: every server (the caller is a platform admin), by type; `ifb=true` keeps
 * the IFB-capable ones (multimedia hubs with an IFB mode: the support staff's "IFB Servers" entry).
 * Page of 50 by default (§9), search key name by default, sort by name.
 */
export const AdminServersQuery = z
  .object({
    type: ServerType.optional(),
    // "true" or "false", as the document says (any other text is refused).
    ifb: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    offset: z.coerce.number().int().min(0).max(INT32_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    searchKey: z.enum(ADMIN_SERVER_SEARCH_KEYS).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(ADMIN_SERVER_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminServersQuery = z.infer<typeof AdminServersQuery>;

/** Spec 001 §5 names: letters, numbers, underscores and hyphens; required; at most 255. */
export const ServerName = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255)
  .regex(CHANNEL_NAME_PATTERN, VALIDATION.unitNameCharacters);

const RequiredText = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255);
const OptionalText = z.string().trim().max(LIMITS.genericNameMax, VALIDATION.max255);
const int = (min: number, max: number) =>
  z.number({ error: VALIDATION.numericRequired }).int(VALIDATION.integer).min(min, VALIDATION.minValue(min)).max(max, VALIDATION.maxValue(max));

/** The fields both forms share (every one optional on update). */
const serverFields = {
  name: ServerName,
  serial: RequiredText,
  alias: OptionalText,
  productType: OptionalText,
  swVersion: RequiredText,
  /** Primary inventory (null: none). */
  inventoryId: Id.nullable(),
  /** Multimedia hubs only (spec 001 §3 "IFB mode V1/V2"). */
  ifbMode: z.enum(IFB_MODES).nullable(),
  maxChannels: int(0, SERVER_MAX_CHANNELS),
  /** Spec 001 §5 webrtc port 1-65353. */
  webrtcPort: int(WEBRTC_PORT_RANGE[0], WEBRTC_PORT_RANGE[1]).nullable(),
  publishingMode: z.enum(PUBLISHING_MODES),
  /** Spec 001 §5 genlock offset -511..511. */
  genlockOffset: int(GENLOCK_OFFSET_RANGE[0], GENLOCK_OFFSET_RANGE[1]).nullable(),
  cloudRegion: OptionalText.nullable(),
  cloudInstance: OptionalText.nullable(),
  cloudProvider: OptionalText.nullable(),
};

/** POST v2/admin/servers: name, serial, type and software version are required. */
export const CreateAdminServerBody = z
  .object({
    serverType: ServerType,
    ...serverFields,
    alias: serverFields.alias.optional(),
    productType: serverFields.productType.optional(),
    inventoryId: serverFields.inventoryId.optional(),
    ifbMode: serverFields.ifbMode.optional(),
    maxChannels: serverFields.maxChannels.optional(),
    webrtcPort: serverFields.webrtcPort.optional(),
    publishingMode: serverFields.publishingMode.optional(),
    genlockOffset: serverFields.genlockOffset.optional(),
    cloudRegion: serverFields.cloudRegion.optional(),
    cloudInstance: serverFields.cloudInstance.optional(),
    cloudProvider: serverFields.cloudProvider.optional(),
  })
  .strict();
export type CreateAdminServerBody = z.infer<typeof CreateAdminServerBody>;

/**
 * PUT v2/admin/servers/{id}: the fields to change (the type stays), under the version the form read
 * (omitted: last write wins, as the other server writes).
 */
export const UpdateAdminServerBody = z
  .object({ ...z.object(serverFields).partial().shape, version: z.number().int().nonnegative().max(INT32_MAX).optional() })
  .strict();
export type UpdateAdminServerBody = z.infer<typeof UpdateAdminServerBody>;

export const AdminServerDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type AdminServerDeleted = z.infer<typeof AdminServerDeleted>;
