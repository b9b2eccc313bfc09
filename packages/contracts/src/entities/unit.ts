import { z } from 'zod';
import { UNIT_NAME_PATTERN } from '../entity-values.js';
import {
  AlertLevel,
  AlertType,
  ApplicationState,
  ModemUiType,
  SimSlot,
  TransmissionMode,
  UnitApplicationKey,
  UnitStatus,
  UnitTypeGroup,
  WorkingMode,
} from '../enums.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id } from './common.js';

/** One running activity as the device reports it. */
export const ApplicationInfo = z.object({ state: ApplicationState });
export type ApplicationInfo = z.infer<typeof ApplicationInfo>;
/** Spec 000 §3 "applications (map of running activities)". */
export const Applications = z.partialRecord(UnitApplicationKey, ApplicationInfo);
export type Applications = z.infer<typeof Applications>;

export const Battery = z.object({
  connected: z.boolean(),
  charging: z.boolean(),
  /** 0–100, null when unknown. */
  percentage: z.number().min(0).max(100).nullable(),
});
export type Battery = z.infer<typeof Battery>;

export const Location = z.object({ lat: z.number(), lng: z.number(), address: z.string().nullable() });
export type Location = z.infer<typeof Location>;

/** Spec 000 §3 "Modems/links". */
export const Modem = z.object({
  id: z.string(),
  port: z.number().int(),
  name: z.string(),
  uiType: ModemUiType,
  connected: z.boolean(),
  enabled: z.boolean(),
  uplinkKbps: z.number().nonnegative(),
  downlinkKbps: z.number().nonnegative(),
  /** Signal quality 0–100 (cellular and Wi-Fi); null for LAN. */
  signalQuality: z.number().min(0).max(100).nullable(),
  roaming: z.boolean(),
  activeSim: SimSlot.nullable(),
  lastUpdated: z.string(),
});
export type Modem = z.infer<typeof Modem>;

export const UnitAlert = z.object({ type: AlertType, level: AlertLevel, message: z.string(), raisedAt: z.string() });
export type UnitAlert = z.infer<typeof UnitAlert>;

export const License = z.object({
  valid: z.boolean(),
  kind: z.enum(['hours', 'days']),
  pro: z.boolean(),
  fourK: z.boolean(),
  raHours: z.number().nullable(),
  rlHours: z.number().nullable(),
});
export type License = z.infer<typeof License>;

export const SelectedChannel = z.object({
  channelId: z.string().nullable(),
  previewChannelId: z.string().nullable(),
  highQualityChannelId: z.string().nullable(),
  proxyChannelId: z.string().nullable(),
  /** Set when the selected channel was not found or is unlicensed (spec 000 §4). */
  external: z.boolean(),
});
export type SelectedChannel = z.infer<typeof SelectedChannel>;

/** A channel a receiving server reports as collecting from a unit (what the unit streams to). */
export const ChannelInUse = z
  .object({
    channelId: z.string(),
    channelName: z.string(),
    serverId: z.string(),
    serverName: z.string(),
  })
  .describe('A channel a receiving server reports as allocated to the unit: its id and name, and its server (hub) id and name.');
export type ChannelInUse = z.infer<typeof ChannelInUse>;

export const BitrateSample = z.object({ t: z.number().int(), kbps: z.number().nonnegative() });
export type BitrateSample = z.infer<typeof BitrateSample>;

/**
 * A unit as devices/fetch lists it. The spec does not show the shape; this is what the unit list
 * needs (status, battery, location, bitrate, alerts, type) without the heavy detail.
 */
export const UnitSummary = z.object({
  uniqueId: Id,
  name: z.string(),
  comment: z.string(),
  type: z.string(),
  typeGroup: UnitTypeGroup,
  status: UnitStatus,
  applications: Applications,
  swVersion: z.string(),
  battery: Battery.nullable(),
  location: Location.nullable(),
  totalBitrate: z.number().nonnegative(),
  alerts: z.array(UnitAlert),
  transmissionMode: TransmissionMode,
  workingMode: WorkingMode,
  selectedChannel: SelectedChannel,
  channelsInUse: z
    .array(ChannelInUse)
    .describe(
      'Where the unit streams: the channels a receiving server reports as allocated to the unit (collecting from it), by channel name in natural order (CH2 before CH10); empty when it feeds none. It may differ from `selectedChannel`, which is what a user selected for the unit.',
    ),
  inventoryIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  hasExtender: z.boolean(),
  cameraConnected: z.boolean(),
  /** The unit's video licence is valid (else starting a stream answers "Unit video license invalid"). */
  licenseValid: z.boolean(),
  /** Optimistic-concurrency version; send it back on updates to detect conflicts. */
  version: z.number().int(),
});
export type UnitSummary = z.infer<typeof UnitSummary>;

/** GET v2/units/{id}: the summary plus the detail the unit page shows. */
export const UnitDetail = UnitSummary.extend({
  serialNumber: z.string(),
  swVersionShort: z.string(),
  swVersionDisplay: z.string(),
  modems: z.array(Modem),
  license: License,
  capabilities: z.record(z.string(), z.boolean()),
  services: z.array(z.object({ serviceName: z.string(), serviceStatus: z.string() })),
  tally: z.string().nullable(),
  sharing: z.boolean(),
  filenamePrefix: z.string().nullable(),
  storeAndForwardVideoQuality: z.string(),
  multiCameraLabels: z.array(z.string()),
  targetSwVersion: z.string().nullable(),
  lastReboot: z.string().nullable(),
  usageProfileId: z.string().nullable(),
  ownership: z.string(),
  bitrateSamples: z.array(BitrateSample),
});
export type UnitDetail = z.infer<typeof UnitDetail>;

export const UnitName = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(LIMITS.genericNameMax, VALIDATION.max255)
  .regex(UNIT_NAME_PATTERN, VALIDATION.unitNameCharacters);

/** PUT devices/update: rename (and comment) a unit. */
export const UnitRenameBody = z.object({
  id: Id,
  name: UnitName,
  comment: z.string().max(LIMITS.unitCommentMax, VALIDATION.maxChars(LIMITS.unitCommentMax)).optional(),
  /** When given, the update applies only if the unit is still at this version (else 409). */
  // Versions are 32-bit integers in storage: a larger one is refused here rather than failing in the database.
  version: z.number().int().nonnegative().max(2_147_483_647).optional(),
});

/** POST v2/units/{id}/stream body: optional channel to stream to (else the selected one). */
export const StartStreamBody = z.object({ channelId: z.string().min(1).max(128).optional() }).strict();

/** Answer of stream start/stop: accepted by the device; the status change arrives on /ws. */
export const StreamActionResult = z.object({
  uniqueId: Id,
  action: z.enum(['start', 'stop']),
  accepted: z.literal(true),
  status: UnitStatus,
});
