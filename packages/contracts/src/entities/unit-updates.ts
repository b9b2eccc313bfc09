/**
 * Entities of the unit updates (PUT v2/units/{id}/... and the v0 / unversioned updates, spec 000
 * §7 "Unit updates"), with the validation rules of spec 000 §5 and the limits of §9 that belong
 * to them. Each update answers with the unit's configuration (unit-config.ts).
 */
import { z } from 'zod';
import {
  AlertConfigMode,
  AlertLevel,
  AlertType,
  MultiCameraMode,
  Ownership,
  StoreAndForwardProfile,
  TransmissionMode,
  WorkingMode,
  AUTH_PROTOCOLS,
  INTERCOM_MODES,
  NETWORK_MODES,
} from '../enums.js';
import { BANDWIDTH_CAP_OPTIONS, LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { RULES } from '../rule-messages.js';
import { statesRules } from '../validation.js';
import { Id } from './common.js';

import { Hostname, PortNumber, SubnetMask, UNIT_CONFIG_BOUNDS, UnitVersion } from './unit-config-fields.js';
import { AudioBitrateKbps } from './unit-commands.js';

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Unit updates: PUT v2/units/{id}/... (spec 000 §7 "Unit updates")
// ─────────────────────────────────────────────────────────────────────────────────────────────

export const DELAY_MODES = ['normal', 'subSecond'] as const;
/**
 * PUT delay: transmission delay in ms; the mode picks normal or sub-second delay. Bounds by unit
 * type and software version and the on-the-fly rule (≥ 0.9 s while streaming) are checked by the
 * core (packages/domain validateDelay).
 */
export const DelayUpdateBody = z
  .object({
    delayMs: z.number().int().min(LIMITS.delayMinMs).max(LIMITS.delayMaxMs),
    mode: z.enum(DELAY_MODES).default('normal'),
    version: UnitVersion,
  })
  .strict();

export const DATABRIDGE_MODES = ['layer2', 'layer3'] as const;
/** PUT databridge: the unit's data bridge (transparent bridge) setting. Needs the databridge licence. */
export const DatabridgeUpdateBody = z.object({ enabled: z.boolean(), bridgeMode: z.enum(DATABRIDGE_MODES).default('layer2'), version: UnitVersion }).strict();

export const VIDEO_RETURN_OUTPUTS = ['sdi', 'hdmi'] as const;
/** PUT videoreturn: video return on the unit and the output it plays on. Needs a video return licence. */
export const VideoReturnUpdateBody = z.object({ enabled: z.boolean(), output: z.enum(VIDEO_RETURN_OUTPUTS).default('sdi'), version: UnitVersion }).strict();

/** Spec 000 §5 file name prefix characters (the ';' closing the spec's list is punctuation). */
export const FILENAME_PREFIX_CHARACTERS = /^[A-Za-z0-9@~_\-+={},!()]*$/;
/** PUT configuration/filenamePrefix: '' clears the prefix. Unique per multimedia hub (core). */
export const FilenamePrefixUpdateBody = z
  .object({
    filenamePrefix: z
      .string()
      .max(LIMITS.filenamePrefixMax, VALIDATION.maxChars(LIMITS.filenamePrefixMax))
      .regex(FILENAME_PREFIX_CHARACTERS, VALIDATION.mustMatchPattern),
    version: UnitVersion,
  })
  .strict();

/** PUT ntpTimecode: take timecode from an NTP server (required when enabled). */
export const NtpTimecodeUpdateBody = z
  .object({ enabled: z.boolean(), server: Hostname.nullable().optional(), version: UnitVersion })
  .strict()
  .superRefine((b, ctx) => {
    if (b.enabled && !b.server) ctx.addIssue({ code: 'custom', path: ['server'], message: VALIDATION.required });
  })
  .meta(statesRules({ field: 'server', message: VALIDATION.required, rule: 'required when enabled is true' }));

/** PUT transmissionMode (spec 000 §4: Store & Forward disabled without an SD card). */
export const TransmissionModeUpdateBody = z.object({ transmissionMode: TransmissionMode, version: UnitVersion }).strict();

/** PUT fixedInternetDelay: the delay used in the fixedInternet transmission mode, ms. */
export const FixedInternetDelayUpdateBody = z
  .object({ delayMs: z.number().int().min(LIMITS.delayMinMs).max(LIMITS.delayMaxMs), version: UnitVersion })
  .strict();

export const IP_INPUT_PROTOCOLS = ['srt', 'rtmp', 'udp'] as const;
/** PUT ipInputStream: an IP stream the unit takes as its video input instead of a camera. */
export const IpInputStreamUpdateBody = z
  .object({
    enabled: z.boolean(),
    protocol: z.enum(IP_INPUT_PROTOCOLS),
    port: PortNumber,
    latencyMs: z.number().int().min(0).max(LIMITS.delayMaxMs).optional(),
    /** SRT only: 10–64 letters and digits (spec 001 §5 SRT key). */
    passphrase: z
      .string()
      .min(UNIT_CONFIG_BOUNDS.srtKeyMin, VALIDATION.betweenChars(UNIT_CONFIG_BOUNDS.srtKeyMin, UNIT_CONFIG_BOUNDS.srtKeyMax))
      .max(UNIT_CONFIG_BOUNDS.srtKeyMax, VALIDATION.betweenChars(UNIT_CONFIG_BOUNDS.srtKeyMin, UNIT_CONFIG_BOUNDS.srtKeyMax))
      .regex(/^[A-Za-z0-9]+$/, VALIDATION.mustMatchPattern)
      .optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.passphrase !== undefined && b.protocol !== 'srt') ctx.addIssue({ code: 'custom', path: ['passphrase'], message: RULES.notInThisMode });
  })
  .meta(statesRules({ field: 'passphrase', message: RULES.notInThisMode, rule: 'only with the srt protocol' }));

/** PUT ippipe: the unit's IP pipe to a server (spec 001 §5 IP pipe port 1–65535). */
export const IpPipeUpdateBody = z
  .object({ enabled: z.boolean(), serverId: Id.nullable().optional(), port: PortNumber.optional(), version: UnitVersion })
  .strict()
  .superRefine((b, ctx) => {
    if (b.enabled && !b.serverId) ctx.addIssue({ code: 'custom', path: ['serverId'], message: VALIDATION.required });
  })
  .meta(statesRules({ field: 'serverId', message: VALIDATION.required, rule: 'required when enabled is true' }));

const CameraLabel = z.string().max(LIMITS.cameraLabelMax, VALIDATION.maxChars(LIMITS.cameraLabelMax));
const CameraPriority = z.number().int().min(LIMITS.cameraPriorityMin).max(LIMITS.cameraPriorityMax);
export const CHANNEL_SELECTION_MODES = ['automatic', 'custom'] as const;
/**
 * PUT multiplecamera: up to 4 cameras (labels ≤ 12 characters, priorities 1–9), how their channels
 * are chosen, and the bandwidth budget (HD multi camera ≤ 15 Mbps). Needs the multi camera licence.
 */
export const MultipleCameraUpdateBody = z
  .object({
    numberOfFeeds: z.number().int().min(1).max(LIMITS.multiCameraMaxCameras),
    channelSelectionMode: z.enum(CHANNEL_SELECTION_MODES),
    customSelectedChannels: z.array(Id).max(LIMITS.multiCameraMaxCameras, VALIDATION.maxElements).default([]),
    cameras: z.array(z.object({ label: CameraLabel, priority: CameraPriority }).strict()).max(LIMITS.multiCameraMaxCameras, VALIDATION.maxElements),
    maxBandwidthMbps: z.number().positive().max(LIMITS.hdMaxBandwidthMultiCameraMbps).optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.cameras.length > b.numberOfFeeds) ctx.addIssue({ code: 'custom', path: ['cameras'], message: VALIDATION.maxElements });
    if (b.channelSelectionMode === 'custom' && b.customSelectedChannels.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['customSelectedChannels'], message: VALIDATION.required });
    }
    if (b.channelSelectionMode === 'custom' && b.customSelectedChannels.length > b.numberOfFeeds) {
      ctx.addIssue({ code: 'custom', path: ['customSelectedChannels'], message: VALIDATION.maxElements });
    }
  })
  .meta(
    statesRules(
      { field: 'cameras', message: VALIDATION.maxElements, rule: 'no more cameras than numberOfFeeds' },
      { field: 'customSelectedChannels', message: VALIDATION.required, rule: 'at least one with the custom channel selection mode' },
      { field: 'customSelectedChannels', message: VALIDATION.maxElements, rule: 'no more than numberOfFeeds with the custom channel selection mode' },
    ),
  );
/** PUT multiplecamera/channel: the channel the multi camera feeds go to. */
export const MultipleCameraChannelUpdateBody = z.object({ channelId: Id, version: UnitVersion }).strict();
/** PUT multiplecamera/mode: highQuality, switcher or switcherAndProxy (spec 000 §4). */
export const MultipleCameraModeUpdateBody = z.object({ mode: MultiCameraMode, version: UnitVersion }).strict();

/** Spec 000 §9 resolution constant 2160 and the HD resolutions below it. */
export const VIDEO_RESOLUTIONS = [LIMITS.resolution, 1080, 720, 576, 480] as const;
/**
 * PUT singlecamera: resolution, colour depth and bandwidth (≤ 20 Mbps, spec 000 §9). 2160 needs a
 * PRO licence with 4K ("PRO-4K licence missing (resolution conflict)", spec 000 §8).
 */
export const SingleCameraUpdateBody = z
  .object({
    // z.union needs a tuple type; the map keeps VIDEO_RESOLUTIONS' order and values.
    resolution: z.union(
      VIDEO_RESOLUTIONS.map((r) => z.literal(r)) as [z.ZodLiteral<2160>, z.ZodLiteral<1080>, z.ZodLiteral<720>, z.ZodLiteral<576>, z.ZodLiteral<480>],
    ),
    colourDepth: z.union([z.literal(LIMITS.colourDepths[0]), z.literal(LIMITS.colourDepths[1])]).default(LIMITS.colourDepths[0]),
    maxBandwidthMbps: z.number().positive().max(LIMITS.hdMaxBandwidthSingleCameraMbps),
    version: UnitVersion,
  })
  .strict();

/** PUT operationalMode: the unit's working mode (spec 000 §4; the change takes a few seconds). */
export const OperationalModeUpdateBody = z.object({ workingMode: WorkingMode, version: UnitVersion }).strict();

export const SWITCHER_CONFIG_MODES = ['switcher', 'switcherAndProxy'] as const;
const SdiInput = z.number().int().min(1).max(UNIT_CONFIG_BOUNDS.sdiInputs);
/** PUT switchermode: switcher (or switcher-and-proxy) channels and SDI input (spec 000 §3). */
export const SwitcherModeUpdateBody = z
  .object({
    mode: z.enum(SWITCHER_CONFIG_MODES),
    highQualityChannel: Id,
    proxyChannel: Id.nullable().optional(),
    inputSdi: SdiInput.nullable().optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.mode === 'switcherAndProxy' && !b.proxyChannel) ctx.addIssue({ code: 'custom', path: ['proxyChannel'], message: VALIDATION.required });
    if (b.mode === 'switcherAndProxy' && (b.inputSdi === undefined || b.inputSdi === null)) {
      ctx.addIssue({ code: 'custom', path: ['inputSdi'], message: VALIDATION.required });
    }
    if (b.proxyChannel && b.proxyChannel === b.highQualityChannel) {
      ctx.addIssue({ code: 'custom', path: ['proxyChannel'], message: VALIDATION.proxySameAsHighQuality });
    }
  })
  .meta(
    statesRules(
      { field: 'proxyChannel', message: VALIDATION.required, rule: 'required in the switcherAndProxy mode' },
      { field: 'inputSdi', message: VALIDATION.required, rule: 'required in the switcherAndProxy mode' },
      { field: 'proxyChannel', message: VALIDATION.proxySameAsHighQuality, rule: 'not the high quality channel (000 §3)' },
    ),
  );
export const SwitcherChannelUpdateBody = z.object({ channelId: Id, version: UnitVersion }).strict();
export const SwitcherSdiInputUpdateBody = z.object({ inputSdi: SdiInput, version: UnitVersion }).strict();

/** One alert type's setting in a manual configuration. */
export const AlertTypeUpdate = z.object({ enabled: z.boolean(), level: AlertLevel }).strict();
/**
 * PUT alerts/configuration: automatic (inherit from the unit's last group), group (the given group
 * of the unit) or manual (the unit's own alert types and mailing list).
 */
export const AlertsConfigurationUpdateBody = z
  .object({
    mode: AlertConfigMode,
    groupId: Id.optional(),
    alerts: z.partialRecord(AlertType, AlertTypeUpdate).optional(),
    recipients: z
      .array(z.object({ alertType: z.union([AlertType, z.literal('all')]).default('all'), email: z.email() }).strict())
      .max(UNIT_CONFIG_BOUNDS.recipientsMax, VALIDATION.maxElements)
      .optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.mode === 'group' && !b.groupId) ctx.addIssue({ code: 'custom', path: ['groupId'], message: VALIDATION.required });
    if (b.mode !== 'group' && b.groupId) ctx.addIssue({ code: 'custom', path: ['groupId'], message: RULES.notInThisMode });
    if (b.mode !== 'manual' && (b.alerts !== undefined || b.recipients !== undefined)) {
      ctx.addIssue({ code: 'custom', path: [b.alerts !== undefined ? 'alerts' : 'recipients'], message: RULES.alertsNotInThisMode });
    }
    const seen = new Set<string>();
    b.recipients?.forEach((r, i) => {
      const key = `${r.alertType}:${r.email.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['recipients', i, 'email'], message: VALIDATION.fieldUnique });
      seen.add(key);
    });
  })
  .meta(
    statesRules(
      { field: 'groupId', message: VALIDATION.required, rule: 'required in the group mode' },
      { field: 'groupId', message: RULES.notInThisMode, rule: 'only in the group mode' },
      { field: 'alerts', message: RULES.alertsNotInThisMode, rule: 'only in the manual mode' },
      { field: 'recipients', message: RULES.alertsNotInThisMode, rule: 'only in the manual mode' },
      { field: 'recipients.email', message: VALIDATION.fieldUnique, rule: 'an address once per alert type' },
    ),
  );

/** A per-priority bandwidth limit (priority 1 is the highest). */
/** A priority 1–9 and its limit, at least 1 kbps (the ordering of the limits is the core's rule, packages/domain validateBandwidthLimits). */
export const PriorityLimit = z
  .object({ priority: z.number().int().min(LIMITS.cameraPriorityMin).max(LIMITS.cameraPriorityMax), kbps: z.number().min(1) })
  .strict();
/**
 * PUT bwLimitation: total and cellular caps in kbps (null or 0 = no cap) and per-priority limits.
 * The rules (cellular ≤ total, priority ordering, not on a busy unit, smart-unit 1000–20000 kbps)
 * are checked by the core (packages/domain validateBandwidthLimits).
 */
export const BwLimitationUpdateBody = z
  .object({
    totalKbps: z.number().int().nonnegative().nullable(),
    cellularKbps: z.number().int().nonnegative().nullable(),
    priorityLimits: z.array(PriorityLimit).max(LIMITS.cameraPriorityMax, VALIDATION.maxElements).default([]),
    version: UnitVersion,
  })
  .strict();

/** PUT intercom: one of the unit's two intercoms (spec 000 §3). */
export const IntercomUpdateBody = z
  .object({
    intercom: z.union([z.literal(1), z.literal(2)]),
    mode: z.enum(INTERCOM_MODES),
    audioRoomId: Id.nullable().optional(),
    targetChannelId: Id.nullable().optional(),
    destinationAccount: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).nullable().optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.mode === 'audioRoom' && !b.audioRoomId) ctx.addIssue({ code: 'custom', path: ['audioRoomId'], message: VALIDATION.required });
    if (b.mode === 'targetChannel' && !b.targetChannelId) ctx.addIssue({ code: 'custom', path: ['targetChannelId'], message: VALIDATION.required });
  })
  .meta(
    statesRules(
      { field: 'audioRoomId', message: VALIDATION.required, rule: 'required in the audioRoom mode' },
      { field: 'targetChannelId', message: VALIDATION.required, rule: 'required in the targetChannel mode' },
    ),
  );
/** PUT intercom/audiojacks: which intercom each audio jack carries and its volume. */
export const AudioJack = z
  .object({
    jack: z.number().int().min(1).max(UNIT_CONFIG_BOUNDS.audioJacks),
    intercom: z.union([z.literal(1), z.literal(2)]).nullable(),
    volume: z.number().int().min(0).max(UNIT_CONFIG_BOUNDS.volumeMax),
    muted: z.boolean().default(false),
  })
  .strict();
export const AudioJacksUpdateBody = z
  .object({ jacks: z.array(AudioJack).min(1, VALIDATION.required).max(UNIT_CONFIG_BOUNDS.audioJacks, VALIDATION.maxElements), version: UnitVersion })
  .strict()
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.jacks.forEach((j, i) => {
      if (seen.has(j.jack)) ctx.addIssue({ code: 'custom', path: ['jacks', i, 'jack'], message: VALIDATION.fieldUnique });
      seen.add(j.jack);
    });
  })
  .meta(statesRules({ field: 'jacks.jack', message: VALIDATION.fieldUnique, rule: 'each jack once' }));

/** An APN slot of a cellular modem (spec 000 §9: four slots; PAP, CHAP, both, none). */
export const ApnSlotUpdate = z
  .object({
    slot: z.number().int().min(1).max(LIMITS.apnSlots),
    apn: z.string().max(UNIT_CONFIG_BOUNDS.apnMax, VALIDATION.maxChars(UNIT_CONFIG_BOUNDS.apnMax)),
    username: z.string().max(UNIT_CONFIG_BOUNDS.credentialMax, VALIDATION.maxChars(UNIT_CONFIG_BOUNDS.credentialMax)).default(''),
    password: z.string().max(UNIT_CONFIG_BOUNDS.credentialMax, VALIDATION.maxChars(UNIT_CONFIG_BOUNDS.credentialMax)).optional(),
    authProtocol: z.enum(AUTH_PROTOCOLS).default('none'),
  })
  .strict();
export const IP_MODES = ['dhcp', 'static'] as const;
/**
 * PUT interfaces/config: one interface of the unit, named by its port (the `n` of GET
 * interfaces/modem/{n}/config). Cellular: network mode, roaming, the four APN slots, scan on next
 * connection (forceScanNow). Ethernet / Wi-Fi: DHCP or a static address. `enabled: false` disables
 * the interface (the last connected one cannot be, spec 000 §5).
 */
export const InterfacesConfigUpdateBody = z
  .object({
    port: z.number().int().min(1).max(64),
    enabled: z.boolean().optional(),
    networkMode: z.enum(NETWORK_MODES).optional(),
    roamingAllowed: z.boolean().optional(),
    apns: z.array(ApnSlotUpdate).max(LIMITS.apnSlots, VALIDATION.maxElements).optional(),
    forceScanNow: z.boolean().optional(),
    ipMode: z.enum(IP_MODES).optional(),
    ip: z.ipv4().optional(),
    subnetMask: SubnetMask.optional(),
    gateway: z.ipv4().optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.ipMode === 'static') {
      if (!b.ip) ctx.addIssue({ code: 'custom', path: ['ip'], message: VALIDATION.required });
      if (!b.subnetMask) ctx.addIssue({ code: 'custom', path: ['subnetMask'], message: VALIDATION.required });
    }
    const slots = new Set<number>();
    b.apns?.forEach((a, i) => {
      if (slots.has(a.slot)) ctx.addIssue({ code: 'custom', path: ['apns', i, 'slot'], message: VALIDATION.fieldUnique });
      slots.add(a.slot);
    });
  })
  .meta(
    statesRules(
      { field: 'ip', message: VALIDATION.required, rule: 'required with the static ipMode' },
      { field: 'subnetMask', message: VALIDATION.required, rule: 'required with the static ipMode' },
      { field: 'apns.slot', message: VALIDATION.fieldUnique, rule: 'each slot once' },
    ),
  );

/** PUT vrChannels/selected: the video return channel the unit receives (null: none). */
export const VrChannelSelectedUpdateBody = z.object({ vrChannelId: Id.nullable(), version: UnitVersion }).strict();

/** PUT fetchlogs/enhanced: collect enhanced (verbose) logs on the unit for the next log fetch. */
export const FetchlogsEnhancedUpdateBody = z.object({ enabled: z.boolean(), version: UnitVersion }).strict();

/** PUT v0 storeandforward_quality: the unit's store-and-forward recording profile. */
export const StoreAndForwardQualityUpdateBody = z.object({ quality: StoreAndForwardProfile, version: UnitVersion }).strict();

/**
 * PUT units/{id}/network/capping: the unit's cellular capping as one of the spec's cap options
 * (spec 000 §9); `custom` takes `customMbps`. Not above the total cap, not on a busy unit.
 */
export const NetworkCappingUpdateBody = z
  .object({
    option: z.enum(BANDWIDTH_CAP_OPTIONS),
    customMbps: z.number().positive().max(UNIT_CONFIG_BOUNDS.customCapMaxMbps).optional(),
    version: UnitVersion,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.option === 'custom' && b.customMbps === undefined) ctx.addIssue({ code: 'custom', path: ['customMbps'], message: VALIDATION.required });
    if (b.option !== 'custom' && b.customMbps !== undefined) ctx.addIssue({ code: 'custom', path: ['customMbps'], message: RULES.notInThisMode });
  })
  .meta(
    statesRules(
      { field: 'customMbps', message: VALIDATION.required, rule: 'required with the custom option' },
      { field: 'customMbps', message: RULES.notInThisMode, rule: 'only with the custom option' },
    ),
  );

/** Spec 001 §5 person names: 2–255 characters. */
const PersonName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(LIMITS.personNameMin, VALIDATION.betweenChars(LIMITS.personNameMin, LIMITS.personNameMax))
  .max(LIMITS.personNameMax, VALIDATION.betweenChars(LIMITS.personNameMin, LIMITS.personNameMax));
/**
 * PUT users/current: the caller's own name, e-mail and label (spec 001 §5: first name starts with
 * an uppercase letter; names 2–255; e-mail format and unique; label ≤ 30). Omitted fields stay.
 */
export const CurrentUserUpdateBody = z
  .object({
    firstName: PersonName.regex(/^\p{Lu}/u, VALIDATION.firstNameUppercase).optional(),
    lastName: PersonName.optional(),
    email: z.email().max(LIMITS.genericNameMax, VALIDATION.max255).optional(),
    userLabel: z.string().max(LIMITS.userLabelMax, VALIDATION.maxChars(LIMITS.userLabelMax)).nullable().optional(),
    version: z.number().int().nonnegative().optional(),
  })
  .strict();

/**
 * PUT settingsConfiguration/add: a unit's settings configuration (spec 000 §3: outputChannel,
 * multiChannel, machineUid). `id` is the machine uid (the unit's uniqueId).
 */
export const SettingsConfigurationAddBody = z.object({ id: Id, outputChannel: Id.nullable(), multiChannel: z.boolean(), version: UnitVersion }).strict();

/**
 * PUT v0/groups/{id}/unitSettings: the unit settings of a group (its default configuration for
 * units: delay, transmission mode, store-and-forward quality, audio bitrate, bandwidth caps).
 * Omitted fields stay. `version` is the group's.
 */
export const GroupUnitSettings = z
  .object({
    delayMs: z.number().int().min(LIMITS.lowDelayThresholdMs).max(LIMITS.delayMaxMs),
    transmissionMode: TransmissionMode,
    storeAndForwardQuality: StoreAndForwardProfile,
    audioBitrateKbps: AudioBitrateKbps,
    totalKbps: z.number().int().nonnegative().nullable(),
    cellularKbps: z.number().int().nonnegative().nullable(),
  })
  .partial()
  .strict();
export type GroupUnitSettings = z.infer<typeof GroupUnitSettings>;
export const GroupUnitSettingsUpdateBody = GroupUnitSettings.extend({ version: z.number().int().nonnegative().optional() })
  .strict()
  .superRefine((b, ctx) => {
    const { version: _v, ...settings } = b;
    if (Object.keys(settings).length === 0) ctx.addIssue({ code: 'custom', path: [], message: VALIDATION.required });
    if (typeof b.totalKbps === 'number' && typeof b.cellularKbps === 'number' && b.totalKbps > 0 && b.cellularKbps > b.totalKbps) {
      ctx.addIssue({ code: 'custom', path: ['cellularKbps'], message: VALIDATION.cellularAboveTotal });
    }
  })
  .meta(
    statesRules(
      { field: '', message: VALIDATION.required, rule: 'at least one setting besides version' },
      { field: 'cellularKbps', message: VALIDATION.cellularAboveTotal, rule: 'not above totalKbps when that is set (001 §5)' },
    ),
  );
export const GroupUnitSettingsResult = z.object({ groupId: Id, settings: GroupUnitSettings, version: z.number().int() });

/**
 * PUT internal/inventory-unit-details: support staff's record of a unit in an inventory:
 * ownership (spec 000 §3 ownership values) and usage profile.
 */
export const InventoryUnitDetailsBody = z
  .object({ id: Id, inventoryId: Id, ownership: Ownership, usageProfileId: Id.nullable().optional(), version: UnitVersion })
  .strict();
export const InventoryUnitDetails = z.object({
  uniqueId: Id,
  inventoryId: Id,
  ownership: Ownership,
  usageProfileId: z.string().nullable(),
  version: z.number().int(),
});
