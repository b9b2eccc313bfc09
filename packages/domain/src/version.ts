/**
 * Software versions: parsing and comparison (spec 000 §9 / 001 §9 "compared by major, minor,
 * patch"), the speed-test minimum (spec 000 §5, §9) and upgrade eligibility (spec 001 §5 "Upgrade
 * rules", §8 upgrade codes).
 */
import { SOFTWARE_VERSIONS, VALIDATION, type ErrorCode } from '@fleet/contracts';

/** A parsed software version. */
export interface SoftwareVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** A version as a raw string or already parsed. */
export type VersionInput = string | SoftwareVersion;

/**
 * Leading `major[.minor[.patch]]`, optional `v`, extra numeric parts ignored, and a suffix allowed
 * only after a character that is neither a digit nor a dot: '8.0.2-b12', '10.1 (build 5)',
 * '7.5.1.1234', '8.0.2b3' parse; '7.x', '7.5.' and 'abc' do not.
 */
export const VERSION_PATTERN = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.\d+)*(?=$|[^\d.])/i;

/** Thrown by {@link compareVersions} (and the helpers built on it) for an unparsable version. */
export class InvalidVersionError extends Error {
  readonly code = 'INVALID_VERSION' as const;
  readonly input: string;
  constructor(input: string) {
    super(`Invalid software version: ${JSON.stringify(input)}`);
    this.name = 'InvalidVersionError';
    this.input = input;
  }
}

/**
 * Spec 000 §9: parses '7.5.1' into `{ major: 7, minor: 5, patch: 1 }`; missing parts are 0 ('10.1'
 * → 10.1.0) and suffixes are tolerated ('8.0.2-b12' → 8.0.2). Choice: invalid input (not a string,
 * empty, no leading number) returns null rather than throwing, so callers can show a placeholder.
 */
export function parseVersion(raw: string | null | undefined): SoftwareVersion | null {
  if (typeof raw !== 'string') return null;
  const match = VERSION_PATTERN.exec(raw);
  if (!match) return null;
  const parts = [match[1], match[2], match[3]].map((part) => (part === undefined ? 0 : Number(part)));
  if (!parts.every((n) => Number.isSafeInteger(n))) return null;
  const [major = 0, minor = 0, patch = 0] = parts;
  return { major, minor, patch };
}

/** Formats a parsed version as 'major.minor.patch'. */
export function formatVersion(version: SoftwareVersion): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}

function toVersion(input: VersionInput): SoftwareVersion {
  if (typeof input !== 'string') return input;
  const parsed = parseVersion(input);
  if (!parsed) throw new InvalidVersionError(input);
  return parsed;
}

/**
 * Spec 000 §9 / 001 §9: compares by major, then minor, then patch. Choice: an unparsable version
 * throws {@link InvalidVersionError} (there is no honest -1/0/1 for it); use {@link parseVersion}
 * first where input is untrusted.
 */
export function compareVersions(a: VersionInput, b: VersionInput): -1 | 0 | 1 {
  const va = toVersion(a);
  const vb = toVersion(b);
  for (const key of ['major', 'minor', 'patch'] as const) {
    if (va[key] < vb[key]) return -1;
    if (va[key] > vb[key]) return 1;
  }
  return 0;
}

/** Spec 000 §9: `a >= b` by major, minor, patch. Throws {@link InvalidVersionError} like compareVersions. */
export function isAtLeast(a: VersionInput, b: VersionInput): boolean {
  return compareVersions(a, b) >= 0;
}

/**
 * Spec 000 §9 "Software versions: numbers from 3.5 to 10.1": true when the version is at least
 * 3.5.0 and its major.minor is at most 10.1 (patch releases of 10.1 are in range). Invalid → false.
 */
export function isVersionInSupportedRange(version: VersionInput): boolean {
  const v = typeof version === 'string' ? parseVersion(version) : version;
  if (!v) return false;
  const max = toVersion(SOFTWARE_VERSIONS.max);
  return isAtLeast(v, SOFTWARE_VERSIONS.min) && compareVersions({ ...v, patch: 0 }, max) <= 0;
}

/**
 * Spec 000 §5 / §9: speed test needs channel version 7.5.1 or higher. A missing or unparsable
 * channel version does not support it (false, no throw).
 */
export function supportsSpeedTest(channelVersion: string | null | undefined): boolean {
  const v = parseVersion(channelVersion);
  return v !== null && isAtLeast(v, SOFTWARE_VERSIONS.speedTestMinChannelVersion);
}

/** Spec 000 §5: the speed-test version message, or null when the channel supports it. */
export function validateSpeedTestVersion(channelVersion: string | null | undefined): string | null {
  return supportsSpeedTest(channelVersion) ? null : VALIDATION.speedTestVersion;
}

/** Version thresholds of the spec 001 §5 upgrade rules. */
export const UPGRADE_VERSION_RULES = {
  /** "upgrade not for version 5.1 or below": any 5.1.x or lower cannot be upgraded. */
  notUpgradableAtOrBelowMinor: '5.1',
  /** "servers at 8.x or below need 10.0 before 10.1". */
  serverStepMaxMajor: 8,
  serverStepVersion: '10.0',
  serverStepTarget: '10.1',
  /** "units on 9.2.1 warn of a configuration reset". */
  configurationResetVersion: '9.2.1',
} as const;

/** The rule that blocks an upgrade. */
export type UpgradeBlockRule =
  | 'invalidVersion'
  | 'targetOutOfRange'
  | 'versionTooOld'
  | 'noSla'
  | 'lu600H264'
  | 'hardwareNotSupported'
  | 'serverFirst'
  | 'serverOffline'
  | 'serverBusy'
  | 'serverNeeds10_0';

/** The rule that warns about an upgrade without blocking it. */
export type UpgradeWarnRule = 'configurationReset' | 'channelVersionBelowUnit';

/** The error catalogue keys an upgrade can be blocked with. */
export type UpgradeBlockCode = Extract<ErrorCode, 'UPGRADE_6199' | 'UPGRADE_6802' | 'UPGRADE_6803' | 'UPGRADE_6808' | 'UPGRADE_6810' | 'VALIDATION_FAILED'>;

/** A blocking reason, with the error catalogue key the core answers with. */
export interface UpgradeBlocker {
  readonly rule: UpgradeBlockRule;
  readonly errorCode: UpgradeBlockCode;
  readonly message: string;
}

export interface UpgradeWarning {
  readonly rule: UpgradeWarnRule;
  readonly message: string;
}

/** Result of an eligibility check: eligible exactly when `reasons` is empty. */
export interface UpgradeEligibility {
  readonly eligible: boolean;
  readonly reasons: readonly UpgradeBlocker[];
  readonly warnings: readonly UpgradeWarning[];
}

/** Codecs relevant to rule 6803. */
export type UnitVideoCodec = 'h264' | 'hevc';

export interface UnitUpgradeInput {
  readonly currentVersion: string;
  readonly targetVersion: string;
  /** The unit has the SLA service. */
  readonly hasSla: boolean;
  /** Version of the server the unit transmits to; null/undefined = not known (rule skipped). */
  readonly serverVersion?: string | null;
  /** Version of the unit's channel; null/undefined = not known (warning skipped). */
  readonly channelVersion?: string | null;
  /** Product model, e.g. 'LU600'. */
  readonly productType?: string;
  readonly videoCodec?: UnitVideoCodec;
  /** Product models the target version supports; empty/undefined = every model. */
  readonly supportedProducts?: readonly string[];
}

export interface ServerUpgradeInput {
  readonly currentVersion: string;
  readonly targetVersion: string;
  readonly online: boolean;
  /** No channel of the server is busy. */
  readonly idle: boolean;
  readonly productType?: string;
  /** Product models the target version supports; empty/undefined = every model. */
  readonly supportedProducts?: readonly string[];
}

/** 600-series product model: a 6xx model number not glued to other digits ('LU600', 'lu-610 hevc'). */
export function isSeries600Product(productType: string): boolean {
  return /(?:^|\D)6\d\d(?:\D|$)/.test(productType);
}

function blocker(rule: UpgradeBlockRule, errorCode: UpgradeBlockCode, message: string): UpgradeBlocker {
  return { rule, errorCode, message };
}

function result(reasons: UpgradeBlocker[], warnings: UpgradeWarning[]): UpgradeEligibility {
  return { eligible: reasons.length === 0, reasons, warnings };
}

/** Parses current and target, or returns the invalid-version blockers. */
function parsePair(current: string, target: string): { current: SoftwareVersion; target: SoftwareVersion } | UpgradeBlocker[] {
  const c = parseVersion(current);
  const t = parseVersion(target);
  const invalid: UpgradeBlocker[] = [];
  if (!c) invalid.push(blocker('invalidVersion', 'VALIDATION_FAILED', `Current version ${JSON.stringify(current)} is not a version number`));
  if (!t) invalid.push(blocker('invalidVersion', 'VALIDATION_FAILED', `Target version ${JSON.stringify(target)} is not a version number`));
  return c && t ? { current: c, target: t } : invalid;
}

/** Rules shared by units and servers: target range, 5.1-or-below, hardware support. */
function checkCommonRules(
  current: SoftwareVersion,
  target: SoftwareVersion,
  productType: string | undefined,
  supportedProducts: readonly string[] | undefined,
): UpgradeBlocker[] {
  const reasons: UpgradeBlocker[] = [];
  if (!isVersionInSupportedRange(target)) {
    reasons.push(
      blocker('targetOutOfRange', 'UPGRADE_6802', `Target version ${formatVersion(target)} is outside ${SOFTWARE_VERSIONS.min} to ${SOFTWARE_VERSIONS.max}`),
    );
  }
  const floor = toVersion(UPGRADE_VERSION_RULES.notUpgradableAtOrBelowMinor);
  if (current.major < floor.major || (current.major === floor.major && current.minor <= floor.minor)) {
    reasons.push(
      blocker('versionTooOld', 'UPGRADE_6802', `Upgrade is not available for version ${UPGRADE_VERSION_RULES.notUpgradableAtOrBelowMinor} or below`),
    );
  }
  if (productType !== undefined && supportedProducts !== undefined && supportedProducts.length > 0) {
    const wanted = productType.trim().toLowerCase();
    if (!supportedProducts.some((p) => p.trim().toLowerCase() === wanted)) {
      reasons.push(blocker('hardwareNotSupported', 'UPGRADE_6810', `Version ${formatVersion(target)} does not support ${productType}`));
    }
  }
  return reasons;
}

/**
 * Spec 001 §5 upgrade rules for a unit (and §8 codes). Blockers, in order:
 * - unparsable current/target → `invalidVersion` (VALIDATION_FAILED), nothing else checked;
 * - target outside 3.5–10.1 → `targetOutOfRange` (6802);
 * - "upgrade not for version 5.1 or below": current major.minor ≤ 5.1 (so 5.1.3 too) → 6802;
 * - "unit without SLA not eligible" → `noSla` (6802, no dedicated code in the spec);
 * - LU-600 series with H.264 codec → `lu600H264` (6803), whatever the target;
 * - target not listing the product model → `hardwareNotSupported` (6810);
 * - "server before unit; server version at least the unit version": the server's version is below
 *   the target → `serverFirst` (6802); skipped when the server version is unknown; an unparsable
 *   server version is `invalidVersion`.
 * Warnings: current version is 9.2.1 (any build) → `configurationReset`; "channel version should
 * be equal or higher than unit version": channel version below the target → `channelVersionBelowUnit`.
 * Downgrades and re-installs are not blocked (the spec does not forbid them).
 */
export function checkUnitUpgradeEligibility(input: UnitUpgradeInput): UpgradeEligibility {
  const pair = parsePair(input.currentVersion, input.targetVersion);
  if (Array.isArray(pair)) return result(pair, []);
  const { current, target } = pair;
  const reasons = checkCommonRules(current, target, input.productType, input.supportedProducts);
  if (!input.hasSla) reasons.push(blocker('noSla', 'UPGRADE_6802', 'A unit without SLA is not eligible for upgrade'));
  if (input.productType !== undefined && isSeries600Product(input.productType) && input.videoCodec === 'h264') {
    reasons.push(blocker('lu600H264', 'UPGRADE_6803', 'Upgrade is not supported for a 600-series H.264 unit'));
  }
  if (input.serverVersion !== undefined && input.serverVersion !== null) {
    const server = parseVersion(input.serverVersion);
    if (!server) {
      reasons.push(blocker('invalidVersion', 'VALIDATION_FAILED', `Server version ${JSON.stringify(input.serverVersion)} is not a version number`));
    } else if (compareVersions(server, target) < 0) {
      reasons.push(
        blocker('serverFirst', 'UPGRADE_6802', `Upgrade the server first: server version ${formatVersion(server)} is below ${formatVersion(target)}`),
      );
    }
  }
  const warnings: UpgradeWarning[] = [];
  if (compareVersions(current, UPGRADE_VERSION_RULES.configurationResetVersion) === 0) {
    warnings.push({ rule: 'configurationReset', message: 'Upgrading a unit from 9.2.1 resets its configuration' });
  }
  const channel = parseVersion(input.channelVersion);
  if (channel && compareVersions(channel, target) < 0) {
    warnings.push({ rule: 'channelVersionBelowUnit', message: `Channel version ${formatVersion(channel)} is below the unit version ${formatVersion(target)}` });
  }
  return result(sortBlockers(reasons), warnings);
}

const BLOCK_ORDER: readonly UpgradeBlockRule[] = [
  'invalidVersion',
  'targetOutOfRange',
  'versionTooOld',
  'serverOffline',
  'serverBusy',
  'serverNeeds10_0',
  'noSla',
  'lu600H264',
  'hardwareNotSupported',
  'serverFirst',
];

function sortBlockers(reasons: UpgradeBlocker[]): UpgradeBlocker[] {
  return [...reasons].sort((a, b) => BLOCK_ORDER.indexOf(a.rule) - BLOCK_ORDER.indexOf(b.rule));
}

/**
 * Spec 001 §5 upgrade rules for a server (and §8 codes). Blockers, in order:
 * - unparsable current/target → `invalidVersion` (VALIDATION_FAILED), nothing else checked;
 * - target outside 3.5–10.1 → 6802; current major.minor ≤ 5.1 → 6802;
 * - "servers upgraded only when idle": offline → `serverOffline` (6199); online but busy →
 *   `serverBusy` (6808) (busy is not reported for an offline server);
 * - "servers at 8.x or below need 10.0 before 10.1": current major ≤ 8 and target ≥ 10.1 →
 *   `serverNeeds10_0` (6802); a target of 10.0.x from 8.x is allowed;
 * - target not listing the product model → 6810.
 * No warnings (the 9.2.1 configuration reset concerns units).
 */
export function checkServerUpgradeEligibility(input: ServerUpgradeInput): UpgradeEligibility {
  const pair = parsePair(input.currentVersion, input.targetVersion);
  if (Array.isArray(pair)) return result(pair, []);
  const { current, target } = pair;
  const reasons = checkCommonRules(current, target, input.productType, input.supportedProducts);
  if (!input.online) reasons.push(blocker('serverOffline', 'UPGRADE_6199', 'The server is offline'));
  else if (!input.idle) reasons.push(blocker('serverBusy', 'UPGRADE_6808', 'The server is busy; servers are upgraded only when idle'));
  if (current.major <= UPGRADE_VERSION_RULES.serverStepMaxMajor && isAtLeast(target, UPGRADE_VERSION_RULES.serverStepTarget)) {
    reasons.push(
      blocker(
        'serverNeeds10_0',
        'UPGRADE_6802',
        `A server on ${formatVersion(current)} must be upgraded to ${UPGRADE_VERSION_RULES.serverStepVersion} before ${UPGRADE_VERSION_RULES.serverStepTarget}`,
      ),
    );
  }
  return result(sortBlockers(reasons), []);
}
