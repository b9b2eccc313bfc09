/**
 * The manage-channel forms as data: each tab's form values from the channel's current values, and
 * the call's body from the form (numbers are typed as text: '' is "not set", anything else must
 * parse, and the catalogue schema then words the problem as the spec does). No React here.
 */
import { DEFAULT_MEDIA_RESOLUTIONS } from '@fleet/contracts';
import type { DESTINATION_TYPES, SRT_MODES, STREAM_TYPES } from '@fleet/contracts';
import type { AddInputSourceBody, ChannelDetails, ChannelGeneral, ChannelPtmp, ChannelSmpte, StreamingDestinationInfo } from '@fleet/contracts';
import { parseNumber } from '../../lib/forms/fieldErrors';

export type GeneralForm = ReturnType<typeof generalForm>;

const text = (n: number | null): string => (n === null ? '' : String(n));
/** '' → null (not set), else the number (NaN when it is not one: the schema says so). */
const nullableNumber = (value: string): number | null => parseNumber(value) ?? null;

export function generalForm(general: ChannelGeneral) {
  return {
    name: general.name,
    mode: general.mode ?? ('' as const),
    port: text(general.port),
    recording: general.recording,
    output: general.output,
    preview: general.preview,
    forceOutput: general.forceOutput,
    forwardRtmp: general.forwardRtmp,
    distributor: general.distributor,
    studio: general.studio,
    sharing: general.sharing,
    sdiNo: text(general.sdiNo),
    smpte: general.flavor === 'SMPTE2110',
    fourK: general.fourK,
  };
}

/** PUT v2/admin/channels/{id}: the general fields, at the version the form was read at. */
export function generalBody({ name, mode, port, sdiNo, smpte, ...flags }: GeneralForm, version: number) {
  return {
    name: name.trim(),
    mode: mode === '' ? null : mode,
    port: nullableNumber(port),
    ...flags,
    sdiNo: nullableNumber(sdiNo),
    flavor: smpte ? ('SMPTE2110' as const) : null,
    version,
  };
}

export const ndiForm = (details: ChannelDetails) => ({ ndi: details.general.ndi });
export const ndiBody = (values: { ndi: boolean }, version: number) => ({ ndi: values.ndi, version });
export const tallyForm = (details: ChannelDetails) => ({ tally: details.general.tally ?? '' });
/** An empty tally name clears it. */
export const tallyBody = (values: { tally: string }, version: number) => ({ tally: values.tally.trim() === '' ? null : values.tally.trim(), version });

export type MultipointForm = ReturnType<typeof multipointForm>;

/** Receiver unit ids, one a line. */
export const multipointForm = (ptmp: ChannelPtmp) => ({ machines: ptmp.machines.map((m) => m.uid).join('\n') });

/** POST updatePtmpChannels: the receivers, blank lines and repeats dropped. */
export function multipointBody(values: MultipointForm, channelId: string) {
  const uids = [
    ...new Set(
      values.machines
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
  return { uniqueID: channelId, machines: uids.map((uid) => ({ uid })) };
}

export type BwLimitForm = ReturnType<typeof bwLimitForm>;

/** The stored limit (kbps, null = disabled) as the cap options of spec 001 §3 (3.6 ... 8.0 Mbps, else custom). */
export function bwLimitForm(kbps: number | null, options: readonly string[]): { limit: string; customKbps: string } {
  if (kbps === null) return { limit: 'disabled', customKbps: '' };
  const mbps = (kbps / 1000).toFixed(1);
  if (options.includes(mbps) && mbps !== 'disabled' && mbps !== 'custom') return { limit: mbps, customKbps: '' };
  return { limit: 'custom', customKbps: String(kbps) };
}

export function bwLimitBody(values: BwLimitForm, channelId: string) {
  return {
    channelIds: [channelId],
    limit: values.limit,
    ...(values.limit === 'custom' ? { customKbps: parseNumber(values.customKbps) } : {}),
  };
}

export type SmpteRow = SmpteForm['flows'][number];
export type SmpteForm = ReturnType<typeof smpteForm>;

export function smpteForm(current: Pick<ChannelSmpte, 'enabled' | 'flows'>) {
  return {
    enabled: current.enabled,
    flows: current.flows.map((f) => ({
      kind: f.kind,
      primaryIp: f.primary.ip,
      primaryPort: String(f.primary.port),
      secondaryIp: f.secondary?.ip ?? '',
      secondaryPort: f.secondary == null ? '' : String(f.secondary.port),
    })),
  };
}

/** PUT channels/{id}/smpte: one flow per row, in the rows' order (so a field error names its row); no secondary when both its fields are empty. */
export function smpteBody(values: SmpteForm, version: number) {
  return {
    enabled: values.enabled,
    flows: values.flows.map((row) => ({
      kind: row.kind,
      primary: { ip: row.primaryIp.trim(), port: parseNumber(row.primaryPort) },
      secondary: row.secondaryIp.trim() === '' && row.secondaryPort.trim() === '' ? null : { ip: row.secondaryIp.trim(), port: parseNumber(row.secondaryPort) },
    })),
    version,
  };
}

export type SocialForm = ReturnType<typeof socialForm>;

/** The go-live settings; the access token is write-only (empty keeps the stored one). */
export function socialForm(current: {
  enabled: boolean;
  pageId: string | null;
  title: string;
  description: string;
  privacy: 'public' | 'friends' | 'only_me';
}) {
  return {
    enabled: current.enabled,
    pageId: current.pageId ?? '',
    title: current.title,
    description: current.description,
    privacy: current.privacy,
    accessToken: '',
  };
}

export function socialBody(values: SocialForm, channelId: string, version: number) {
  return {
    channelId,
    provider: 'facebook' as const,
    enabled: values.enabled,
    ...(values.pageId.trim() === '' ? {} : { pageId: values.pageId.trim() }),
    title: values.title,
    description: values.description,
    privacy: values.privacy,
    ...(values.accessToken === '' ? {} : { accessToken: values.accessToken }),
    version,
  };
}

export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** A destination's resolution: one of the spec 001 §9 default media resolutions. */
export type MediaResolution = (typeof DEFAULT_MEDIA_RESOLUTIONS)[number];

/** A stored resolution as the form's choice ('' when none, or one the list does not offer). */
export function asMediaResolution(value: string | null): '' | MediaResolution {
  return DEFAULT_MEDIA_RESOLUTIONS.find((r) => r === value) ?? '';
}

/**
 * The add-destination form: every type's fields as text; `type` picks those that are sent. The
 * stream media profile, bitrate (kbps, 001 §5 2000-8000) and resolution (001 §9) are '' for none.
 */
export type DestinationForm = Readonly<typeof BLANK_DESTINATION>;

export const BLANK_DESTINATION = {
  type: 'cdn' as DestinationType,
  name: '',
  provider: '',
  streamType: 'main' as (typeof STREAM_TYPES)[number],
  videoProfile: '',
  bitrate: '',
  resolution: '' as '' | MediaResolution,
  frameRate: '',
  urlPrimary: '',
  urlSecondary: '',
  streamId: '',
  username: '',
  password: '',
  srtMode: 'caller' as (typeof SRT_MODES)[number],
  sourcePort: '',
  passphrase: '',
  latency: '120',
  mpegTsIp: '',
  mpegTsPort: '',
  mpegTsBitrate: '',
  ffmpegOverride: '',
};

/** Optional text: left out when empty. */
const optional = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
  value.trim() === '' ? {} : ({ [key]: value.trim() } as Record<K, string>);

/** POST add_details: the destination with the fields of its type (spec 001 §3 streaming destination). */
export function destinationBody(values: DestinationForm, channelId: string) {
  const common = {
    name: values.name.trim(),
    provider: values.provider.trim(),
    streamType: values.streamType,
    ...optional('videoProfile', values.videoProfile),
    ...(values.bitrate.trim() === '' ? {} : { bitrate: parseNumber(values.bitrate) }),
    ...(values.resolution === '' ? {} : { resolution: values.resolution }),
    ...optional('frameRate', values.frameRate),
  };
  switch (values.type) {
    case 'cdn':
      return {
        channelId,
        destination: {
          type: 'cdn' as const,
          ...common,
          urlPrimary: values.urlPrimary.trim(),
          ...optional('urlSecondary', values.urlSecondary),
          streamId: values.streamId.trim(),
          ...optional('username', values.username),
          ...(values.password === '' ? {} : { password: values.password }),
        },
      };
    case 'srt':
      return {
        channelId,
        destination: {
          type: 'srt' as const,
          ...common,
          urlPrimary: values.urlPrimary.trim(),
          srtMode: values.srtMode,
          sourcePort: parseNumber(values.sourcePort),
          ...(values.passphrase === '' ? {} : { passphrase: values.passphrase }),
          latency: parseNumber(values.latency),
          ...optional('streamId', values.streamId),
        },
      };
    case 'mpegts':
      return {
        channelId,
        destination: {
          type: 'mpegts' as const,
          ...common,
          mpegTsIp: values.mpegTsIp.trim(),
          mpegTsPort: parseNumber(values.mpegTsPort),
          mpegTsBitrate: parseNumber(values.mpegTsBitrate),
        },
      };
    case 'ffmpeg':
      return { channelId, destination: { type: 'ffmpeg' as const, ...common, ffmpegOverride: values.ffmpegOverride } };
  }
}

/** A stored destination as the form shows it for editing (secrets are write-only: empty keeps them). */
export function destinationForm(info: StreamingDestinationInfo): DestinationForm {
  const text = (value: string | number | null): string => (value === null ? '' : String(value));
  return {
    ...BLANK_DESTINATION,
    type: info.type,
    name: info.name,
    provider: info.provider,
    streamType: info.streamType,
    videoProfile: text(info.videoProfile),
    bitrate: text(info.bitrate),
    resolution: asMediaResolution(info.resolution),
    frameRate: text(info.frameRate),
    urlPrimary: text(info.urlPrimary),
    urlSecondary: text(info.urlSecondary),
    streamId: text(info.streamId),
    username: text(info.username),
    srtMode: info.srtMode ?? BLANK_DESTINATION.srtMode,
    sourcePort: text(info.sourcePort),
    latency: info.latency == null ? BLANK_DESTINATION.latency : String(info.latency),
    mpegTsIp: text(info.mpegTsIp),
    mpegTsPort: text(info.mpegTsPort),
    mpegTsBitrate: text(info.mpegTsBitrate),
    ffmpegOverride: text(info.ffmpegOverride),
  };
}

/** POST update_details: the destination's fields at the version it was read at. */
export function destinationUpdateBody(values: DestinationForm, channelId: string, info: Pick<StreamingDestinationInfo, 'id' | 'version'>) {
  return { ...destinationBody(values, channelId), id: info.id, version: info.version };
}

export type InputSourceKind = AddInputSourceBody['kind'];

/** The add-input-source form: every kind's fields as text; `kind` picks those that are sent. */
export type InputSourceForm = Readonly<typeof BLANK_INPUT_SOURCE>;

export const BLANK_INPUT_SOURCE = {
  kind: 'encoder' as InputSourceKind,
  name: '',
  rtspUrl: '',
  url: '',
  mode: 'listener' as (typeof SRT_MODES)[number],
  sourcePort: '',
  passphrase: '',
  latency: '120',
  streamKey: '',
  port: '',
};

/**
 * POST channels/{id}/inputSources: the source with the fields of its kind (spec 001 §5 RTSP URL,
 * WebRTC port, SRT key and source port rules are the body schema's). The RTSP URL is sent as typed
 * (its ASCII rule must see what the user wrote); secrets left empty are not sent.
 */
export function inputSourceBody(values: InputSourceForm) {
  const name = values.name.trim();
  switch (values.kind) {
    case 'encoder':
      return { kind: 'encoder' as const, name, rtspUrl: values.rtspUrl.trim() };
    case 'srt':
      return {
        kind: 'srt' as const,
        name,
        mode: values.mode,
        ...optional('url', values.url),
        sourcePort: parseNumber(values.sourcePort),
        ...(values.passphrase === '' ? {} : { passphrase: values.passphrase }),
        latency: parseNumber(values.latency),
      };
    case 'rtmp':
      return { kind: 'rtmp' as const, name, url: values.url.trim(), ...(values.streamKey === '' ? {} : { streamKey: values.streamKey }) };
    case 'webrtc':
      return { kind: 'webrtc' as const, name, port: parseNumber(values.port) };
  }
}
