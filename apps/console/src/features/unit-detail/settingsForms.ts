/**
 * The unit detail's setting forms checked before sending, exactly as the core checks them: the
 * catalogue's body schemas parsed with contracts `specErrorMap` (so the messages are the spec's
 * VALIDATION texts), plus the switcher rule that the high quality and proxy channels differ.
 * Also the drafts the forms start from (the unit's configuration) and the bodies they send.
 */
import type { z } from 'zod';
import {
  AudioJacksUpdateBody, MultipleCameraChannelUpdateBody, specErrorMap, StartExternalStreamBody, SwitcherChannelUpdateBody,
  SwitcherSdiInputUpdateBody, toFieldProblems, UNIT_CONFIG_BOUNDS, VALIDATION,
} from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import type { FormErrors } from './multiCameraForm';

/** The body's problems by dotted path (`jacks.0.volume`; `body` for the body itself), first message per field. */
export function checkBody(schema: z.ZodType, body: unknown): FormErrors {
  const result = schema.safeParse(body, { error: specErrorMap });
  if (result.success) return {};
  const out: FormErrors = {};
  for (const problem of toFieldProblems(result.error)) {
    const key = problem.path === '' ? 'body' : problem.path;
    if (!(key in out)) out[key] = problem.message;
  }
  return out;
}

/**
 * A number field's value (Mantine NumberInput gives a number, or the text while it is not one):
 * '' → undefined (the schema says "This field is required"), other text → NaN ("Must be a number").
 */
export function numberValue(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

// ── multi camera channel and switcher channels ──────────────────────────────────────────────

/** PUT multiplecamera/channel body from the typed channel id. */
export function multiCameraChannelBody(channelId: string): { channelId: string } {
  return { channelId: channelId.trim() };
}

export function multiCameraChannelErrors(channelId: string): FormErrors {
  return checkBody(MultipleCameraChannelUpdateBody, multiCameraChannelBody(channelId));
}

export type SwitcherChannelKind = 'highQualityChannel' | 'proxyChannel';

/**
 * One switcher channel (PUT switchermode/highqualitychannel or /proxychannel): the schema, and it
 * must differ from the other channel the unit has (spec 000 §3 switcher-and-proxy), as the core checks.
 */
export function switcherChannelErrors(channelId: string, otherChannel: string | null): FormErrors {
  const errors = checkBody(SwitcherChannelUpdateBody, { channelId: channelId.trim() });
  if (errors.channelId === undefined && otherChannel !== null && otherChannel === channelId.trim()) errors.channelId = VALIDATION.proxySameAsHighQuality;
  return errors;
}

/** PUT switchermode/sdiinput body: no choice is sent as missing ("This field is required"). */
export function sdiInputBody(inputSdi: number | null): { inputSdi: number | undefined } {
  return { inputSdi: inputSdi ?? undefined };
}

export function sdiInputErrors(inputSdi: number | null): FormErrors {
  return checkBody(SwitcherSdiInputUpdateBody, sdiInputBody(inputSdi));
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

/** Problems keyed `jacks.<index>.<field>` (index in the draft list). */
export function audioJacksErrors(drafts: readonly AudioJackDraft[]): FormErrors {
  return checkBody(AudioJacksUpdateBody, audioJacksBody(drafts));
}

// ── social media / CDN forwarding ─────────────────────────────────────────────────────────────

/** Start body: destination and resolution are optional (the core then takes the first destination of the kind). */
export function externalStreamBody(destinationId: string, resolution: number | null): { destinationId?: string; resolution?: number } {
  const trimmed = destinationId.trim();
  return { ...(trimmed === '' ? {} : { destinationId: trimmed }), ...(resolution === null ? {} : { resolution }) };
}

export function externalStreamErrors(destinationId: string, resolution: number | null): FormErrors {
  return checkBody(StartExternalStreamBody, externalStreamBody(destinationId, resolution));
}

// ── databridge gateway picker ─────────────────────────────────────────────────────────────────

interface GatewayRef {
  readonly id: string;
  readonly name: string;
  readonly host: string;
  readonly port: number | null;
}

/** The gateway's address as shown (host, with its port when it has one). */
export function gatewayAddress(gateway: Pick<GatewayRef, 'host' | 'port'>): string {
  return gateway.port === null ? gateway.host : `${gateway.host}:${gateway.port}`;
}

/** The picker's choices: the gateways the unit may use, by name, and the selected one even when it is no longer offered. */
export function gatewayChoices<G extends GatewayRef>(available: readonly G[], selected: G | null): G[] {
  const all = selected !== null && !available.some((g) => g.id === selected.id) ? [...available, selected] : [...available];
  return all.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
