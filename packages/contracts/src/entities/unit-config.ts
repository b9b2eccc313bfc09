/**
 * Entities of the unit commands (POST devices/{id}/commands/{command}) and unit updates (PUT
 * v2/units/{id}/... and the v0 / unversioned updates) of spec 000 §7, with the validation rules of
 * spec 000 §5 and the limits of §9 that belong to them.
 *
 * The spec shows none of these shapes ("payload is a command-specific body"); each schema below is
 * our stable choice of what a real console and device need, documented where it is declared.
 *
 * Storage layout (Unit.configuration, Json, one key per setting, merged one setting at a time):
 * `{ unitUniqueId, storeAndForwardVideoQualityV2, delay, delayMode, virtualChannelName, paths,
 * files, port, forceScanNow, audio { input, channels, bitrateKbps, gainDb }, bandwidth { cellular,
 * total, priorityLimits }, pairingCodeMode, multiCamera { numberOfFeeds, channelSelectionMode,
 * customSelectedChannels, channel, mode, cameras, maxBandwidthMbps }, singleCamera, switcher {
 * mode, highQualityChannel, proxyChannel, inputSdi }, intercoms [2], audioJacks, databridge,
 * videoReturn, vrChannels { selected }, ipPipe, ipInput, ntpTimecode, fixedInternetDelay, network
 * { capping, interfaces { [port]: ... } }, fetchlogs { enhanced }, settings { outputChannel,
 * multiChannel, machineUid }, metadata, ifb, ancillaryData, shootingMode, encoder,
 * videoComplexity, wifi, cellular { [modemId]: { network } } }` — the keys named in the Prisma
 * schema comment of Unit.configuration, plus the settings the other updates add. Columns of the
 * Unit row keep what lists need (transmissionMode, workingMode, filenamePrefix,
 * multiCameraLabels, storeAndForwardVideoQuality, selectedChannelId, alertsConfigMode).
 */
import { z } from 'zod';
import {
  ALERT_TYPES, AlertConfigMode, AlertLevel, AlertType, IpPipeState, MultiCameraMode, Ownership, SimSlot,
  StoreAndForwardProfile, TransmissionMode, UnitCommand, WorkingMode,
  AUTH_PROTOCOLS, INTERCOM_MODES, NETWORK_MODES,
} from '../enums.js';
import { BANDWIDTH_CAP_OPTIONS, LIMITS, TIMINGS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id } from './common.js';

/**
 * Bounds the spec does not give (our choices, not spec §9 constants): what real devices accept.
 * Spec limits come from LIMITS / TIMINGS; these fill the gaps.
 */
export const UNIT_CONFIG_BOUNDS = {
  metadataFieldsMax: 50,
  metadataKeyMax: 64,
  metadataValueMax: 255,
  /** IEEE 802.11: an SSID is at most 32 octets; WPA passphrases are 8–63 characters. */
  wifiSsidMax: 32,
  wifiPasswordMin: 8,
  wifiPasswordMax: 63,
  /** IFB (return audio) delay, ms. */
  ifbDelayMaxMs: 2000,
  /** Audio channels a unit can take from its input (SDI carries up to 16 embedded channels). */
  audioChannelsMax: 16,
  audioGainDbMin: -20,
  audioGainDbMax: 20,
  cancelFilesMax: 100,
  fileNameMax: 255,
  hostnameMax: 255,
  apnMax: 100,
  credentialMax: 64,
  /** SDI inputs of a switcher-capable unit. */
  sdiInputs: 4,
  /** Audio jacks of a unit (one per intercom). */
  audioJacks: 2,
  volumeMax: 100,
  /** SRT passphrase (spec 001 §5: SRT key 10–64 characters without special characters). */
  srtKeyMin: 10,
  srtKeyMax: 64,
  recipientsMax: 50,
  /** Mbps cap for the "custom" bandwidth cap option (HD single camera maximum, spec 000 §9). */
  customCapMaxMbps: LIMITS.hdMaxBandwidthSingleCameraMbps,
} as const;

/** Optimistic concurrency: the unit `version` the caller last saw; stale → 409 CONFLICT. */
export const UnitVersion = z.number().int().nonnegative().optional();

const ModemId = z.string().min(1).max(128);
const PortNumber = z.number().int().min(LIMITS.portMin).max(LIMITS.portMax);
/** Spec 000 §5 "Metadata fields cannot contain a semicolon". */
const MetadataText = (max: number) =>
  z.string().max(max, VALIDATION.maxChars(max)).refine((v) => !v.includes(';'), VALIDATION.noSemicolon);
/** Dotted-quad subnet mask with contiguous ones (255.255.255.0), else "Invalid Subnet Mask field". */
export const SUBNET_MASK_PATTERN =
  /^(255\.255\.255\.(255|254|252|248|240|224|192|128|0)|255\.255\.(254|252|248|240|224|192|128|0)\.0|255\.(254|252|248|240|224|192|128|0)\.0\.0|(254|252|248|240|224|192|128|0)\.0\.0\.0)$/;
const SubnetMask = z.string().regex(SUBNET_MASK_PATTERN, VALIDATION.invalidSubnet);
const Hostname = z
  .string()
  .min(1, VALIDATION.required)
  .max(UNIT_CONFIG_BOUNDS.hostnameMax, VALIDATION.max255)
  .regex(/^[A-Za-z0-9.-]+$/, VALIDATION.invalidIp);

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Commands: POST devices/{id}/commands/{command} (spec 000 §7 "Commands")
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** Commands that need no parameters take an empty (or absent) body. */
export const EmptyCommandBody = z.object({}).strict().optional();

/** set virtual channel: the channel the unit transmits to (its "virtual channel" on a server). */
export const SetVirtualChannelBody = z.object({ channelId: Id }).strict();

/** metadata: key/value pairs the unit embeds in its stream and files (no semicolons, 000 §5). */
export const MetadataBody = z
  .object({
    fields: z
      .array(
        z.object({
          key: MetadataText(UNIT_CONFIG_BOUNDS.metadataKeyMax).refine((v) => v.length > 0, VALIDATION.required),
          value: MetadataText(UNIT_CONFIG_BOUNDS.metadataValueMax),
        }).strict(),
      )
      .min(1, VALIDATION.required)
      .max(UNIT_CONFIG_BOUNDS.metadataFieldsMax, VALIDATION.maxElements),
  })
  .strict();

/** link configuration: enable or disable one link (modem, Wi-Fi or Ethernet) of the unit. */
export const LinkConfigurationBody = z.object({ modemId: ModemId, enabled: z.boolean() }).strict();

export const WIFI_SECURITY = ['open', 'wep', 'wpa2', 'wpa3'] as const;
/** wifi connect: join a network; a password is required unless the network is open. */
export const WifiConnectBody = z
  .object({
    ssid: z.string().min(1, VALIDATION.required).max(UNIT_CONFIG_BOUNDS.wifiSsidMax, VALIDATION.maxChars(UNIT_CONFIG_BOUNDS.wifiSsidMax)),
    security: z.enum(WIFI_SECURITY),
    password: z
      .string()
      .min(UNIT_CONFIG_BOUNDS.wifiPasswordMin, VALIDATION.betweenChars(UNIT_CONFIG_BOUNDS.wifiPasswordMin, UNIT_CONFIG_BOUNDS.wifiPasswordMax))
      .max(UNIT_CONFIG_BOUNDS.wifiPasswordMax, VALIDATION.betweenChars(UNIT_CONFIG_BOUNDS.wifiPasswordMin, UNIT_CONFIG_BOUNDS.wifiPasswordMax))
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.security !== 'open' && b.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.required });
  });

/** cellular scan: scan the operators a cellular modem can see (takes 1–2 minutes, spec 000 §9). */
export const CellularScanBody = z.object({ modemId: ModemId }).strict();

/** A mobile network as MCC/MNC (3 digits + 2–3 digits). */
export const CellularNetworkId = z
  .object({
    mcc: z.string().regex(/^\d{3}$/, VALIDATION.numericOnly),
    mnc: z.string().regex(/^\d{2,3}$/, VALIDATION.numericOnly),
  })
  .strict();
/** cellular select: pin a modem to one operator, or back to automatic selection (≤ 30 s switch). */
export const CellularSelectBody = z
  .object({ modemId: ModemId, network: z.union([z.literal('automatic'), CellularNetworkId]) })
  .strict();

/** active SIM: which SIM slot (A or B) a cellular modem uses. */
export const ActiveSimBody = z.object({ modemId: ModemId, sim: SimSlot }).strict();

export const AUDIO_INPUTS = ['sdi', 'hdmi', 'analog'] as const;
/**
 * audio parameters: the input the audio is taken from, how many channels, input gain. Spec 000 §9
 * "Audio channels 4 and above: SDI input only".
 */
export const AudioParametersBody = z
  .object({
    input: z.enum(AUDIO_INPUTS),
    channels: z.number().int().min(1).max(UNIT_CONFIG_BOUNDS.audioChannelsMax),
    gainDb: z.number().min(UNIT_CONFIG_BOUNDS.audioGainDbMin).max(UNIT_CONFIG_BOUNDS.audioGainDbMax).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.channels >= LIMITS.audioChannelsSdiOnlyFrom && b.input !== 'sdi') {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: VALIDATION.audioChannelsSdiOnly });
    }
  });

/** One of the spec's AAC-LC bitrates (spec 000 §9: 96, 128, 192 kbps). */
// z.union needs a tuple type; the map keeps LIMITS' order and values.
export const AudioBitrateKbps = z.union(LIMITS.audioEncodingKbps.map((k) => z.literal(k)) as [z.ZodLiteral<96>, z.ZodLiteral<128>, z.ZodLiteral<192>]);
/** audio bitrate. */
export const AudioBitrateBody = z.object({ bitrateKbps: AudioBitrateKbps }).strict();

/** IFB delay: delay of the return audio (interruptible foldback), ms. */
export const IfbDelayBody = z.object({ delayMs: z.number().int().min(0).max(UNIT_CONFIG_BOUNDS.ifbDelayMaxMs) }).strict();
/** IFB always on: keep the return audio open even when not streaming. */
export const IfbAlwaysOnBody = z.object({ enabled: z.boolean() }).strict();

export const ANCILLARY_DATA_TYPES = ['cc608', 'cc708', 'timecode', 'scte104', 'afd'] as const;
/** ancillary data: pass SDI ancillary data (captions, timecode, SCTE-104, AFD) through. */
export const AncillaryDataBody = z
  .object({ enabled: z.boolean(), types: z.array(z.enum(ANCILLARY_DATA_TYPES)).max(ANCILLARY_DATA_TYPES.length).default([]) })
  .strict();

export const SHOOTING_MODES = ['standard', 'sports', 'lowLight'] as const;
/** shooting mode: the encoder's scene preset. */
export const ShootingModeBody = z.object({ mode: z.enum(SHOOTING_MODES) }).strict();

/** store-and-forward quality: the recording profile (spec 000 §3 store-and-forward profiles). */
export const StoreAndForwardQualityBody = z.object({ quality: StoreAndForwardProfile }).strict();

export const VIDEO_CODECS = ['h264', 'hevc'] as const;
/** encoder: video codec and colour depth (spec 000 §9 colour depth 8-bit or 10-bit). */
export const EncoderBody = z
  .object({
    codec: z.enum(VIDEO_CODECS),
    colourDepth: z.union([z.literal(LIMITS.colourDepths[0]), z.literal(LIMITS.colourDepths[1])]).default(LIMITS.colourDepths[0]),
  })
  .strict();

/** cancel file upload: the files (names as listed in the unit's uploads) to stop uploading. */
export const CancelFileUploadBody = z
  .object({
    files: z
      .array(z.string().min(1, VALIDATION.required).max(UNIT_CONFIG_BOUNDS.fileNameMax, VALIDATION.max255))
      .min(1, VALIDATION.required)
      .max(UNIT_CONFIG_BOUNDS.cancelFilesMax, VALIDATION.maxElements),
  })
  .strict();

/**
 * speed test: measure the links towards a channel (its server must run 7.5.1 or later, spec 000
 * §5). `timeout` is the spec's 10 (seconds the test may take); `channelId` defaults to the unit's
 * selected channel.
 */
export const SpeedTestBody = z
  .object({
    channelId: Id.optional(),
    timeout: z.literal(TIMINGS.speedTestTimeout).default(TIMINGS.speedTestTimeout),
  })
  .strict();

export const VIDEO_COMPLEXITIES = ['low', 'medium', 'high'] as const;
/** video complexity: how demanding the scene is, so the encoder can budget bitrate. */
export const VideoComplexityBody = z.object({ level: z.enum(VIDEO_COMPLEXITIES) }).strict();

/** Body schema of every command kind. */
export const UNIT_COMMAND_BODIES = {
  setVirtualChannel: SetVirtualChannelBody,
  stopStreaming: EmptyCommandBody,
  reboot: EmptyCommandBody,
  metadata: MetadataBody,
  linkConfiguration: LinkConfigurationBody,
  wifiQuery: EmptyCommandBody,
  wifiConnect: WifiConnectBody,
  wifiDisconnect: EmptyCommandBody,
  cellularScan: CellularScanBody,
  cellularSelect: CellularSelectBody,
  activeSim: ActiveSimBody,
  audioParameters: AudioParametersBody,
  audioBitrate: AudioBitrateBody,
  ifbDelay: IfbDelayBody,
  ifbAlwaysOn: IfbAlwaysOnBody,
  ancillaryData: AncillaryDataBody,
  shootingMode: ShootingModeBody,
  storeAndForwardQuality: StoreAndForwardQualityBody,
  encoder: EncoderBody,
  cancelFileUpload: CancelFileUploadBody,
  speedTest: SpeedTestBody,
  videoComplexity: VideoComplexityBody,
} as const satisfies Record<UnitCommand, z.ZodType>;

/**
 * What a command answers: the device took it (the ack is immediate; effects follow and arrive as
 * status / telemetry / `unit.commandResult` events).
 */
export const UnitCommandAccepted = z.object({ uniqueId: Id, command: UnitCommand, accepted: z.literal(true) });
export type UnitCommandAccepted = z.infer<typeof UnitCommandAccepted>;

export const SetVirtualChannelResult = UnitCommandAccepted.extend({ channelId: Id, virtualChannelName: z.string() });

/** One Wi-Fi network a unit sees. */
export const WifiNetwork = z.object({
  ssid: z.string(),
  security: z.enum(WIFI_SECURITY),
  /** 0–100. */
  signalQuality: z.number().min(0).max(100),
  connected: z.boolean(),
});
export type WifiNetwork = z.infer<typeof WifiNetwork>;
/** wifi query answers with the networks in range. */
export const WifiQueryResult = UnitCommandAccepted.extend({ networks: z.array(WifiNetwork) });

/** cellular scan: accepted; the operators found arrive with `unit.commandResult` after 1–2 min. */
export const CellularScanResult = UnitCommandAccepted.extend({
  modemId: z.string(),
  expectedDurationMs: z.object({ min: z.number().int(), max: z.number().int() }),
});
/** One mobile operator a scan found. */
export const CellularOperator = z.object({
  mcc: z.string(),
  mnc: z.string(),
  name: z.string(),
  technology: z.enum(['3G', '4G', '5G']),
  signalQuality: z.number().min(0).max(100),
});
export type CellularOperator = z.infer<typeof CellularOperator>;
/** What a finished cellular scan reports (`unit.commandResult` result). */
export const CellularScanReport = z.object({ modemId: z.string(), operators: z.array(CellularOperator) });
export type CellularScanReport = z.infer<typeof CellularScanReport>;

/** speed test: accepted; the unit shows status speedtest, the outcome arrives as `unit.commandResult`. */
export const SpeedTestResult = UnitCommandAccepted.extend({ channelId: Id, timeout: z.number().int() });
/** What a finished speed test reports. */
export const SpeedTestReport = z.object({ channelId: z.string().nullable(), uplinkKbps: z.number().nonnegative(), downlinkKbps: z.number().nonnegative() });
export type SpeedTestReport = z.infer<typeof SpeedTestReport>;

/** cancel file upload: the names whose pending or running upload was cancelled. */
export const CancelFileUploadResult = UnitCommandAccepted.extend({ cancelled: z.array(z.string()) });

/** Outcome of a command that finishes later (scan, speed test). */
export const COMMAND_OUTCOMES = ['completed', 'failed', 'cancelled'] as const;
export const CommandOutcome = z.enum(COMMAND_OUTCOMES);
export type CommandOutcome = z.infer<typeof CommandOutcome>;

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
  });

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
    if (b.passphrase !== undefined && b.protocol !== 'srt') ctx.addIssue({ code: 'custom', path: ['passphrase'], message: VALIDATION.invalidField });
  });

/** PUT ippipe: the unit's IP pipe to a server (spec 001 §5 IP pipe port 1–65535). */
export const IpPipeUpdateBody = z
  .object({ enabled: z.boolean(), serverId: Id.nullable().optional(), port: PortNumber.optional(), version: UnitVersion })
  .strict()
  .superRefine((b, ctx) => {
    if (b.enabled && !b.serverId) ctx.addIssue({ code: 'custom', path: ['serverId'], message: VALIDATION.required });
  });

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
    cameras: z
      .array(z.object({ label: CameraLabel, priority: CameraPriority }).strict())
      .max(LIMITS.multiCameraMaxCameras, VALIDATION.maxElements),
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
  });
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
    resolution: z.union(VIDEO_RESOLUTIONS.map((r) => z.literal(r)) as [z.ZodLiteral<2160>, z.ZodLiteral<1080>, z.ZodLiteral<720>, z.ZodLiteral<576>, z.ZodLiteral<480>]),
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
  });
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
    if (b.mode !== 'group' && b.groupId) ctx.addIssue({ code: 'custom', path: ['groupId'], message: VALIDATION.invalidField });
    if (b.mode !== 'manual' && (b.alerts !== undefined || b.recipients !== undefined)) {
      ctx.addIssue({ code: 'custom', path: [b.alerts !== undefined ? 'alerts' : 'recipients'], message: VALIDATION.invalidField });
    }
    const seen = new Set<string>();
    b.recipients?.forEach((r, i) => {
      const key = `${r.alertType}:${r.email.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['recipients', i, 'email'], message: VALIDATION.fieldUnique });
      seen.add(key);
    });
  });

/** A per-priority bandwidth limit (priority 1 is the highest). */
export const PriorityLimit = z.object({ priority: z.number().int(), kbps: z.number() }).strict();
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
  });
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
  });

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
  });

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
    if (b.option !== 'custom' && b.customMbps !== undefined) ctx.addIssue({ code: 'custom', path: ['customMbps'], message: VALIDATION.invalidField });
  });

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
    firstName: PersonName.refine((v) => /^\p{Lu}/u.test(v), VALIDATION.firstNameUppercase).optional(),
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
export const SettingsConfigurationAddBody = z
  .object({ id: Id, outputChannel: Id.nullable(), multiChannel: z.boolean(), version: UnitVersion })
  .strict();

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
  });
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

// ─────────────────────────────────────────────────────────────────────────────────────────────
// The configuration every update answers with
// ─────────────────────────────────────────────────────────────────────────────────────────────

export const ConfiguredAlertRecipient = z.object({ alertType: z.union([AlertType, z.literal('all')]), email: z.string(), verified: z.boolean() });
/** The unit's alerts configuration as set (spec 000 §3 Alerts). */
export const UnitAlertsSetting = z.object({
  mode: AlertConfigMode,
  /** The group whose configuration applies: the chosen one (group), the last group (automatic). */
  groupId: z.string().nullable(),
  // One entry per ALERT_TYPES value (Object.fromEntries loses the key type, restored by the cast).
  alerts: z.object(Object.fromEntries(ALERT_TYPES.map((t) => [t, z.object({ enabled: z.boolean(), level: AlertLevel })])) as Record<AlertType, z.ZodObject<{ enabled: z.ZodBoolean; level: typeof AlertLevel }>>),
  recipients: z.array(ConfiguredAlertRecipient),
});

export const InterfaceSetting = z.object({
  port: z.number().int(),
  enabled: z.boolean().nullable(),
  networkMode: z.enum(NETWORK_MODES).nullable(),
  roamingAllowed: z.boolean().nullable(),
  apns: z.array(z.object({ slot: z.number().int(), apn: z.string(), username: z.string(), authProtocol: z.enum(AUTH_PROTOCOLS) })),
  forceScanNow: z.boolean(),
  ipMode: z.enum(IP_MODES).nullable(),
  ip: z.string().nullable(),
  subnetMask: z.string().nullable(),
  gateway: z.string().nullable(),
});

export const IntercomSetting = z.object({
  mode: z.enum(INTERCOM_MODES),
  audioRoomId: z.string().nullable(),
  targetChannelId: z.string().nullable(),
  destinationAccount: z.string().nullable(),
});

/**
 * A unit's configuration (spec 000 §3 "Unit configuration fields", then every setting of the §7
 * unit updates). Answered by every update and carried by the `unit.configuration` event. Secrets
 * (Wi-Fi and APN passwords, SRT passphrases) are never answered.
 */
export const UnitConfiguration = z.object({
  unitUniqueId: Id,
  /** The unit's optimistic-concurrency version after the change. */
  version: z.number().int(),
  // spec 000 §3 "Unit configuration fields"
  storeAndForwardVideoQualityV2: StoreAndForwardProfile,
  /** Transmission delay, ms; null when never configured. */
  delay: z.number().int().nullable(),
  delayMode: z.enum(DELAY_MODES),
  /** Spec 000 §9: a delay below 0.8 s forces ethernet or Wi-Fi. */
  forcesWiredLink: z.boolean(),
  virtualChannelName: z.string(),
  paths: z.array(z.string()),
  files: z.array(z.string()),
  port: z.number().int().nullable(),
  forceScanNow: z.boolean(),
  audio: z.object({ input: z.enum(AUDIO_INPUTS), channels: z.number().int(), bitrateKbps: z.number().int(), gainDb: z.number() }),
  bandwidth: z.object({
    cellular: z.number().nullable(),
    total: z.number().nullable(),
    priorityLimits: z.array(z.object({ priority: z.number().int(), kbps: z.number() })),
  }),
  alerts: UnitAlertsSetting,
  pairingCodeMode: z.boolean(),
  multiCameraLabels: z.array(z.string()),
  switcher: z.object({
    mode: z.enum(SWITCHER_CONFIG_MODES).nullable(),
    highQualityChannel: z.string().nullable(),
    proxyChannel: z.string().nullable(),
    inputSdi: z.number().int().nullable(),
  }),
  // the other settings of spec 000 §7 unit updates and commands
  selectedChannelId: z.string().nullable(),
  filenamePrefix: z.string().nullable(),
  transmissionMode: TransmissionMode,
  workingMode: WorkingMode,
  multiCamera: z.object({
    numberOfFeeds: z.number().int(),
    channelSelectionMode: z.enum(CHANNEL_SELECTION_MODES),
    customSelectedChannels: z.array(z.string()),
    channel: z.string().nullable(),
    mode: MultiCameraMode,
    cameras: z.array(z.object({ label: z.string(), priority: z.number().int() })),
    maxBandwidthMbps: z.number().nullable(),
  }),
  singleCamera: z.object({ resolution: z.number().int(), colourDepth: z.number().int(), maxBandwidthMbps: z.number().nullable() }),
  databridge: z.object({ enabled: z.boolean(), bridgeMode: z.enum(DATABRIDGE_MODES) }),
  videoReturn: z.object({ enabled: z.boolean(), output: z.enum(VIDEO_RETURN_OUTPUTS), selectedVrChannelId: z.string().nullable() }),
  ntpTimecode: z.object({ enabled: z.boolean(), server: z.string().nullable() }),
  fixedInternetDelay: z.number().int().nullable(),
  ipInput: z.object({
    enabled: z.boolean(),
    protocol: z.enum(IP_INPUT_PROTOCOLS).nullable(),
    port: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    hasPassphrase: z.boolean(),
  }),
  /** IP pipe setting and its live state (from the unit's l2ControlPipe activity, spec 000 §4). */
  ipPipe: z.object({ enabled: z.boolean(), serverId: z.string().nullable(), port: z.number().int().nullable(), state: IpPipeState }),
  intercoms: z.array(IntercomSetting).length(2),
  audioJacks: z.array(z.object({ jack: z.number().int(), intercom: z.number().int().nullable(), volume: z.number().int(), muted: z.boolean() })),
  interfaces: z.array(InterfaceSetting),
  network: z.object({ capping: z.object({ option: z.enum(BANDWIDTH_CAP_OPTIONS), mbps: z.number().nullable() }) }),
  fetchlogs: z.object({ enhanced: z.boolean() }),
  settings: z.object({ outputChannel: z.string().nullable(), multiChannel: z.boolean(), machineUid: z.string() }),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  ifb: z.object({ delayMs: z.number().int(), alwaysOn: z.boolean() }),
  ancillaryData: z.object({ enabled: z.boolean(), types: z.array(z.enum(ANCILLARY_DATA_TYPES)) }),
  shootingMode: z.enum(SHOOTING_MODES),
  encoder: z.object({ codec: z.enum(VIDEO_CODECS), colourDepth: z.number().int() }),
  videoComplexity: z.enum(VIDEO_COMPLEXITIES),
  wifi: z.object({ ssid: z.string().nullable(), security: z.enum(WIFI_SECURITY).nullable() }),
  /** Operator pinned per cellular modem id ('automatic' when not pinned). */
  cellular: z.record(z.string(), z.object({ network: z.union([z.literal('automatic'), z.object({ mcc: z.string(), mnc: z.string() })]) })),
});
export type UnitConfiguration = z.infer<typeof UnitConfiguration>;

/** The settings one update changes (the `setting` of the device `configure` message and of `unit.configuration`). */
export const UNIT_SETTINGS = [
  'delay', 'databridge', 'videoReturn', 'filenamePrefix', 'ntpTimecode', 'transmissionMode', 'fixedInternetDelay',
  'ipInput', 'ipPipe', 'multiCamera', 'multiCameraChannel', 'multiCameraMode', 'singleCamera', 'operationalMode',
  'switcher', 'switcherHighQualityChannel', 'switcherProxyChannel', 'switcherSdiInput', 'alerts', 'bandwidth',
  'intercom', 'audioJacks', 'interfaces', 'vrChannelSelected', 'fetchlogsEnhanced', 'storeAndForwardQuality',
  'networkCapping', 'settingsConfiguration', 'inventoryDetails',
  // set by commands
  'virtualChannel', 'audio', 'metadata', 'ifb', 'ancillaryData', 'shootingMode', 'encoder', 'videoComplexity', 'wifi', 'cellular',
] as const;
export const UnitSetting = z.enum(UNIT_SETTINGS);
export type UnitSetting = z.infer<typeof UnitSetting>;
