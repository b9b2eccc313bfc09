/**
 * Delay rules: spec 000 §5 "Delay change on the fly only for 0.9 s or higher; normal-delay
 * transmission has a minimum and sub-second delay has a maximum (values vary by unit type and
 * software version, 400 to 20000 ms)" and §9 (low delay threshold, delay below 0.8 s forces a wired
 * link).
 */
import { LIMITS, VALIDATION, type UnitTypeGroup } from '@fleet/contracts';
import { isAtLeast, parseVersion } from './version.js';

export type DelayMode = 'normal' | 'subSecond';

export interface DelayInput {
  readonly delayMs: number;
  readonly mode: DelayMode;
  /** The change is made during a transmission. */
  readonly onTheFly: boolean;
  /** Delay in force before the change; checked too when the change is on the fly. */
  readonly currentDelayMs?: number | null;
  readonly unitType?: UnitTypeGroup;
  readonly swVersion?: string | null;
}

export interface DelayBounds {
  readonly minMs: number;
  readonly maxMs: number;
}

/** Unit types that cannot go down to the 400 ms floor. */
export const RESTRICTED_SUB_SECOND_TYPES = ['liteUnits', 'smartUnits'] as const satisfies readonly UnitTypeGroup[];
/** Units on a software version below this cannot go down to the 400 ms floor. */
export const FULL_SUB_SECOND_MIN_VERSION = '8.0';

/**
 * Concrete per-type and per-version bounds chosen within the spec's 400–20000 ms:
 * - normal mode: 1000 ms (the low delay threshold) to 20000 ms, every unit type;
 * - sub-second mode: at most 1000 ms (the low delay threshold); at least 400 ms, raised to 800 ms
 *   (the wired-link threshold) for lite and smart units and for units on software below 8.0, so
 *   those never need a forced wired link. An unknown type or an unknown/unparsable version gets
 *   the general 400 ms floor.
 */
export function getDelayBounds(input: Pick<DelayInput, 'mode' | 'unitType' | 'swVersion'>): DelayBounds {
  if (input.mode === 'normal') return { minMs: LIMITS.lowDelayThresholdMs, maxMs: LIMITS.delayMaxMs };
  const version = parseVersion(input.swVersion);
  const restrictedType = input.unitType !== undefined && (RESTRICTED_SUB_SECOND_TYPES as readonly UnitTypeGroup[]).includes(input.unitType);
  const oldVersion = version !== null && !isAtLeast(version, FULL_SUB_SECOND_MIN_VERSION);
  return {
    minMs: restrictedType || oldVersion ? LIMITS.forceWiredDelayBelowMs : LIMITS.delayMinMs,
    maxMs: LIMITS.lowDelayThresholdMs,
  };
}

/**
 * Spec 000 §5 delay validation; returns the first failing message or null. Order: not a number →
 * 'Must be a number'; not whole ms → 'Must be an integer'; below/above {@link getDelayBounds} →
 * 'Must be N or more' / 'Must be N or less'; on the fly with the new (or current) delay below
 * 900 ms → delayOnTheFly.
 */
export function validateDelay(input: DelayInput): string | null {
  const { delayMs } = input;
  if (!Number.isFinite(delayMs)) return VALIDATION.number;
  if (!Number.isInteger(delayMs)) return VALIDATION.integer;
  const bounds = getDelayBounds(input);
  if (delayMs < bounds.minMs) return VALIDATION.minValue(bounds.minMs);
  if (delayMs > bounds.maxMs) return VALIDATION.maxValue(bounds.maxMs);
  if (input.onTheFly) {
    const current = input.currentDelayMs;
    const currentTooLow = typeof current === 'number' && current < LIMITS.delayOnTheFlyMinMs;
    if (delayMs < LIMITS.delayOnTheFlyMinMs || currentTooLow) return VALIDATION.delayOnTheFly;
  }
  return null;
}

/** Spec 000 §9 / 001 §9: a unit delay below 0.8 s forces ethernet or Wi-Fi. */
export function forcesWiredLink(delayMs: number): boolean {
  return delayMs < LIMITS.forceWiredDelayBelowMs;
}

/** Spec 000 §9 low delay threshold: below 1000 ms is low (sub-second) delay, advised only on fast links. */
export function isLowDelay(delayMs: number): boolean {
  return delayMs < LIMITS.lowDelayThresholdMs;
}
