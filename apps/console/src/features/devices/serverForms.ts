/**
 * The server detail's forms as data: each form's values from the server's current values, and the
 * call's body from the form. Numbers are typed as text ('' is "not set"; anything else must parse,
 * and the catalogue body schema then words the problem as the spec does). No React here.
 *
 * The configuration form sends only what the user changed: the core refuses an IFB mode change on
 * a server that is offline or not idle (spec 001 §8), so resending the unchanged mode with another
 * field would refuse that field too.
 */
import type {
  IpPipeBody,
  IpPipeSettings,
  ServerCommentBody,
  ServerConfiguration,
  ServerConfigurationBody,
  SmpteSettings,
  SmpteSettingsBody,
} from '@fleet/contracts';
import { numberText, parseNumber } from '../../lib/forms/fieldErrors';

// ── Configuration (mmh / vr server) ───────────────────────────────────────────────────────────
export type ServerConfigForm = Readonly<ReturnType<typeof serverConfigForm>>;

export function serverConfigForm(config: ServerConfiguration) {
  return {
    ifbMode: config.ifbMode ?? ('' as const),
    maxChannels: numberText(config.maxChannels),
    webrtcPort: numberText(config.webrtcPort),
    publishingMode: config.publishingMode,
    genlockOffset: numberText(config.genlockOffset),
    registrationServer: config.registrationServer ?? '',
    registrationServerPort: numberText(config.registrationServerPort),
  };
}

const NUMBER_FIELDS = ['maxChannels', 'webrtcPort', 'genlockOffset', 'registrationServerPort'] as const;

/** POST mmhservers|vrservers/{id}/configuration: the changed fields only (an empty number field is left as it is). */
export function serverConfigBody(values: ServerConfigForm, source: ServerConfigForm): ServerConfigurationBody {
  const body: Record<string, unknown> = {};
  if (values.ifbMode !== source.ifbMode && values.ifbMode !== '') body.ifbMode = values.ifbMode;
  if (values.publishingMode !== source.publishingMode) body.publishingMode = values.publishingMode;
  if (values.registrationServer.trim() !== source.registrationServer.trim()) body.registrationServer = values.registrationServer.trim();
  for (const field of NUMBER_FIELDS) {
    if (values[field].trim() === source[field].trim()) continue;
    const value = parseNumber(values[field]);
    if (value !== undefined) body[field] = value;
  }
  // The schema checks this object (strict): a number that does not parse (NaN) is worded by it.
  return body as ServerConfigurationBody;
}

// ── Comment ──────────────────────────────────────────────────────────────────────────────────
export const serverCommentBody = (values: Pick<ServerCommentBody, 'comment'>): ServerCommentBody => ({ comment: values.comment });

// ── SMPTE 2110 network settings ──────────────────────────────────────────────────────────────
export type SmpteForm = Readonly<ReturnType<typeof smpteForm>>;

export function smpteForm(settings: SmpteSettings) {
  return {
    primaryIp: settings.primary?.ip ?? '',
    primaryMask: settings.primary?.subnetMask ?? '',
    primaryGateway: settings.primary?.gateway ?? '',
    redundant: settings.secondary != null,
    secondaryIp: settings.secondary?.ip ?? '',
    secondaryMask: settings.secondary?.subnetMask ?? '',
    secondaryGateway: settings.secondary?.gateway ?? '',
    ptpDomain: numberText(settings.ptpDomain),
    genlockOffset: numberText(settings.genlockOffset),
  };
}

const iface = (ip: string, mask: string, gateway: string) => ({
  ip: ip.trim(),
  subnetMask: mask.trim(),
  gateway: gateway.trim() === '' ? null : gateway.trim(),
});

/** PUT mmhservers/{id}/configuration/smpte: both networks (no secondary: no redundancy). */
export function smpteBody(values: SmpteForm): SmpteSettingsBody {
  const body: Record<string, unknown> = {
    primary: iface(values.primaryIp, values.primaryMask, values.primaryGateway),
    secondary: values.redundant ? iface(values.secondaryIp, values.secondaryMask, values.secondaryGateway) : null,
  };
  const ptpDomain = parseNumber(values.ptpDomain);
  if (ptpDomain !== undefined) body.ptpDomain = ptpDomain;
  const genlockOffset = parseNumber(values.genlockOffset);
  if (genlockOffset !== undefined) body.genlockOffset = genlockOffset;
  // Checked by the strict catalogue schema before it is sent.
  return body as SmpteSettingsBody;
}

/** Where the body schema (and the core) report a form field's problem (`primaryIp` → `primary.ip`). */
export function smpteErrorPath(field: keyof SmpteForm): string {
  const match = /^(primary|secondary)(Ip|Mask|Gateway)$/.exec(field);
  if (!match) return field;
  const [, side, part] = match;
  return `${side}.${part === 'Mask' ? 'subnetMask' : part === 'Ip' ? 'ip' : 'gateway'}`;
}

// ── IP pipe ──────────────────────────────────────────────────────────────────────────────────
/** The form of the settings; `servers`: one host or address per line. */
export function ipPipeForm(settings: IpPipeSettings) {
  return {
    enabled: settings.enabled,
    port: numberText(settings.port),
    bitrateKbps: numberText(settings.bitrateKbps),
    servers: settings.servers.join('\n'),
  };
}

/** POST (first time) or PUT mmhservers/{id}/configuration/ippipe. */
export function ipPipeBody(values: ReturnType<typeof ipPipeForm>): IpPipeBody {
  const body: Record<string, unknown> = {
    enabled: values.enabled,
    port: parseNumber(values.port),
    servers: values.servers
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
  const bitrate = parseNumber(values.bitrateKbps);
  if (bitrate !== undefined) body.bitrateKbps = bitrate;
  // Checked by the strict catalogue schema (a missing port is "This field is required").
  return body as IpPipeBody;
}

/** Whether the IP pipe call creates the settings (none yet) or changes them. */
export const ipPipeEndpoint = (settings: IpPipeSettings): 'updateMmhServerIpPipe' | 'createMmhServerIpPipe' =>
  settings.configured ? 'updateMmhServerIpPipe' : 'createMmhServerIpPipe';
