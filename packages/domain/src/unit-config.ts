/**
 * Unit configuration rules of spec 000 §4, §5, §8 and §9 that the unit updates and commands apply:
 * transmission modes and the SD card, licences per feature, the PRO-4K resolution rule, cellular
 * capping options, smart-unit limits, file name prefix uniqueness per multimedia hub, the intercom
 * server rule, audio channels per input.
 */
import { BANDWIDTH_CAP_OPTIONS, LIMITS, VALIDATION, type ErrorCode, type FieldProblem, type TransmissionMode, type WorkingMode } from '@fleet/contracts';
import { validateBandwidthLimits, validateSmartUnitBandwidth } from './bandwidth.js';

/** The unit capabilities (Unit.capabilities) these rules read; a missing flag counts as false. */
export type UnitCapabilityFlags = Readonly<Record<string, boolean | undefined>>;

/** Licence fields of a unit (contracts `License`). */
export interface UnitLicenceFlags {
  readonly valid: boolean;
  readonly pro: boolean;
  readonly fourK: boolean;
}

/** Transmission modes that run the multi camera feature (spec 000 §4 Multi-HQ, Field and Station Switcher). */
export const MULTI_CAMERA_TRANSMISSION_MODES = ['multiHq', 'fieldSwitcher', 'stationSwitcher'] as const satisfies readonly TransmissionMode[];
/** Working modes that run the data bridge (spec 000 §4). */
export const DATABRIDGE_WORKING_MODES = ['databridge', 'databridge_smr'] as const satisfies readonly WorkingMode[];

/** A refusal: a catalogue error, or a field message (400). */
export type ConfigProblem =
  | { readonly kind: 'error'; readonly code: Extract<ErrorCode, 'NO_MULTI_CAMERA_LICENSE' | 'DATABRIDGE_LICENSE_DISABLED'> }
  | { readonly kind: 'field'; readonly message: string };

/** A service of a unit (Service rows / Unit.services). */
export interface UnitServiceEntry {
  readonly serviceName: string;
  readonly serviceStatus: string;
}

/** The licensed features of spec 000 §8: their capability flag, their service, the error without them. */
export const FEATURE_LICENCES = {
  multiCamera: { capability: 'multiCamera', service: 'multi-camera', error: 'NO_MULTI_CAMERA_LICENSE' },
  videoReturn: { capability: 'videoReturn', service: 'video-return', error: 'NO_VIDEO_RETURN_LICENSE' },
  databridge: { capability: 'databridge', service: 'databridge', error: 'DATABRIDGE_LICENSE_DISABLED' },
} as const satisfies Record<string, { capability: string; service: string; error: ErrorCode }>;
export type LicensedFeature = keyof typeof FEATURE_LICENCES;
export type UnitLicences = Readonly<Record<LicensedFeature, boolean>>;

/** Spec 000 §6 "A service counts as enabled when its status is ENABLED" (any letter case). */
export function isServiceEnabled(status: string | null | undefined): boolean {
  return typeof status === 'string' && status.toLowerCase() === 'enabled';
}

/**
 * Which licensed features a unit has. Reading chosen: the unit's hardware must support the feature
 * (capability flag) and its service must be enabled (spec 000 §6), e.g. multi camera = capability
 * `multiCamera` + service `multi-camera` ENABLED; without it "No Multi Camera license".
 */
export function unitFeatureLicences(capabilities: UnitCapabilityFlags, services: readonly UnitServiceEntry[]): UnitLicences {
  const has = (f: LicensedFeature): boolean =>
    capabilities[FEATURE_LICENCES[f].capability] === true &&
    services.some((s) => s.serviceName === FEATURE_LICENCES[f].service && isServiceEnabled(s.serviceStatus));
  return { multiCamera: has('multiCamera'), videoReturn: has('videoReturn'), databridge: has('databridge') };
}

/** The error of a feature the unit is not licensed for, or null. */
export function featureLicenceProblem(feature: LicensedFeature, licences: UnitLicences): (typeof FEATURE_LICENCES)[LicensedFeature]['error'] | null {
  return licences[feature] ? null : FEATURE_LICENCES[feature].error;
}

/**
 * Spec 000 §4 transmission modes: "Store & Forward (disabled if the unit has no SD card)" →
 * field message storeAndForwardNoSdCard. Reading chosen: Multi-HQ, Field Switcher and Station
 * Switcher send several cameras, so they need the multi camera licence → NO_MULTI_CAMERA_LICENSE.
 * Live and fixedInternet need nothing. Null = allowed.
 */
export function transmissionModeProblem(mode: TransmissionMode, capabilities: UnitCapabilityFlags, licences: UnitLicences): ConfigProblem | null {
  if (mode === 'storeAndForward' && capabilities.sdCard !== true) return { kind: 'field', message: VALIDATION.storeAndForwardNoSdCard };
  if ((MULTI_CAMERA_TRANSMISSION_MODES as readonly TransmissionMode[]).includes(mode) && !licences.multiCamera) {
    return { kind: 'error', code: 'NO_MULTI_CAMERA_LICENSE' };
  }
  return null;
}

/** Spec 000 §4 working modes: the databridge modes need the databridge licence. */
export function workingModeProblem(mode: WorkingMode, licences: UnitLicences): ConfigProblem | null {
  if ((DATABRIDGE_WORKING_MODES as readonly WorkingMode[]).includes(mode) && !licences.databridge) {
    return { kind: 'error', code: 'DATABRIDGE_LICENSE_DISABLED' };
  }
  return null;
}

/** Spec 000 §9 resolution constant 2160: the UHD resolution. */
export function isUhdResolution(resolution: number): boolean {
  return resolution >= LIMITS.resolution;
}

/**
 * Spec 000 §8 "PRO-4K licence missing (resolution conflict)": a 2160 resolution needs a valid PRO
 * licence with 4K. Returns PRO_4K_LICENSE_MISSING or null.
 */
export function resolutionLicenceProblem(resolution: number, licence: UnitLicenceFlags | null): 'PRO_4K_LICENSE_MISSING' | null {
  if (!isUhdResolution(resolution)) return null;
  return licence && licence.valid && licence.pro && licence.fourK ? null : 'PRO_4K_LICENSE_MISSING';
}

export type BandwidthCapOption = (typeof BANDWIDTH_CAP_OPTIONS)[number];

/**
 * Spec 000 §9 bandwidth cap options → kbps: "disabled" → null (no cap); a preset in Mbps → its
 * kbps (3.6 → 3600); "custom" → `customMbps` in kbps (null when missing or not positive).
 */
export function capOptionKbps(option: BandwidthCapOption, customMbps?: number | null): number | null {
  if (option === 'disabled') return null;
  const mbps = option === 'custom' ? customMbps : Number(option);
  if (typeof mbps !== 'number' || !Number.isFinite(mbps) || mbps <= 0) return null;
  return Math.round(mbps * 1000);
}

export interface NetworkCappingInput {
  readonly option: BandwidthCapOption;
  readonly customMbps?: number | null;
  /** The unit's total cap in kbps (null / 0 = none). */
  readonly totalKbps?: number | null;
  readonly unitBusy: boolean;
}

/**
 * PUT units/{id}/network/capping (spec 000 §5, 001 §5): the capping is the unit's cellular cap, so
 * "Cellular capping cannot exceed total capping" (on `customMbps` for custom, else on `option`) and
 * "Bandwidth Limit Capping cannot be configured for a busy unit" (form level) apply.
 */
export function validateNetworkCapping(input: NetworkCappingInput): FieldProblem[] {
  const cellularKbps = capOptionKbps(input.option, input.customMbps);
  const problems = validateBandwidthLimits({ totalKbps: input.totalKbps ?? null, cellularKbps, unitBusy: input.unitBusy });
  const field = input.option === 'custom' ? 'customMbps' : 'option';
  // A cap option is always a number of 0 or more: the one refusal of the cellular cap is its being above the total,
  // answered at the field that chose it (said whole, so that the core's scan of its rules reads it).
  return problems.map((p) => (p.path === 'cellularKbps' ? { path: field, message: VALIDATION.cellularAboveTotal } : p));
}

/**
 * Spec 000 §9 smart unit bandwidth limit (default 0, min 1000, max 20000 kbps), applied to each set
 * cap of a smart unit (null = not set). Problems on `totalKbps` / `cellularKbps`.
 */
export function validateSmartUnitLimits(totalKbps: number | null, cellularKbps: number | null): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const [path, kbps] of [
    ['totalKbps', totalKbps],
    ['cellularKbps', cellularKbps],
  ] as const) {
    if (kbps === null) continue;
    const message = validateSmartUnitBandwidth(kbps);
    if (message) out.push({ path, message });
  }
  return out;
}

/**
 * Spec 000 §5 "the resulting name must be unique on the same multimedia hub". Reading chosen: a
 * unit's recorded files are named `<prefix>_<timestamp>...` on the hub it sends to (the server of
 * its selected channel), so two units on one hub may not share a non-empty prefix. Compared exactly
 * (case-sensitive, like the hub's file system). An empty prefix (none) never clashes; a unit
 * without a hub (no selected channel) is compared with nobody.
 */
export function isFilenamePrefixTaken(prefix: string | null | undefined, prefixesOnSameHub: readonly (string | null | undefined)[]): boolean {
  if (!prefix) return false;
  return prefixesOnSameHub.some((p) => p === prefix);
}

/**
 * Spec 000 §8 "Intercom server missing or different from the audio room". Reading chosen: a unit
 * joins an audio room through the IFB server of its selected channel, so the room must name a
 * server and the unit must transmit to that same server. True when the rule refuses.
 */
export function intercomServerMismatch(audioRoomServerId: string | null | undefined, unitServerId: string | null | undefined): boolean {
  return !audioRoomServerId || !unitServerId || audioRoomServerId !== unitServerId;
}

export type AudioInput = 'sdi' | 'hdmi' | 'analog';

/** Spec 000 §9 "Audio channels 4 and above: SDI input only". Message or null. */
export function validateAudioChannels(input: AudioInput, channels: number): string | null {
  return channels >= LIMITS.audioChannelsSdiOnlyFrom && input !== 'sdi' ? VALIDATION.audioChannelsSdiOnly : null;
}
