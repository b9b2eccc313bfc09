/**
 * The unit configuration forms as plain data: each form's values (what the inputs hold, numbers as
 * text), how they come from the unit's configuration, the request body they become, and their
 * validation with the core's own rules (packages/domain validate* + the catalogue body schema with
 * the spec's wording). No React here.
 */
import {
  ALERT_TYPES,
  AudioParametersBody,
  BwLimitationUpdateBody,
  DelayUpdateBody,
  FilenamePrefixUpdateBody,
  LIMITS,
  MetadataBody,
  MultipleCameraUpdateBody,
  SingleCameraUpdateBody,
  NetworkCappingUpdateBody,
  UNIT_CONFIG_BOUNDS,
  VALIDATION,
  ERROR_CATALOGUE,
  EncoderBody,
  ANCILLARY_DATA_TYPES,
  type AlertType,
  type AlertTypeSetting,
  type ModemConfig,
  type UnitAlertsConfiguration,
  type UnitConfiguration,
  type UnitDetail,
  type Modem,
  type NETWORK_MODES,
} from '@fleet/contracts';
import {
  getDelayBounds,
  isStreaming,
  resolutionLicenceProblem,
  validateAudioChannels,
  validateBandwidthLimits,
  validateCameraLabel,
  validateDelay,
  validateDisableInterface,
  validateFilenamePrefix,
  validateMetadataValue,
  validateNetworkCapping,
  validateSmartUnitLimits,
  type DelayBounds,
  type UnitLicenceFlags,
} from '@fleet/domain';
import { checkSchema, mergeErrors, numberText, parseNumber, problemsToErrors, type FieldErrors } from '../../lib/forms/fieldErrors';

/** What the forms need to know about the unit besides its configuration (from GET v2/units/{id}). */
export type UnitFacts = Pick<UnitDetail, 'typeGroup' | 'swVersion' | 'applications' | 'modems' | 'capabilities'> & {
  readonly license: UnitLicenceFlags | null;
};

const textOrUndefined = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
const numberOrNull = (text: string): number | null => parseNumber(text) ?? null;

// ── Video / Audio ───────────────────────────────────────────────────────────────────────────────

export type DelayForm = ReturnType<typeof delayForm>;
export const delayForm = (config: UnitConfiguration) => ({ delayMs: numberText(config.delay), mode: config.delayMode });
export const delayBody = (form: DelayForm) => ({ delayMs: parseNumber(form.delayMs), mode: form.mode });
/** The bounds the delay input shows (spec 000 §5: by mode, unit type and software version). */
export const delayBounds = (form: DelayForm, unit: UnitFacts): DelayBounds =>
  getDelayBounds({ mode: form.mode, unitType: unit.typeGroup, swVersion: unit.swVersion });
/** Spec 000 §5 delay rules (packages/domain validateDelay) and the PUT delay body schema. */
export function validateDelayForm(form: DelayForm, unit: UnitFacts, config: UnitConfiguration): FieldErrors {
  const body = delayBody(form);
  const domain =
    typeof body.delayMs === 'number'
      ? validateDelay({
          delayMs: body.delayMs,
          mode: form.mode,
          onTheFly: isStreaming(unit.applications),
          currentDelayMs: config.delay,
          unitType: unit.typeGroup,
          swVersion: unit.swVersion,
        })
      : null;
  return mergeErrors(domain ? { delayMs: domain } : {}, checkSchema(DelayUpdateBody, body));
}

export type AudioForm = ReturnType<typeof audioForm>;
export const audioForm = (config: UnitConfiguration) => ({
  input: config.audio.input,
  channels: numberText(config.audio.channels),
  gainDb: numberText(config.audio.gainDb),
});
export const audioBody = (form: AudioForm) => ({ input: form.input, channels: parseNumber(form.channels), gainDb: parseNumber(form.gainDb) });
/** Spec 000 §9 "Audio channels 4 and above: SDI input only" and the audio parameters body. */
export function validateAudioForm(form: AudioForm): FieldErrors {
  const body = audioBody(form);
  const domain = typeof body.channels === 'number' ? validateAudioChannels(form.input, body.channels) : null;
  return mergeErrors(domain ? { channels: domain } : {}, checkSchema(AudioParametersBody, body));
}
/** Channel choices: 1 up to what a unit takes from its input. */
export const AUDIO_CHANNEL_CHOICES = Array.from({ length: UNIT_CONFIG_BOUNDS.audioChannelsMax }, (_, i) => i + 1);

export type AudioBitrateForm = ReturnType<typeof audioBitrateForm>;
export const audioBitrateForm = (config: UnitConfiguration) => ({ bitrateKbps: numberText(config.audio.bitrateKbps) });
export const audioBitrateBody = (form: AudioBitrateForm) => ({ bitrateKbps: parseNumber(form.bitrateKbps) });

export type SingleCameraForm = ReturnType<typeof singleCameraForm>;
export const singleCameraForm = (config: UnitConfiguration) => ({
  resolution: numberText(config.singleCamera.resolution),
  colourDepth: numberText(config.singleCamera.colourDepth),
  maxBandwidthMbps: numberText(config.singleCamera.maxBandwidthMbps),
});
export const singleCameraBody = (form: SingleCameraForm) => ({
  resolution: parseNumber(form.resolution),
  colourDepth: parseNumber(form.colourDepth),
  maxBandwidthMbps: parseNumber(form.maxBandwidthMbps),
});
/** Spec 000 §9 HD max bandwidth 20 Mbps single camera; §8 2160 needs PRO-4K. */
export function validateSingleCameraForm(form: SingleCameraForm, unit: UnitFacts): FieldErrors {
  const body = singleCameraBody(form);
  const licence = typeof body.resolution === 'number' ? resolutionLicenceProblem(body.resolution, unit.license) : null;
  return mergeErrors(licence ? { resolution: ERROR_CATALOGUE[licence].message } : {}, checkSchema(SingleCameraUpdateBody, body));
}

/** The priorities a camera or a bandwidth limit may have, as choices. */
export const CAMERA_PRIORITIES = Array.from({ length: LIMITS.cameraPriorityMax - LIMITS.cameraPriorityMin + 1 }, (_, p) =>
  String(p + LIMITS.cameraPriorityMin),
);
export type MultiCameraForm = ReturnType<typeof multiCameraForm>;
/**
 * The multi camera setting (PUT multiplecamera), edited in the configuration modal and in the unit
 * detail's Multi Camera tab. Labels from the setting, else the unit's multiCameraLabels (spec 000 §3).
 */
export function multiCameraForm(config: UnitConfiguration) {
  const configured = config.multiCamera.cameras;
  const cameras = Array.from({ length: LIMITS.multiCameraMaxCameras }, (_, i) => {
    const camera = configured[i];
    return {
      label: camera?.label ?? config.multiCameraLabels[i] ?? '',
      priority: numberText(camera?.priority ?? i + LIMITS.cameraPriorityMin),
    };
  });
  return {
    numberOfFeeds: numberText(config.multiCamera.numberOfFeeds),
    channelSelectionMode: config.multiCamera.channelSelectionMode,
    customSelectedChannels: config.multiCamera.customSelectedChannels,
    cameras,
    maxBandwidthMbps: numberText(config.multiCamera.maxBandwidthMbps),
  };
}
/** The cameras the feeds use: as many rows as a valid number of feeds says, else none. */
export function multiCameraCount(form: Pick<MultiCameraForm, 'numberOfFeeds'>): number {
  const feeds = parseNumber(form.numberOfFeeds);
  return typeof feeds === 'number' && Number.isInteger(feeds) ? Math.max(0, Math.min(feeds, LIMITS.multiCameraMaxCameras)) : 0;
}
export function multiCameraBody(form: MultiCameraForm) {
  return {
    numberOfFeeds: parseNumber(form.numberOfFeeds),
    channelSelectionMode: form.channelSelectionMode,
    customSelectedChannels: form.customSelectedChannels,
    cameras: form.cameras.slice(0, multiCameraCount(form)).map((c) => ({ label: c.label, priority: parseNumber(c.priority) })),
    maxBandwidthMbps: parseNumber(form.maxBandwidthMbps),
  };
}
/**
 * Spec 000 §5 camera labels ≤ 12 characters, §9 priorities 1–9 and at most 4 cameras, HD multi
 * camera ≤ 15 Mbps, §3 custom channels required and no more than the feeds (the body schema).
 */
export function validateMultiCameraForm(form: MultiCameraForm): FieldErrors {
  const body = multiCameraBody(form);
  const labels: Record<string, string> = {};
  body.cameras.forEach((camera, i) => {
    const message = validateCameraLabel(camera.label);
    if (message) labels[`cameras.${i}.label`] = message;
  });
  return mergeErrors(labels, checkSchema(MultipleCameraUpdateBody, body));
}

export const storeAndForwardForm = (config: UnitConfiguration) => ({ quality: config.storeAndForwardVideoQualityV2 });

// ── Encoding and return audio (device commands) ─────────────────────────────────────────────────

export type EncoderForm = ReturnType<typeof encoderForm>;
export const encoderForm = (config: UnitConfiguration) => ({ codec: config.encoder.codec, colourDepth: numberText(config.encoder.colourDepth) });
export const encoderBody = (form: EncoderForm) => ({ codec: form.codec, colourDepth: parseNumber(form.colourDepth) });
/** Does the unit encode HEVC (capability `hevc`)? The core refuses HEVC otherwise ("Feature disabled"). */
export const hasHevc = (unit: UnitFacts): boolean => unit.capabilities.hevc === true;
/** Spec 000 §9 colour depth 8-bit or 10-bit (the encoder body), and HEVC only on a unit that has it (as the core checks). */
export function validateEncoderForm(form: EncoderForm, unit: UnitFacts): FieldErrors {
  const feature: FieldErrors = form.codec === 'hevc' && !hasHevc(unit) ? { codec: ERROR_CATALOGUE.FEATURE_DISABLED.message } : {};
  return mergeErrors(feature, checkSchema(EncoderBody, encoderBody(form)));
}

export type ShootingModeForm = ReturnType<typeof shootingModeForm>;
export const shootingModeForm = (config: UnitConfiguration) => ({ mode: config.shootingMode });
export const shootingModeBody = (form: ShootingModeForm) => ({ mode: form.mode });

export type VideoComplexityForm = ReturnType<typeof videoComplexityForm>;
export const videoComplexityForm = (config: UnitConfiguration) => ({ level: config.videoComplexity });
export const videoComplexityBody = (form: VideoComplexityForm) => ({ level: form.level });

export type AncillaryDataType = (typeof ANCILLARY_DATA_TYPES)[number];
export type AncillaryDataForm = ReturnType<typeof ancillaryDataForm>;
export const ancillaryDataForm = (config: UnitConfiguration) => ({
  enabled: config.ancillaryData.enabled,
  types: config.ancillaryData.types,
});
/** The types in ANCILLARY_DATA_TYPES order, each once (a checkbox group's order is the clicks'). */
export const ancillaryDataBody = (form: AncillaryDataForm) => ({
  enabled: form.enabled,
  types: ANCILLARY_DATA_TYPES.filter((type) => form.types.includes(type)),
});

export type IfbDelayForm = ReturnType<typeof ifbDelayForm>;
export const ifbDelayForm = (config: UnitConfiguration) => ({ delayMs: numberText(config.ifb.delayMs) });
export const ifbDelayBody = (form: IfbDelayForm) => ({ delayMs: parseNumber(form.delayMs) });

export type IfbAlwaysOnForm = ReturnType<typeof ifbAlwaysOnForm>;
export const ifbAlwaysOnForm = (config: UnitConfiguration) => ({ enabled: config.ifb.alwaysOn });
export const ifbAlwaysOnBody = (form: IfbAlwaysOnForm) => ({ enabled: form.enabled });

// ── Network ─────────────────────────────────────────────────────────────────────────────────────

export type BandwidthForm = ReturnType<typeof bandwidthForm>;
export const bandwidthForm = (config: UnitConfiguration) => ({
  totalKbps: numberText(config.bandwidth.total),
  cellularKbps: numberText(config.bandwidth.cellular),
  priorityLimits: config.bandwidth.priorityLimits.map((p) => ({ priority: numberText(p.priority), kbps: numberText(p.kbps) })),
});
export const bandwidthBody = (form: BandwidthForm) => ({
  totalKbps: numberOrNull(form.totalKbps),
  cellularKbps: numberOrNull(form.cellularKbps),
  priorityLimits: form.priorityLimits.map((p) => ({ priority: parseNumber(p.priority) ?? Number.NaN, kbps: parseNumber(p.kbps) ?? Number.NaN })),
});
/**
 * Spec 000 §5 bandwidth limits (cellular ≤ total, priority ordering, not on a busy unit), §9 smart
 * unit limit, and the bwLimitation body schema.
 */
export function validateBandwidthForm(form: BandwidthForm, unit: UnitFacts, unitBusy: boolean): FieldErrors {
  const body = bandwidthBody(form);
  const problems = validateBandwidthLimits({ ...body, unitBusy });
  if (problems.length === 0 && unit.typeGroup === 'smartUnits') problems.push(...validateSmartUnitLimits(body.totalKbps, body.cellularKbps));
  return mergeErrors(problemsToErrors(problems), checkSchema(BwLimitationUpdateBody, body));
}

export type CappingForm = ReturnType<typeof cappingForm>;
export const cappingForm = (config: UnitConfiguration) => ({
  option: config.network.capping.option,
  customMbps: config.network.capping.option === 'custom' ? numberText(config.network.capping.mbps) : '',
});
export const cappingBody = (form: CappingForm) => ({
  option: form.option,
  ...(form.option === 'custom' ? { customMbps: parseNumber(form.customMbps) } : {}),
});
/** Spec 000 §5 "Cellular capping cannot exceed total capping", not on a busy unit; the capping body. */
export function validateCappingForm(form: CappingForm, config: UnitConfiguration, unitBusy: boolean): FieldErrors {
  const body = cappingBody(form);
  const problems = validateNetworkCapping({ option: form.option, customMbps: body.customMbps ?? null, totalKbps: config.bandwidth.total, unitBusy });
  return mergeErrors(problemsToErrors(problems), checkSchema(NetworkCappingUpdateBody, body));
}

export type FixedDelayForm = ReturnType<typeof fixedDelayForm>;
export const fixedDelayForm = (config: UnitConfiguration) => ({ delayMs: numberText(config.fixedInternetDelay) });
export const fixedDelayBody = (form: FixedDelayForm) => ({ delayMs: parseNumber(form.delayMs) });

// ── Advanced ────────────────────────────────────────────────────────────────────────────────────

export type PrefixForm = ReturnType<typeof prefixForm>;
export const prefixForm = (config: UnitConfiguration) => ({ filenamePrefix: config.filenamePrefix ?? '' });
/** Spec 000 §5 file name prefix: characters and 32 characters (uniqueness on the hub: the core). */
export function validatePrefixForm(form: PrefixForm): FieldErrors {
  const domain = validateFilenamePrefix(form.filenamePrefix);
  return mergeErrors(domain ? { filenamePrefix: domain } : {}, checkSchema(FilenamePrefixUpdateBody, form));
}

export type NtpForm = ReturnType<typeof ntpForm>;
export const ntpForm = (config: UnitConfiguration) => ({ enabled: config.ntpTimecode.enabled, server: config.ntpTimecode.server ?? '' });
export const ntpBody = (form: NtpForm) => ({ enabled: form.enabled, server: textOrUndefined(form.server) ?? null });

// ── IP pipe and IP input ────────────────────────────────────────────────────────────────────────

export type IpPipeForm = ReturnType<typeof ipPipeForm>;
export const ipPipeForm = (config: UnitConfiguration) => ({
  enabled: config.ipPipe.enabled,
  serverId: config.ipPipe.serverId ?? '',
  port: numberText(config.ipPipe.port),
});
export const ipPipeBody = (form: IpPipeForm) => ({
  enabled: form.enabled,
  serverId: textOrUndefined(form.serverId) ?? null,
  ...(form.port.trim() === '' ? {} : { port: parseNumber(form.port) }),
});

export type IpInputForm = ReturnType<typeof ipInputForm>;
export const ipInputForm = (config: UnitConfiguration) => ({
  enabled: config.ipInput.enabled,
  protocol: config.ipInput.protocol ?? 'srt',
  port: numberText(config.ipInput.port),
  latencyMs: numberText(config.ipInput.latencyMs),
  passphrase: '',
});
export const ipInputBody = (form: IpInputForm) => ({
  enabled: form.enabled,
  protocol: form.protocol,
  port: parseNumber(form.port),
  ...(form.latencyMs.trim() === '' ? {} : { latencyMs: parseNumber(form.latencyMs) }),
  ...(form.protocol === 'srt' && form.passphrase !== '' ? { passphrase: form.passphrase } : {}),
});

// ── Alerts ──────────────────────────────────────────────────────────────────────────────────────

export type AlertTypeRow = Pick<AlertTypeSetting, 'enabled' | 'level'>;
export type AlertsForm = Readonly<ReturnType<typeof alertsForm>>;
export function alertsForm(configuration: UnitAlertsConfiguration) {
  const alerts = Object.fromEntries(
    ALERT_TYPES.map((type) => [type, { enabled: configuration.alerts[type].enabled, level: configuration.alerts[type].level }]),
  ) as Record<AlertType, AlertTypeRow>; // fromEntries loses the key type; every ALERT_TYPES key is set.
  return {
    mode: configuration.mode,
    groupId: configuration.groupId ?? '',
    alerts,
    recipients: configuration.recipients.map((r) => ({ alertType: r.alertType, email: r.email })),
  };
}
/** Only the parts the mode takes: a group for `group`, alert types and the mailing list for `manual`. */
export function alertsBody(form: AlertsForm) {
  return {
    mode: form.mode,
    ...(form.mode === 'group' ? { groupId: textOrUndefined(form.groupId) } : {}),
    ...(form.mode === 'manual' ? { alerts: form.alerts, recipients: form.recipients.map((r) => ({ alertType: r.alertType, email: r.email.trim() })) } : {}),
  };
}

// ── Metadata ────────────────────────────────────────────────────────────────────────────────────

export type MetadataForm = ReturnType<typeof metadataForm>;
export const metadataForm = (config: UnitConfiguration) => ({
  fields: config.metadata.length > 0 ? config.metadata.map((m) => ({ key: m.key, value: m.value })) : [{ key: '', value: '' }],
});
export const metadataBody = (form: MetadataForm) => ({ fields: form.fields.map((f) => ({ key: f.key, value: f.value })) });
/** Spec 000 §5 "Metadata fields cannot contain a semicolon", and the metadata command body. */
export function validateMetadataForm(form: MetadataForm): FieldErrors {
  const domain: Record<string, string> = {};
  form.fields.forEach((f, i) => {
    const key = validateMetadataValue(f.key);
    if (key) domain[`fields.${i}.key`] = key;
    const value = validateMetadataValue(f.value);
    if (value) domain[`fields.${i}.value`] = value;
  });
  return mergeErrors(domain, checkSchema(MetadataBody, metadataBody(form)));
}

// ── Connections ─────────────────────────────────────────────────────────────────────────────────

export type WifiForm = ReturnType<typeof wifiForm>;
export const wifiForm = (config: UnitConfiguration) => ({ ssid: config.wifi.ssid ?? '', security: config.wifi.security ?? 'wpa2', password: '' });
export const wifiBody = (form: WifiForm) => ({
  ssid: form.ssid,
  security: form.security,
  ...(form.security === 'open' || form.password === '' ? {} : { password: form.password }),
});

export type EthernetForm = ReturnType<typeof ethernetForm>;
export function ethernetForm(config: UnitConfiguration, port: number) {
  const setting = config.interfaces.find((i) => i.port === port);
  return { ipMode: setting?.ipMode ?? 'dhcp', ip: setting?.ip ?? '', subnetMask: setting?.subnetMask ?? '', gateway: setting?.gateway ?? '' };
}
export const ethernetBody = (form: EthernetForm, port: number) => ({
  port,
  ipMode: form.ipMode,
  ...(form.ipMode === 'static' ? { ip: textOrUndefined(form.ip), subnetMask: textOrUndefined(form.subnetMask), gateway: textOrUndefined(form.gateway) } : {}),
});

export type NetworkMode = (typeof NETWORK_MODES)[number];
export type ModemForm = ReturnType<typeof modemForm>;
export function modemForm(modem: ModemConfig, config: UnitConfiguration) {
  const apns = Array.from({ length: LIMITS.apnSlots }, (_, i) => {
    const slot = modem.apns.find((a) => a.slot === i + 1);
    return { apn: slot?.apn ?? '', username: slot?.username ?? '', password: '', authProtocol: slot?.authProtocol ?? 'none' };
  });
  const forceScanNow = config.interfaces.find((i) => i.port === modem.port)?.forceScanNow ?? false;
  return { networkMode: modem.networkMode, roamingAllowed: modem.roamingAllowed, forceScanNow, apns };
}
export const modemBody = (form: ModemForm, port: number) => ({
  port,
  networkMode: form.networkMode,
  roamingAllowed: form.roamingAllowed,
  forceScanNow: form.forceScanNow,
  apns: form.apns.map((a, i) => ({
    slot: i + 1,
    apn: a.apn,
    username: a.username,
    authProtocol: a.authProtocol,
    ...(a.password === '' ? {} : { password: a.password }),
  })),
});

/** Why a link's toggle cannot be switched off now, or null. */
export type LinkBlocker = { readonly kind: 'message'; readonly message: string } | { readonly kind: 'forcedWired' };

/**
 * Spec 000 §5 "At least two interfaces must stay connected; the last one cannot be disabled" (an
 * enabled, connected link when switching it off would leave fewer than two connected), and §9
 * "Unit delay below 0.8 s forces ethernet or Wi-Fi": while the delay forces a wired link, the last
 * enabled Ethernet/Wi-Fi link cannot be switched off.
 */
export function linkDisableBlocker(modems: readonly Modem[], modem: Modem, forcesWiredLink: boolean): LinkBlocker | null {
  if (!modem.enabled) return null;
  if (validateDisableInterface(modems, modem.id) === VALIDATION.lastInterface) return { kind: 'message', message: VALIDATION.lastInterface };
  if (forcesWiredLink && modem.uiType !== 'cell' && modems.filter((m) => m.enabled && m.uiType !== 'cell').length < 2) return { kind: 'forcedWired' };
  return null;
}
