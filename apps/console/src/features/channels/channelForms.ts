/**
 * The manage-channel forms as data: each tab's form values from the channel's current values, and
 * the call's body from the form (numbers are typed as text: '' is "not set", anything else must
 * parse, and the catalogue schema then words the problem as the spec does). No React here.
 */
import type { ChannelDetails, ChannelGeneral, ChannelMode, ChannelPtmp } from '@fleet/contracts';
import { parseNumber } from '../../lib/forms/fieldErrors';

export interface GeneralForm {
  readonly name: string;
  readonly mode: ChannelMode | '';
  readonly port: string;
  readonly recording: boolean;
  readonly output: boolean;
  readonly preview: boolean;
  readonly forceOutput: boolean;
  readonly forwardRtmp: boolean;
  readonly distributor: boolean;
  readonly studio: boolean;
  readonly sharing: boolean;
  readonly sdiNo: string;
  readonly smpte: boolean;
  readonly fourK: boolean;
}

const text = (n: number | null): string => (n === null ? '' : String(n));
/** '' → null (not set), else the number (NaN when it is not one: the schema says so). */
const nullableNumber = (value: string): number | null => parseNumber(value) ?? null;

export function generalForm(general: ChannelGeneral): GeneralForm {
  return {
    name: general.name,
    mode: general.mode ?? '',
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
export function generalBody(values: GeneralForm, version: number) {
  return {
    name: values.name.trim(),
    mode: values.mode === '' ? null : values.mode,
    port: nullableNumber(values.port),
    recording: values.recording,
    output: values.output,
    preview: values.preview,
    forceOutput: values.forceOutput,
    forwardRtmp: values.forwardRtmp,
    distributor: values.distributor,
    studio: values.studio,
    sharing: values.sharing,
    sdiNo: nullableNumber(values.sdiNo),
    flavor: values.smpte ? ('SMPTE2110' as const) : null,
    fourK: values.fourK,
    version,
  };
}

export interface NdiForm {
  readonly ndi: boolean;
}
export interface TallyForm {
  readonly tally: string;
}

export const ndiForm = (details: ChannelDetails): NdiForm => ({ ndi: details.general.ndi });
export const ndiBody = (values: NdiForm, version: number) => ({ ndi: values.ndi, version });
export const tallyForm = (details: ChannelDetails): TallyForm => ({ tally: details.general.tally ?? '' });
/** An empty tally name clears it. */
export const tallyBody = (values: TallyForm, version: number) => ({ tally: values.tally.trim() === '' ? null : values.tally.trim(), version });

export interface MultipointForm {
  /** Receiver unit ids, one a line. */
  readonly machines: string;
}

export const multipointForm = (ptmp: ChannelPtmp): MultipointForm => ({ machines: ptmp.machines.map((m) => m.uid).join('\n') });

/** POST updatePtmpChannels: the receivers, blank lines and repeats dropped. */
export function multipointBody(values: MultipointForm, channelId: string) {
  const uids = [...new Set(values.machines.split(/[\n,]/).map((line) => line.trim()).filter((line) => line !== ''))];
  return { uniqueID: channelId, machines: uids.map((uid) => ({ uid })) };
}

export interface BwLimitForm {
  readonly limit: string;
  readonly customKbps: string;
}

/** The stored limit (kbps, null = disabled) as the cap options of spec 001 §3 (3.6 ... 8.0 Mbps, else custom). */
export function bwLimitForm(kbps: number | null, options: readonly string[]): BwLimitForm {
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
