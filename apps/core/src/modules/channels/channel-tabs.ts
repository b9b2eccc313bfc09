/**
 * A channel's configuration tabs as stored under Channel.configuration (secrets kept, never
 * answered), their answers, and the streaming destinations' rules and columns
 * (channel-configuration.ts).
 */
import { z } from 'zod';
import {
  VALIDATION,
  InputSource as InputSourceSchema,
  SMPTE_FLOW_KINDS,
  SOCIAL_PRIVACY,
  SRT_MODES,
  STREAM_TYPES,
  type AddInputSourceBody,
  type BwLimitBody,
  type ChannelLogs,
  type DestinationFields,
  type InputSource,
  type StreamingDestinationInfo,
} from '@fleet/contracts';
import { validationError } from '../../errors.js';
import { jsonColumn } from '../../platform/storage/json-column.js';
import type { ChannelRecord } from '../../platform/storage/read-model.js';
import { type DestinationRow } from './streaming-destinations.js';

// ── The tabs as stored under Channel.configuration (secrets kept, never answered) ──────────────────
const StoredFfmpeg = z.object({ enabled: z.boolean(), override: z.string() });
/** An input source as stored: the answer's shape with the secrets in place of whether they are set. */
const StoredSource = InputSourceSchema.omit({ hasPassphrase: true, hasStreamKey: true }).extend({
  passphrase: z.string().nullable(),
  streamKey: z.string().nullable(),
});
type StoredSource = z.infer<typeof StoredSource>;
export const StoredSocial = z.object({
  enabled: z.boolean(),
  pageId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  privacy: z.enum(SOCIAL_PRIVACY),
  accessToken: z.string().nullable(),
});
export type StoredSocial = z.infer<typeof StoredSocial>;
const Endpoint = z.object({ ip: z.string(), port: z.number().int() });
const StoredSmpte = z.object({
  enabled: z.boolean(),
  flows: z.array(z.object({ kind: z.enum(SMPTE_FLOW_KINDS), primary: Endpoint, secondary: Endpoint.nullable() })),
});
const StoredLogs = z.object({ sending: z.boolean(), startedAt: z.string().nullable() });
export const StoredOverlay = z.object({
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type StoredOverlay = z.infer<typeof StoredOverlay>;

export const TABS = {
  ffmpeg: jsonColumn(StoredFfmpeg, () => ({ enabled: false, override: '' })),
  inputSources: jsonColumn(z.array(StoredSource), () => []),
  socialMedia: jsonColumn(StoredSocial, () => ({ enabled: false, pageId: null, title: '', description: '', privacy: 'public' as const, accessToken: null })),
  smpte: jsonColumn(StoredSmpte, () => ({ enabled: false, flows: [] })),
  logs: jsonColumn(StoredLogs, () => ({ sending: false, startedAt: null })),
} as const;
export type Tab = keyof typeof TABS;
export type TabValue<T extends Tab> = ReturnType<(typeof TABS)[T]['read']>;
export const overlayColumn = jsonColumn(StoredOverlay.nullable(), () => null);
export const configurationColumn = jsonColumn(z.record(z.string(), z.json()), () => ({}));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG from its IHDR chunk (the first chunk of every PNG), or null when the bytes are no PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Mbps options of spec 001 §3 → kbps; disabled → null. */
export function limitKbps(b: BwLimitBody): number | null {
  if (b.limit === 'disabled') return null;
  if (b.limit === 'custom') return b.customKbps ?? null;
  return Math.round(Number(b.limit) * 1000);
}

/** The channel's input sources as answers carry them, secrets masked (the channel details show them too). */
export function inputSourcesOf(ch: ChannelRecord): InputSource[] {
  return TABS.inputSources.read(configurationColumn.read(ch.configuration).inputSources).map(sourceInfo);
}

/** Whether the channel's logs are being sent, as the fetchlogs calls answer it (the channel details show it too). */
export function logsOf(ch: ChannelRecord): Omit<ChannelLogs, 'channelId'> {
  return TABS.logs.read(configurationColumn.read(ch.configuration).logs);
}

export function storedSource(sourceId: string, b: AddInputSourceBody): StoredSource {
  const base = {
    sourceId,
    kind: b.kind,
    name: b.name,
    rtspUrl: null,
    url: null,
    mode: null,
    sourcePort: null,
    latency: null,
    port: null,
    passphrase: null,
    streamKey: null,
  };
  switch (b.kind) {
    case 'encoder':
      return { ...base, rtspUrl: b.rtspUrl };
    case 'srt':
      return { ...base, url: b.url ?? null, mode: b.mode, sourcePort: b.sourcePort, latency: b.latency, passphrase: b.passphrase ?? null };
    case 'rtmp':
      return { ...base, url: b.url, streamKey: b.streamKey ?? null };
    case 'webrtc':
      return { ...base, port: b.port };
  }
}

function sourceInfo(s: StoredSource): InputSource {
  const { passphrase, streamKey, ...rest } = s;
  return { ...rest, hasPassphrase: passphrase !== null, hasStreamKey: streamKey !== null };
}

/** Spec 001 §5: stream IDs unique between the channel's streams; one main stream per provider. */
export function checkDestinationRules(d: DestinationFields, others: readonly DestinationRow[]): void {
  const problems = [];
  const streamId = 'streamId' in d ? d.streamId : undefined;
  if (streamId !== undefined && others.some((o) => o.streamId === streamId)) {
    problems.push({ path: 'body.destination.streamId', message: VALIDATION.streamIdUnique });
  }
  if (d.streamType === 'main' && others.some((o) => o.provider === d.provider && o.streamType === 'main')) {
    problems.push({ path: 'body.destination.streamType', message: VALIDATION.mainStreamProfilePerProvider });
  }
  if (problems.length > 0) throw validationError(problems);
}

/** The stored fields of a destination (what the server is sent, secrets included, and what is written). */
interface DestinationColumns {
  [column: string]: string | number | boolean | null;
  name: string;
  provider: string;
  streamType: string;
  videoProfile: string | null;
  bitrate: number | null;
  resolution: string | null;
  frameRate: string | null;
  active: boolean;
  urlPrimary: string | null;
  urlSecondary: string | null;
  streamId: string | null;
  username: string | null;
  password: string | null;
  srtMode: string | null;
  sourcePort: number | null;
  passphrase: string | null;
  latency: number | null;
  mpegTsIp: string | null;
  mpegTsPort: number | null;
  mpegTsBitrate: number | null;
  ffmpegOverride: string | null;
}

/** The columns of a destination of the given type; the other types' fields are cleared. Secrets left out keep the stored ones. */
export function destinationColumns(d: DestinationFields, current: DestinationRow | null): DestinationColumns {
  const common = {
    name: d.name,
    provider: d.provider,
    streamType: d.streamType,
    videoProfile: d.videoProfile ?? null,
    bitrate: d.bitrate ?? null,
    resolution: d.resolution ?? null,
    frameRate: d.frameRate ?? null,
    active: d.active,
  };
  const cleared = {
    urlPrimary: null,
    urlSecondary: null,
    streamId: null,
    username: null,
    password: null,
    srtMode: null,
    sourcePort: null,
    passphrase: null,
    latency: null,
    mpegTsIp: null,
    mpegTsPort: null,
    mpegTsBitrate: null,
    ffmpegOverride: null,
  };
  switch (d.type) {
    case 'cdn':
      return {
        ...common,
        ...cleared,
        urlPrimary: d.urlPrimary,
        urlSecondary: d.urlSecondary ?? null,
        streamId: d.streamId,
        username: d.username ?? null,
        password: d.password ?? current?.password ?? null,
      };
    case 'srt':
      return {
        ...common,
        ...cleared,
        urlPrimary: d.urlPrimary,
        srtMode: d.srtMode,
        sourcePort: d.sourcePort,
        latency: d.latency,
        streamId: d.streamId ?? null,
        passphrase: d.passphrase ?? current?.passphrase ?? null,
      };
    case 'mpegts':
      return { ...common, ...cleared, mpegTsIp: d.mpegTsIp, mpegTsPort: d.mpegTsPort, mpegTsBitrate: d.mpegTsBitrate };
    case 'ffmpeg':
      return { ...common, ...cleared, ffmpegOverride: d.ffmpegOverride };
  }
}

/** The destination's type, from the fields only that type has (no column stores it). */
function destinationType(r: DestinationRow): StreamingDestinationInfo['type'] {
  if (r.srtMode !== null) return 'srt';
  if (r.mpegTsIp !== null) return 'mpegts';
  if (r.ffmpegOverride !== null && r.urlPrimary === null) return 'ffmpeg';
  return 'cdn';
}

export function destinationInfo(r: DestinationRow): StreamingDestinationInfo {
  const srtMode = SRT_MODES.find((m) => m === r.srtMode) ?? null;
  const streamType = STREAM_TYPES.find((t) => t === r.streamType) ?? 'main';
  return {
    id: r.id,
    channelId: r.channelId ?? '',
    type: destinationType(r),
    name: r.name,
    provider: r.provider,
    streamType,
    urlPrimary: r.urlPrimary,
    urlSecondary: r.urlSecondary,
    streamId: r.streamId,
    username: r.username,
    hasPassword: r.password !== null,
    videoProfile: r.videoProfile,
    bitrate: r.bitrate,
    resolution: r.resolution,
    frameRate: r.frameRate,
    srtMode,
    sourcePort: r.sourcePort,
    hasPassphrase: r.passphrase !== null,
    latency: r.latency,
    mpegTsIp: r.mpegTsIp,
    mpegTsPort: r.mpegTsPort,
    mpegTsBitrate: r.mpegTsBitrate,
    ffmpegOverride: r.ffmpegOverride,
    active: r.active,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}
