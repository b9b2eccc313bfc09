/**
 * Fields and bounds shared by the unit commands (unit-commands.ts), the unit updates
 * (unit-updates.ts) and the configuration they answer with (unit-config.ts).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';

/**
 * Bounds the spec does not give (our choices, not spec §9 constants): what real devices accept.
 * Spec limits come from LIMITS / TIMINGS; these fill the gaps.
 */
export const UNIT_CONFIG_BOUNDS = {
  metadataFieldsMax: 50,
  metadataKeyMax: 64,
  metadataValueMax: 255,
  /** IEEE 802.11: an SSID is at most 32 octets; WPA passphrases are 8–63 characters. */
  wifiSsidMax: 32,
  wifiPasswordMin: 8,
  wifiPasswordMax: 63,
  /** IFB (return audio) delay, ms. */
  ifbDelayMaxMs: 2000,
  /** Audio channels a unit can take from its input (SDI carries up to 16 embedded channels). */
  audioChannelsMax: 16,
  audioGainDbMin: -20,
  audioGainDbMax: 20,
  cancelFilesMax: 100,
  fileNameMax: 255,
  hostnameMax: 255,
  apnMax: 100,
  credentialMax: 64,
  /** SDI inputs of a switcher-capable unit. */
  sdiInputs: 4,
  /** Audio jacks of a unit (one per intercom). */
  audioJacks: 2,
  volumeMax: 100,
  /** SRT passphrase (spec 001 §5: SRT key 10–64 characters without special characters). */
  srtKeyMin: 10,
  srtKeyMax: 64,
  recipientsMax: 50,
  /** Mbps cap for the "custom" bandwidth cap option (HD single camera maximum, spec 000 §9). */
  customCapMaxMbps: LIMITS.hdMaxBandwidthSingleCameraMbps,
} as const;

/** Optimistic concurrency: the unit `version` the caller last saw; stale → 409 CONFLICT. */
export const UnitVersion = z.number().int().nonnegative().optional();

export const ModemId = z.string().min(1).max(128);
export const PortNumber = z.number().int().min(LIMITS.portMin).max(LIMITS.portMax);
/** Spec 000 §5 "Metadata fields cannot contain a semicolon". */
export const MetadataText = (max: number) =>
  z
    .string()
    .max(max, VALIDATION.maxChars(max))
    // eslint-disable-next-line no-control-regex -- NUL left out: no string the core takes holds it (the document's patterns say so)
    .regex(/^[^;\x00]*$/, VALIDATION.noSemicolon);
/** Dotted-quad subnet mask with contiguous ones (255.255.255.0), else "Invalid Subnet Mask field". */
export const SUBNET_MASK_PATTERN =
  /^(255\.255\.255\.(255|254|252|248|240|224|192|128|0)|255\.255\.(254|252|248|240|224|192|128|0)\.0|255\.(254|252|248|240|224|192|128|0)\.0\.0|(254|252|248|240|224|192|128|0)\.0\.0\.0)$/;
export const SubnetMask = z.string().regex(SUBNET_MASK_PATTERN, VALIDATION.invalidSubnet);
export const Hostname = z
  .string()
  .min(1, VALIDATION.required)
  .max(UNIT_CONFIG_BOUNDS.hostnameMax, VALIDATION.max255)
  .regex(/^[A-Za-z0-9.-]+$/, VALIDATION.invalidIp);
