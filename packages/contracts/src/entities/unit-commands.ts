/**
 * Entities of the unit commands (POST devices/{id}/commands/{command}, spec 000 §7 "Commands"):
 * their bodies, what the core answers at once, and the outcomes the device reports later. The
 * spec shows none of these shapes ("payload is a command-specific body"); each schema is our
 * stable choice of what a real console and device need, documented where it is declared.
 */
import { z } from 'zod';
import { SimSlot, StoreAndForwardProfile, UnitCommand } from '../enums.js';
import { LIMITS, TIMINGS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id } from './common.js';

import { MetadataText, ModemId, UNIT_CONFIG_BOUNDS } from './unit-config-fields.js';

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
        z
          .object({
            key: MetadataText(UNIT_CONFIG_BOUNDS.metadataKeyMax).min(1, VALIDATION.required),
            value: MetadataText(UNIT_CONFIG_BOUNDS.metadataValueMax),
          })
          .strict(),
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
  })
  .meta(statesRules({ field: 'password', message: VALIDATION.required, rule: 'required unless security is open' }));

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
export const CellularSelectBody = z.object({ modemId: ModemId, network: z.union([z.literal('automatic'), CellularNetworkId]) }).strict();

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
  })
  .meta(
    statesRules({
      field: 'channels',
      message: VALIDATION.audioChannelsSdiOnly,
      rule: `${LIMITS.audioChannelsSdiOnlyFrom} and above only with the sdi input (000 §9)`,
    }),
  );

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
