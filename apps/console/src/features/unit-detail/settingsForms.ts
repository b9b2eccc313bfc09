/**
 * The unit detail's setting forms as plain data: the values they start from (the unit's
 * configuration), the bodies they send and their checks, exactly as the core checks them — the
 * catalogue's body schemas with the spec's wording (lib/forms checkSchema; a form applied through
 * useConfigForm checks its call's schema itself), plus the switcher's rules (spec 000 §3). The multi camera feeds form is the configuration modal's (unit-config/forms.ts).
 */
import { StartExternalStreamBody, SwitcherChannelUpdateBody, SwitcherSdiInputUpdateBody, UNIT_CONFIG_BOUNDS, VALIDATION } from '@fleet/contracts';
import type { DbGatewayInfo, UnitConfiguration } from '@fleet/contracts';
import { checkSchema, numberValue, type FieldErrors } from '../../lib/forms/fieldErrors';

// ── multi camera channel and switcher channels ──────────────────────────────────────────────

/** PUT multiplecamera/channel body from the typed channel id. */
export function multiCameraChannelBody(values: { readonly channelId: string }): { channelId: string } {
  return { channelId: values.channelId.trim() };
}

export type SwitcherMode = 'switcher' | 'switcherAndProxy';

export type SwitcherValues = Readonly<ReturnType<typeof switcherValues>>;
export type SwitcherField = keyof SwitcherValues;

export function switcherValues(switcher: UnitConfiguration['switcher']) {
  return { highQualityChannel: switcher.highQualityChannel ?? '', proxyChannel: switcher.proxyChannel ?? '', inputSdi: switcher.inputSdi };
}

/** PUT switchermode body: the proxy channel only in switcher-and-proxy. */
export function switcherBody(mode: SwitcherMode, values: SwitcherValues) {
  return {
    mode,
    highQualityChannel: values.highQualityChannel.trim(),
    proxyChannel: mode === 'switcherAndProxy' ? values.proxyChannel.trim() : null,
    inputSdi: values.inputSdi,
  };
}

/**
 * The whole switcher (spec 000 §3): a high quality channel; switcher-and-proxy also needs a proxy
 * channel different from it and an SDI input (every problem at once, as the core's rules word them).
 */
export function switcherErrors(mode: SwitcherMode, values: SwitcherValues): FieldErrors {
  const errors: Record<string, string> = {};
  if (values.highQualityChannel.trim() === '') errors.highQualityChannel = VALIDATION.required;
  if (mode === 'switcherAndProxy') {
    if (values.proxyChannel.trim() === '') errors.proxyChannel = VALIDATION.required;
    else if (values.proxyChannel.trim() === values.highQualityChannel.trim()) errors.proxyChannel = VALIDATION.proxySameAsHighQuality;
    if (values.inputSdi == null) errors.inputSdi = VALIDATION.required;
  }
  return errors;
}

/**
 * One switcher channel (PUT switchermode/highqualitychannel or /proxychannel): the schema, and it
 * must differ from the other channel the unit has (spec 000 §3 switcher-and-proxy), as the core checks.
 */
export function switcherChannelErrors(channelId: string, otherChannel: string | null): FieldErrors {
  const errors = checkSchema(SwitcherChannelUpdateBody, { channelId: channelId.trim() });
  if (errors.channelId === undefined && otherChannel !== null && otherChannel === channelId.trim()) return { channelId: VALIDATION.proxySameAsHighQuality };
  return errors;
}

/** PUT switchermode/sdiinput body: no choice is sent as missing ("This field is required"). */
export function sdiInputBody(inputSdi: number | null): { inputSdi: number | undefined } {
  return { inputSdi: inputSdi ?? undefined };
}

export function sdiInputErrors(inputSdi: number | null): FieldErrors {
  return checkSchema(SwitcherSdiInputUpdateBody, sdiInputBody(inputSdi));
}

/** A one-field call's errors (keyed by its body: `channelId`, `inputSdi`) as the switcher form's field. */
export function asSwitcherField(errors: FieldErrors, field: SwitcherField): FieldErrors {
  const message = errors[field === 'inputSdi' ? 'inputSdi' : 'channelId'];
  return message === undefined ? {} : { [field]: message };
}

/** One switcher field applied alone (PUT switchermode/highqualitychannel, /proxychannel, /sdiinput): that call's checks. */
export function switcherFieldErrors(field: SwitcherField, mode: SwitcherMode, values: SwitcherValues, current: UnitConfiguration['switcher']): FieldErrors {
  if (field === 'inputSdi') return asSwitcherField(sdiInputErrors(values.inputSdi), field);
  // The core keeps the two channels apart against the channel the unit has (spec 000 §3 switcher-and-proxy).
  const other = mode === 'switcherAndProxy' ? (field === 'highQualityChannel' ? current.proxyChannel : current.highQualityChannel) : null;
  return asSwitcherField(switcherChannelErrors(values[field], other), field);
}

// ── intercoms ───────────────────────────────────────────────────────────────────────────────

/** Intercom `n` (1 or 2) as the configuration has it (an audio room when it has none). */
export function intercomValues(configuration: Pick<UnitConfiguration, 'intercoms'>, n: 1 | 2) {
  const current = configuration.intercoms[n - 1];
  return {
    mode: current?.mode ?? ('audioRoom' as const),
    audioRoomId: current?.audioRoomId ?? '',
    targetChannelId: current?.targetChannelId ?? '',
    destinationAccount: current?.destinationAccount ?? '',
  };
}

/** PUT intercom body: only the target of the chosen mode, an empty destination as none. */
export function intercomBody(n: 1 | 2, values: ReturnType<typeof intercomValues>) {
  const destination = values.destinationAccount.trim();
  return {
    intercom: n,
    mode: values.mode,
    audioRoomId: values.mode === 'audioRoom' ? values.audioRoomId.trim() : null,
    targetChannelId: values.mode === 'targetChannel' ? values.targetChannelId.trim() : null,
    destinationAccount: destination === '' ? null : destination,
  };
}

// ── audio jacks ─────────────────────────────────────────────────────────────────────────────

export interface AudioJackDraft {
  readonly jack: number;
  readonly intercom: 1 | 2 | null;
  /** A number, or the text typed while it is not one. */
  readonly volume: number | string;
  readonly muted: boolean;
}

/**
 * Reading chosen: a jack the unit does not report yet is shown carrying the intercom of its own
 * number ("one per intercom", contracts UNIT_CONFIG_BOUNDS), at half volume, not muted.
 */
export const DEFAULT_JACK_VOLUME = Math.round(UNIT_CONFIG_BOUNDS.volumeMax / 2);

function intercomOf(value: number | null, fallback: 1 | 2 | null): 1 | 2 | null {
  return value === 1 || value === 2 ? value : value === null ? null : fallback;
}

/** Every jack of the unit (1..UNIT_CONFIG_BOUNDS.audioJacks) as the configuration reports it. */
export function audioJackDrafts(configuration: Pick<UnitConfiguration, 'audioJacks'>): AudioJackDraft[] {
  return Array.from({ length: UNIT_CONFIG_BOUNDS.audioJacks }, (_, index) => {
    const jack = index + 1;
    const own: 1 | 2 | null = jack === 1 || jack === 2 ? jack : null;
    const reported = configuration.audioJacks.find((j) => j.jack === jack);
    if (reported === undefined) return { jack, intercom: own, volume: DEFAULT_JACK_VOLUME, muted: false };
    return { jack, intercom: intercomOf(reported.intercom, own), volume: reported.volume, muted: reported.muted };
  });
}

/** PUT intercom/audiojacks body (the volume as typed: the schema words what is wrong with it). */
export function audioJacksBody(drafts: readonly AudioJackDraft[]) {
  return { jacks: drafts.map((d) => ({ jack: d.jack, intercom: d.intercom, volume: numberValue(d.volume), muted: d.muted })) };
}

// ── social media / CDN forwarding ─────────────────────────────────────────────────────────────

/** Start body: destination and resolution are optional (the core then takes the first destination of the kind). */
export function externalStreamBody(destinationId: string, resolution: number | null): { destinationId?: string; resolution?: number } {
  const trimmed = destinationId.trim();
  return { ...(trimmed === '' ? {} : { destinationId: trimmed }), ...(resolution === null ? {} : { resolution }) };
}

export function externalStreamErrors(destinationId: string, resolution: number | null): FieldErrors {
  return checkSchema(StartExternalStreamBody, externalStreamBody(destinationId, resolution));
}

// ── databridge gateway picker ─────────────────────────────────────────────────────────────────

type GatewayRef = Pick<DbGatewayInfo, 'id' | 'name' | 'host' | 'port'>;

/** The gateway's address as shown (host, with its port when it has one). */
export function gatewayAddress(gateway: Pick<GatewayRef, 'host' | 'port'>): string {
  return gateway.port == null ? gateway.host : `${gateway.host}:${gateway.port}`;
}

/** The picker's choices: the gateways the unit may use, by name, and the selected one even when it is no longer offered. */
export function gatewayChoices<G extends GatewayRef>(available: readonly G[], selected: G | null): G[] {
  const all = selected !== null && !available.some((g) => g.id === selected.id) ? [...available, selected] : [...available];
  return all.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
