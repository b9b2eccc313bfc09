/**
 * Entities of the unit action calls (spec 000 §7 "Unit actions (POST, v2/units/{id}/...)",
 * "Deletes", "Social media and CDN streams"): request bodies, answers, and the payloads the core
 * sends to the device with each action (DeviceCommand `{ type: 'action', action, payload }`).
 *
 * The spec shows no shapes. Our stable choice: a start/stop answers that the device accepted it,
 * with the unit's status and applications at that moment; the transitions that follow
 * (connecting → running, disconnecting → gone) arrive on /ws as `unit.status` events.
 */
import { z } from 'zod';
import {
  INTERCOM_MODES,
  INTERCOM_STATES,
  IpPipeState,
  MultiCameraMode,
  SERVICES,
  SERVICE_TIERS,
  STORE_AND_FORWARD_EXTENSIONS,
  UnitStatus,
  UploadedFileStatus,
} from '../enums.js';
import { LIMITS } from '../constants.js';
import { ERROR_CATALOGUE, VALIDATION } from '../messages.js';
import { notBlankPattern, STATED_BY_SCHEMA } from '../validation.js';
import { Id, IdParams } from './common.js';
import { Applications } from './unit.js';
import { StoragePath } from './unit-reads.js';

// ── device actions ──────────────────────────────────────────────────────────────────────────────

/** Every action the core sends to a device for the calls of this area. */
export const UNIT_DEVICE_ACTIONS = [
  'startMultiCamera',
  'stopMultiCamera',
  'startSwitcher',
  'stopSwitcher',
  'startDatabridge',
  'stopDatabridge',
  'startVideoReturn',
  'stopVideoReturn',
  'connectIpPipe',
  'disconnectIpPipe',
  'startIntercom',
  'stopIntercom',
  'shutdown',
  'uploadFiles',
  'deleteFiles',
  'startFetchLogs',
  'stopFetchLogs',
  'unpair',
  'startSocialMedia',
  'stopSocialMedia',
  'startCdn',
  'stopCdn',
  'startP2pStream',
  'stopP2pStream',
] as const;
export const UnitDeviceAction = z.enum(UNIT_DEVICE_ACTIONS);
export type UnitDeviceAction = z.infer<typeof UnitDeviceAction>;

/** The two modes of switcher streaming (spec 000 §4 multi-camera selected modes without highQuality). */
export const SWITCHER_MODES = ['switcher', 'switcherAndProxy'] as const satisfies readonly MultiCameraMode[];
export const SwitcherMode = z.enum(SWITCHER_MODES);
export type SwitcherMode = z.infer<typeof SwitcherMode>;

const Empty = z.object({}).strict();

/**
 * Payload of each device action, validated by the simulator (a real device adapter would map
 * them to its protocol). The core fills them after its own checks.
 */
export const UnitDeviceActionPayloads = {
  startMultiCamera: z.object({
    numberOfFeeds: z.number().int().min(1).max(LIMITS.multiCameraMaxCameras),
    channelIds: z.array(z.string()),
    resolution: z.number().int().nullable(),
  }),
  stopMultiCamera: Empty,
  startSwitcher: z.object({
    mode: SwitcherMode,
    highQualityChannelId: z.string().nullable(),
    proxyChannelId: z.string().nullable(),
    inputSdi: z.number().int().nullable(),
    resolution: z.number().int().nullable(),
  }),
  stopSwitcher: Empty,
  startDatabridge: z.object({ gatewayId: z.string(), host: z.string(), port: z.number().int().nullable() }),
  stopDatabridge: Empty,
  startVideoReturn: z.object({ vrChannelId: z.string() }),
  stopVideoReturn: Empty,
  /** `serverOnline` false: the pipe goes connecting → failed (the server does not answer). */
  connectIpPipe: z.object({ serverId: z.string(), serverOnline: z.boolean() }),
  disconnectIpPipe: Empty,
  startIntercom: z.object({
    session: z.number().int().min(1).max(2),
    mode: z.enum(INTERCOM_MODES),
    audioRoomId: z.string().nullable(),
    channelId: z.string().nullable(),
    serverId: z.string(),
  }),
  stopIntercom: z.object({ session: z.number().int().min(1).max(2) }),
  shutdown: Empty,
  /** Files queued for upload, in order; the device reports each transfer as `file` device events. */
  uploadFiles: z.object({
    files: z.array(z.object({ fileId: z.string(), fileName: z.string(), path: z.string(), sizeBytes: z.number().nonnegative() })).min(1),
    channelId: z.string().nullable(),
  }),
  deleteFiles: z.object({ paths: z.array(z.string()).min(1) }),
  startFetchLogs: z.object({ channelId: z.string(), supportCaseId: z.string(), timeZone: z.string().nullable() }),
  stopFetchLogs: Empty,
  unpair: Empty,
  startSocialMedia: z.object({ destinationId: z.string(), resolution: z.number().int().nullable() }),
  stopSocialMedia: Empty,
  startCdn: z.object({ destinationId: z.string(), resolution: z.number().int().nullable() }),
  stopCdn: Empty,
  /** A point-to-point link streams from this (master) unit to the machines (spec 001 §7 Point-to-point). */
  startP2pStream: z.object({ linkId: z.string(), machines: z.array(z.string()) }),
  stopP2pStream: z.object({ linkId: z.string() }),
} as const satisfies Record<UnitDeviceAction, z.ZodType>;
export type UnitDeviceActionPayload<A extends UnitDeviceAction> = z.infer<(typeof UnitDeviceActionPayloads)[A]>;

// ── common answers ──────────────────────────────────────────────────────────────────────────────

/**
 * Answer of a start/stop action: the device accepted it. `status` and `applications` are the
 * unit's at the moment of the answer (usually already in connecting/disconnecting); the settled
 * state follows on /ws.
 */
export const UnitActionOutcome = z.object({
  uniqueId: Id,
  action: UnitDeviceAction,
  accepted: z.literal(true),
  status: UnitStatus,
  applications: Applications,
});
export type UnitActionOutcome = z.infer<typeof UnitActionOutcome>;

/**
 * Optional stream resolution (lines). `LIMITS.resolution` (2160, 4K) needs the unit's PRO-4K
 * licence (spec 000 §8 "PRO-4K licence missing (resolution conflict)"); other values need none.
 */
export const StreamResolution = z.number().int().min(1).max(LIMITS.resolution);

// ── services ───────────────────────────────────────────────────────────────────────────────────

/**
 * POST v2/units/{id}/services: enable a service on the unit (spec 001 §3 Service). Adding a
 * service the unit has in another status (disabled, expired, ...) enables it again.
 */
export const AddUnitServiceBody = z
  .object({
    serviceName: z.enum(SERVICES),
    tier: z.enum(SERVICE_TIERS).optional(),
  })
  .strict();
/** DELETE v2/units/{id}/services/{serviceId}: `serviceId` is the service's id or its name. */
export const UnitServiceParams = IdParams.extend({ serviceId: Id }).strict();

// ── stream variants ────────────────────────────────────────────────────────────────────────────

/**
 * POST v2/units/{id}/stream/multiplecamera (Multi-HQ, spec 000 §3 "Multiple camera"): how many
 * cameras (1–4, default: the configured numberOfFeeds, else 4) to which channels (default: the
 * configured customSelectedChannels, else the unit's selected channel).
 */
export const StartMultiCameraBody = z
  .object({
    numberOfFeeds: z.number().int().min(1).max(LIMITS.multiCameraMaxCameras).optional(),
    channelIds: z.array(Id).max(LIMITS.multiCameraMaxCameras).optional(),
    resolution: StreamResolution.optional(),
  })
  .strict();

/**
 * POST v2/units/{id}/stream/switchermode (Field/Station Switcher, spec 000 §3 "Switcher mode"):
 * the mode and, when not given, the configured highQualityChannel, proxyChannel and inputSdi.
 * switcherAndProxy needs a proxy channel.
 */
export const StartSwitcherBody = z
  .object({
    mode: SwitcherMode,
    highQualityChannelId: Id.optional(),
    proxyChannelId: Id.optional(),
    inputSdi: z.number().int().min(1).max(LIMITS.multiCameraMaxCameras).optional(),
    resolution: StreamResolution.optional(),
  })
  .strict();

/** POST v2/units/{id}/stream/databridge: the gateway (default: the unit's selected dbgateway). */
export const StartDatabridgeBody = z.object({ gatewayId: Id.optional() }).strict();

/** POST v2/units/{id}/vrChannels/stream: the video return channel (default: the selected one). */
export const StartVideoReturnBody = z.object({ vrChannelId: Id.optional() }).strict();

// ── IP pipe ────────────────────────────────────────────────────────────────────────────────────

/**
 * POST v2/units/{id}/ippipe/connection: the IP pipe server (a server of the unit's inventories;
 * default: the configured ipPipe server, else the first multimedia hub of the unit's inventories).
 */
export const ConnectIpPipeBody = z.object({ serverId: Id.optional() }).strict();
/** IP pipe answer: the state the pipe is in now (spec 000 §4 IP pipe states). */
export const IpPipeConnectionResult = UnitActionOutcome.extend({ ipPipeState: IpPipeState });
export type IpPipeConnectionResult = z.infer<typeof IpPipeConnectionResult>;

// ── intercom ───────────────────────────────────────────────────────────────────────────────────

/** A unit has two intercoms (spec 000 §3): session 1 or 2. */
export const INTERCOM_SESSIONS = ['1', '2'] as const;
export const IntercomSessionParams = IdParams.extend({ n: z.enum(INTERCOM_SESSIONS) }).strict();
/**
 * POST v2/units/{id}/intercom/session/{n}: mode and destination default to the configured
 * intercom n (mode audioRoom: the audio room; mode targetChannel: the channel).
 */
export const StartIntercomBody = z
  .object({
    mode: z.enum(INTERCOM_MODES).optional(),
    audioRoomId: Id.optional(),
    channelId: Id.optional(),
  })
  .strict();
export const IntercomState = z.enum(INTERCOM_STATES);
export const IntercomSessionResult = UnitActionOutcome.extend({
  session: z.number().int().min(1).max(2),
  mode: z.enum(INTERCOM_MODES),
  intercomState: IntercomState,
});
export type IntercomSessionResult = z.infer<typeof IntercomSessionResult>;

// ── files ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Spec 000 §3: store-and-forward files end in mp4, mkv, 3gp or mov; partial files carry a _part
 * number before the extension ("clip_part2.mp4").
 */
export const STORE_AND_FORWARD_FILE_PATTERN = new RegExp(`^[^/]+?(?:_part\\d+)?\\.(?:${STORE_AND_FORWARD_EXTENSIONS.join('|')})$`, 'i');
export const isStoreAndForwardFile = (path: string): boolean => STORE_AND_FORWARD_FILE_PATTERN.test(path.split('/').pop() ?? '');
/**
 * The same rule over a whole path, without flags, as a JSON Schema pattern states it: a last segment of
 * at least one character before one of the extensions, in any case.
 */
const STORE_AND_FORWARD_PATH_PATTERN = new RegExp(
  `/[^/]+\\.(?:${STORE_AND_FORWARD_EXTENSIONS.map((e) => [...e].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('')).join('|')})$`,
);

/** Our guard (not in the spec): paths per deletion request. */
export const FILE_DELETION_MAX_PATHS = 100;

/**
 * POST v2/units/{id}/storages/files/upload: upload recorded store-and-forward files (paths on the
 * unit's storage) to a channel (default: the unit's selected channel). At most
 * `LIMITS.uploadedFilesListMax` (10) per request: the uploaded-files list shows 10 (spec 000 §9).
 */
export const UploadUnitFilesBody = z
  .object({
    paths: z
      .array(StoragePath.regex(STORE_AND_FORWARD_PATH_PATTERN, ERROR_CATALOGUE.FILE_TYPE_NOT_SUPPORTED.message))
      .min(1, VALIDATION.required)
      .max(LIMITS.uploadedFilesListMax, VALIDATION.maxElements),
    channelId: Id.optional(),
  })
  .strict();

/** One entry of the uploaded-files list (spec 000 §3 File; status pending → uploading → uploaded). */
export const UploadedFileEntry = z.object({
  fileId: Id,
  fileName: z.string(),
  path: z.string(),
  channelId: z.string().nullable(),
  status: UploadedFileStatus,
  progress: z.number().min(0).max(100),
  isTransferring: z.boolean(),
  sizeBytes: z.number().nonnegative(),
});
export type UploadedFileEntry = z.infer<typeof UploadedFileEntry>;
export const UploadUnitFilesResult = z.object({ uniqueId: Id, files: z.array(UploadedFileEntry) });
export type UploadUnitFilesResult = z.infer<typeof UploadUnitFilesResult>;

/**
 * POST v2/units/{id}/storages/files (spec 000 §7 "storages/files deletion (payload: paths)"):
 * delete the files at these paths from the unit's storage, with their uploaded-list entries.
 */
export const DeleteUnitFilesBody = z
  .object({
    paths: z.array(StoragePath).min(1, VALIDATION.required).max(FILE_DELETION_MAX_PATHS, VALIDATION.maxElements),
  })
  .strict();
export const DeleteUnitFilesResult = z.object({ uniqueId: Id, deleted: z.array(z.string()) });
export type DeleteUnitFilesResult = z.infer<typeof DeleteUnitFilesResult>;

// ── pairing ────────────────────────────────────────────────────────────────────────────────────

/** DELETE v2/units/{id}/pairing: the unit is unpaired and any outstanding pairing code revoked. */
export const UnitPairingRemoved = z.object({ uniqueId: Id, paired: z.literal(false) });

// ── send logs (support case) ───────────────────────────────────────────────────────────────────

/** Our guard (not in the spec): length of a send-logs description. */
export const SEND_LOGS_DESCRIPTION_MAX = 1024;

/**
 * POST v2/units/{id}/fetchlogs/stream: send the unit's logs through a channel (default: the
 * unit's selected channel) and open a support case with this description (spec 000 §5: required).
 */
export const StartFetchLogsBody = z
  .object({
    description: z
      .string({ error: VALIDATION.required })
      .max(SEND_LOGS_DESCRIPTION_MAX, VALIDATION.maxChars(SEND_LOGS_DESCRIPTION_MAX))
      .refine((d) => d.trim() !== '', { message: VALIDATION.required, ...STATED_BY_SCHEMA })
      // Not blank: the document says it with a pattern.
      .meta({ pattern: notBlankPattern() }),
    channelId: Id.optional(),
    /** A time zone from the list offered for logs (spec 000 §9), e.g. "Europe/Paris". */
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/)
      .optional(),
  })
  .strict();
export const FetchLogsResult = UnitActionOutcome.extend({
  /** The support case opened (a remote action record, spec 001 remote actions). */
  supportCaseId: Id,
  channelId: z.string(),
});
export type FetchLogsResult = z.infer<typeof FetchLogsResult>;

// ── social media and CDN ───────────────────────────────────────────────────────────────────────

/**
 * POST v0/units/{id}/stream/social_media and /cdn: forward the unit's live stream to a streaming
 * destination of its inventories (default: the first one of the right kind). The unit must be
 * streaming.
 */
export const StartExternalStreamBody = z
  .object({
    destinationId: Id.optional(),
    resolution: StreamResolution.optional(),
  })
  .strict();
export const EXTERNAL_STREAM_KINDS = ['social_media', 'cdn'] as const;
export const ExternalStreamResult = UnitActionOutcome.extend({
  kind: z.enum(EXTERNAL_STREAM_KINDS),
  active: z.boolean(),
  destinationId: z.string().nullable(),
});
export type ExternalStreamResult = z.infer<typeof ExternalStreamResult>;

// ── user contact ───────────────────────────────────────────────────────────────────────────────

/** POST user/contact: the caller's contact details support uses (phone, company); null clears. */
export const UpdateUserContactBody = z
  .object({
    phone: z
      .string()
      .max(64)
      .regex(/^[0-9+()\-. ]*$/)
      .nullable()
      .optional(),
    company: z.string().max(LIMITS.genericNameMax).nullable().optional(),
  })
  .strict();
