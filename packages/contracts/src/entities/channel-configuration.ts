/**
 * Request and answer shapes of the channel configuration calls (spec 001 §3, §5, §7); where the spec
 * leaves a shape "not shown", the shape here is the one the console's manage-channel modal uses:
 * every GET answers the tab's current values (what its form starts from), every PUT/POST takes the
 * form's values and answers the stored configuration.
 *
 * Secrets (destination passwords, SRT passphrases, social media tokens) are write-only: requests
 * carry them, answers only say whether one is set (`hasPassword`, `hasPassphrase`, `hasAccessToken`).
 */
import { z } from 'zod';
import { BANDWIDTH_CAP_OPTIONS, CHANNEL_CONFIG_LIMITS as L, DEFAULT_MEDIA_RESOLUTIONS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules, STATED_BY_SCHEMA } from '../validation.js';
import { Id, IsoDate, StoredJsonObject } from './common.js';

const Port = (min: number, max: number) => z.number().int().min(min).max(max);
/** 001 §5 "source port 0-553 or 558-65535". */
const SourcePort = Port(0, L.sourcePortMax)
  .refine((p) => p < L.sourcePortReserved[0] || p > L.sourcePortReserved[1], { message: VALIDATION.sourcePortRange, ...STATED_BY_SCHEMA })
  // The document says so too: not within the reserved ports.
  .meta({ not: { minimum: L.sourcePortReserved[0], maximum: L.sourcePortReserved[1] } });
/** 001 §5 "SRT key 10-64 characters without special characters" (letters and digits). */
const SrtKey = z
  .string()
  .min(L.srtKeyMin)
  .max(L.srtKeyMax)
  .regex(/^[A-Za-z0-9]*$/, { message: VALIDATION.noSpecialCharacters });
/** 001 §5 "RTSP URL at most 256, ASCII only". */
const RtspUrl = z
  .string()
  .min(1)
  .max(L.rtspUrlMax, { message: VALIDATION.max256 })
  // eslint-disable-next-line no-control-regex -- the rule is precisely "ASCII only" (without NUL, which no string the core takes holds)
  .regex(/^[\x01-\x7F]*$/, { message: VALIDATION.asciiOnly });
const Url = z.string().min(1).max(L.rtspUrlMax, { message: VALIDATION.max256 });
const Name = z.string().min(1).max(255);
const Ipv4 = z.ipv4();
/** A secret: sent by requests, never answered (answers say only whether one is stored, under `flag`); left out keeps the stored one. */
const WriteOnly = <S extends z.ZodString>(schema: S, flag: string) => schema.optional().describe(`Write-only: answers carry ${flag} instead`);
/** An optimistic version: when given, the change applies only while the channel is still at it (409 otherwise). */
const OptionalVersion = z.number().int().nonnegative().optional();

/** What every write of a channel's configuration answers besides the tab's values. */
const Stamp = { channelId: Id, version: z.number().int().nonnegative(), updatedAt: IsoDate };

// ── FFMPEG override (also under admin) ─────────────────────────────────────────────────────────────
export const ChannelFfmpegBody = z.object({
  enabled: z.boolean(),
  /** The ffmpeg arguments the server uses instead of its own for this channel's output. */
  override: z.string().max(L.ffmpegOverrideMax),
  version: OptionalVersion,
});
export type ChannelFfmpegBody = z.infer<typeof ChannelFfmpegBody>;
export const ChannelFfmpeg = z.object({ ...Stamp, enabled: z.boolean(), override: z.string() });
export type ChannelFfmpeg = z.infer<typeof ChannelFfmpeg>;

// ── Input sources of an input channel ──────────────────────────────────────────────────────────────
export const INPUT_SOURCE_KINDS = ['encoder', 'srt', 'rtmp', 'webrtc'] as const;
export const SRT_MODES = ['caller', 'listener', 'rendezvous'] as const;

/** An input source to add: an encoder (RTSP pull), an SRT, RTMP or WebRTC ingest. */
export const AddInputSourceBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('encoder'), name: Name, rtspUrl: RtspUrl }),
  z.object({
    kind: z.literal('srt'),
    name: Name,
    mode: z.enum(SRT_MODES),
    url: Url.optional(),
    sourcePort: SourcePort,
    passphrase: WriteOnly(SrtKey, 'hasPassphrase'),
    latency: z.number().int().min(0).max(10_000),
  }),
  z.object({ kind: z.literal('rtmp'), name: Name, url: Url, streamKey: WriteOnly(z.string().max(255), 'hasStreamKey') }),
  z.object({ kind: z.literal('webrtc'), name: Name, port: Port(L.webrtcPortMin, L.webrtcPortMax) }),
]);
export type AddInputSourceBody = z.infer<typeof AddInputSourceBody>;

/** A stored input source; the SRT passphrase and RTMP stream key are write-only. */
export const InputSource = z.object({
  sourceId: Id,
  kind: z.enum(INPUT_SOURCE_KINDS),
  name: z.string(),
  rtspUrl: z.string().nullable(),
  url: z.string().nullable(),
  mode: z.enum(SRT_MODES).nullable(),
  sourcePort: z.number().int().nullable(),
  latency: z.number().int().nullable(),
  port: z.number().int().nullable(),
  hasPassphrase: z.boolean(),
  hasStreamKey: z.boolean(),
});
export type InputSource = z.infer<typeof InputSource>;
export const RemoveInputSourceQuery = z.object({ sourceId: Id });
export const ChannelInputSources = z.object({ ...Stamp, sources: z.array(InputSource) });
export type ChannelInputSources = z.infer<typeof ChannelInputSources>;

// ── Streaming destinations ─────────────────────────────────────────────────────────────────────────
/** The destination types of the streaming-destination modal. */
export const DESTINATION_TYPES = ['cdn', 'srt', 'mpegts', 'ffmpeg'] as const;
/** A main stream or its backup: only one main per provider on a channel (001 §5). */
export const STREAM_TYPES = ['main', 'backup'] as const;

const DestinationCommon = {
  name: Name,
  provider: z.string().min(1).max(255),
  streamType: z.enum(STREAM_TYPES).default('main'),
  /** The stream media profile (by name) the destination's video follows, when one is chosen. */
  videoProfile: z.string().max(64).optional(),
  /** kbps, 001 §5 "video bitrate 2000-8000". */
  bitrate: z.number().int().min(L.videoBitrateMinKbps).max(L.videoBitrateMaxKbps).optional(),
  /** One of the 001 §9 default media resolutions (1080p60/50, 1080i60/50, 720p60/50, 576i, 480i). */
  resolution: z.enum(DEFAULT_MEDIA_RESOLUTIONS).optional(),
  frameRate: z.string().max(16).optional(),
  active: z.boolean().default(false),
};
/** One destination as the modal's form gives it; `type` picks the fields that apply. */
export const DestinationFields = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('cdn'),
    ...DestinationCommon,
    urlPrimary: Url,
    urlSecondary: Url.optional(),
    streamId: z.string().min(1).max(255),
    username: z.string().max(255).optional(),
    password: WriteOnly(z.string().max(255), 'hasPassword'),
  }),
  z.object({
    type: z.literal('srt'),
    ...DestinationCommon,
    urlPrimary: Url,
    srtMode: z.enum(SRT_MODES),
    sourcePort: SourcePort,
    passphrase: WriteOnly(SrtKey, 'hasPassphrase'),
    latency: z.number().int().min(0).max(10_000),
    streamId: z.string().min(1).max(255).optional(),
  }),
  z.object({
    type: z.literal('mpegts'),
    ...DestinationCommon,
    mpegTsIp: Ipv4,
    mpegTsPort: Port(0, L.mpegTsPortMax),
    mpegTsBitrate: z.number().int().min(L.videoBitrateMinKbps).max(L.videoBitrateMaxKbps),
  }),
  z.object({ type: z.literal('ffmpeg'), ...DestinationCommon, ffmpegOverride: z.string().min(1).max(L.ffmpegOverrideMax) }),
]);
export type DestinationFields = z.infer<typeof DestinationFields>;

export const FetchDestinationsBody = z.object({ channelId: Id });
export const AddDestinationBody = z.object({ channelId: Id, destination: DestinationFields });
export type AddDestinationBody = z.infer<typeof AddDestinationBody>;
/** Replaces the destination's fields; a password or passphrase left out keeps the stored one. */
export const UpdateDestinationBody = z.object({ channelId: Id, id: Id, version: OptionalVersion, destination: DestinationFields });
export type UpdateDestinationBody = z.infer<typeof UpdateDestinationBody>;
export const RemoveDestinationBody = z.object({ channelId: Id, id: Id });

/** A stored destination: every field of spec 001 §3, secrets masked. */
export const StreamingDestinationInfo = z.object({
  id: Id,
  channelId: Id,
  type: z.enum(DESTINATION_TYPES),
  name: z.string(),
  provider: z.string(),
  streamType: z.enum(STREAM_TYPES),
  urlPrimary: z.string().nullable(),
  urlSecondary: z.string().nullable(),
  streamId: z.string().nullable(),
  username: z.string().nullable(),
  /** Write-only: whether a password is stored. */
  hasPassword: z.boolean(),
  videoProfile: z.string().nullable(),
  bitrate: z.number().int().nullable(),
  resolution: z.string().nullable(),
  frameRate: z.string().nullable(),
  srtMode: z.enum(SRT_MODES).nullable(),
  sourcePort: z.number().int().nullable(),
  /** Write-only: whether an SRT passphrase is stored. */
  hasPassphrase: z.boolean(),
  latency: z.number().int().nullable(),
  mpegTsIp: z.string().nullable(),
  mpegTsPort: z.number().int().nullable(),
  mpegTsBitrate: z.number().int().nullable(),
  ffmpegOverride: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type StreamingDestinationInfo = z.infer<typeof StreamingDestinationInfo>;
export const StreamingDestinationList = z.object({ channelId: Id, destinations: z.array(StreamingDestinationInfo) });
export type StreamingDestinationList = z.infer<typeof StreamingDestinationList>;
export const DestinationRemoved = z.object({ channelId: Id, id: Id, removed: z.literal(true) });

// ── Stream media profiles (system settings values; read by the streaming tab) ─────────────────────
const ProfileValue = z.number().int().min(0).max(L.streamMediaProfileMax);
export const StreamMediaProfile = z.object({
  id: z.string(),
  name: z.string(),
  codec: z.enum(['h264', 'h265']),
  /** vertical lines */
  minResolution: ProfileValue,
  maxResolution: ProfileValue,
  fps: ProfileValue,
  /** kbps */
  bitrate: ProfileValue,
  attributes: StoredJsonObject,
});
export type StreamMediaProfile = z.infer<typeof StreamMediaProfile>;
export const StreamMediaProfileList = z.object({ profiles: z.array(StreamMediaProfile) });
export type StreamMediaProfileList = z.infer<typeof StreamMediaProfileList>;

// ── Social media details (Facebook go-live) ───────────────────────────────────────────────────────
export const SOCIAL_PRIVACY = ['public', 'friends', 'only_me'] as const;
export const SocialMediaQuery = z.object({ channelId: Id });
export const UpdateSocialMediaBody = z.object({
  channelId: Id,
  provider: z.literal('facebook').default('facebook'),
  enabled: z.boolean(),
  pageId: z.string().max(255).optional(),
  title: z.string().max(255),
  description: z.string().max(1024).default(''),
  privacy: z.enum(SOCIAL_PRIVACY).default('public'),
  /** Write-only; left out keeps the stored one. */
  accessToken: WriteOnly(z.string().min(1).max(1024), 'hasAccessToken'),
  version: OptionalVersion,
});
export type UpdateSocialMediaBody = z.infer<typeof UpdateSocialMediaBody>;
export const SocialMediaDetails = z.object({
  ...Stamp,
  provider: z.literal('facebook'),
  enabled: z.boolean(),
  pageId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  privacy: z.enum(SOCIAL_PRIVACY),
  hasAccessToken: z.boolean(),
});
export type SocialMediaDetails = z.infer<typeof SocialMediaDetails>;

// ── Bandwidth limit and private session (several channels at once) ───────────────────────────────
export const BwLimitBody = z
  .object({
    channelIds: z.array(Id).min(1).max(L.bwLimitChannelsMax),
    /** Spec 001 §3 bandwidth cap options: disabled, custom, or a value in Mbps. */
    limit: z.enum(BANDWIDTH_CAP_OPTIONS),
    /** kbps; required (and only read) with `custom`. */
    customKbps: z.number().int().min(L.customBandwidthMinKbps).max(L.customBandwidthMaxKbps).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.limit === 'custom' && b.customKbps === undefined) ctx.addIssue({ code: 'custom', path: ['customKbps'], message: VALIDATION.required });
  })
  .meta(statesRules({ field: 'customKbps', message: VALIDATION.required, rule: 'required with the custom limit' }));
export type BwLimitBody = z.infer<typeof BwLimitBody>;
export const PrivateSessionBody = z.object({ channelIds: z.array(Id).min(1).max(L.bwLimitChannelsMax), privateSession: z.boolean() });
export type PrivateSessionBody = z.infer<typeof PrivateSessionBody>;
/** One channel's bandwidth limit (kbps, null when disabled) and private session after a change. */
export const ChannelLimitsRow = z.object({ ...Stamp, bandwidthLimit: z.number().int().nullable(), privateSession: z.boolean() });
export const ChannelLimitsResult = z.object({ channels: z.array(ChannelLimitsRow) });
export type ChannelLimitsResult = z.infer<typeof ChannelLimitsResult>;

// ── SMPTE 2110 output ─────────────────────────────────────────────────────────────────────────────
export const SMPTE_FLOW_KINDS = ['video', 'audio', 'anc'] as const;
const Endpoint = z.object({ ip: Ipv4, port: Port(1, 65535) });
/** A flow as sent (the secondary endpoint may be left out) and as answered (always there, null when none). */
export const SmpteFlow = z.object({ kind: z.enum(SMPTE_FLOW_KINDS), primary: Endpoint, secondary: Endpoint.nullable().default(null) });
export type SmpteFlow = z.infer<typeof SmpteFlow>;
const SmpteFlowAnswer = z.object({ kind: z.enum(SMPTE_FLOW_KINDS), primary: Endpoint, secondary: Endpoint.nullable() });
export const ChannelSmpteBody = z.object({ enabled: z.boolean(), flows: z.array(SmpteFlow).max(L.smpteFlowsMax), version: OptionalVersion });
export type ChannelSmpteBody = z.infer<typeof ChannelSmpteBody>;
export const ChannelSmpte = z.object({
  ...Stamp,
  enabled: z.boolean(),
  flows: z.array(SmpteFlowAnswer),
  /** Spec 001 §3 smpteMetadata.isConfigured: enabled with at least one flow. */
  smpteMetadata: z.object({ isConfigured: z.boolean() }),
});
export type ChannelSmpte = z.infer<typeof ChannelSmpte>;

// ── Channel logs ──────────────────────────────────────────────────────────────────────────────────
export const ChannelLogs = z.object({ channelId: Id, sending: z.boolean(), startedAt: IsoDate.nullable() });
export type ChannelLogs = z.infer<typeof ChannelLogs>;

// ── STUN/TURN ─────────────────────────────────────────────────────────────────────────────────────
export const StunTurnQuery = z.object({ identifier: z.string().min(1).max(255) });
export const IceServer = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() });
export const StunTurnInfo = z.object({
  identifier: z.string(),
  iceServers: z.array(IceServer),
  /** Seconds the TURN credentials stay valid (the console caches for turnExpiration × 1000 ms). */
  turnExpiration: z.number().int().positive(),
});
export type StunTurnInfo = z.infer<typeof StunTurnInfo>;

// ── Graphics overlay ──────────────────────────────────────────────────────────────────────────────
export const ChannelOverlayBody = z.object({
  fileName: z.string().min(1).max(255),
  /** The PNG file's bytes, base64. Type, size and resolution are checked on the decoded bytes. */
  dataBase64: z.string().min(1).max(L.overlayBase64Max),
  /** Replace an overlay of the same name instead of answering "exists". */
  replace: z.boolean().default(false),
});
export type ChannelOverlayBody = z.infer<typeof ChannelOverlayBody>;
export const ChannelOverlay = z.object({
  ...Stamp,
  overlay: z.object({ fileName: z.string(), width: z.number().int(), height: z.number().int(), sizeBytes: z.number().int(), uploadedAt: IsoDate }).nullable(),
});
export type ChannelOverlay = z.infer<typeof ChannelOverlay>;
