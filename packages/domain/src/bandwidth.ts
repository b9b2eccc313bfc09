/**
 * Bandwidth limit rules: spec 000 §5 "Bandwidth limits" and §9 smart unit limit; spec 001 §5
 * capping messages.
 */
import { LIMITS, VALIDATION, type FieldProblem } from '@fleet/contracts';

/** A limit for one priority. Priority 1 is the highest; larger numbers are lower priorities. */
export interface PriorityLimit {
  readonly priority: number;
  readonly kbps: number;
}

export interface BandwidthLimitsInput {
  /** Max total capping; null, undefined or 0 = no total cap (the "disabled" option). */
  readonly totalKbps?: number | null;
  /** Max cellular capping; null, undefined or 0 = no cellular cap. */
  readonly cellularKbps?: number | null;
  readonly priorityLimits?: readonly PriorityLimit[];
  readonly unitBusy: boolean;
}

/** Path of a form-level error (not tied to one input): the root, as in contracts `toFieldProblems`. */
export const FORM_PATH = '';

/** Message for a cap value, or null when valid (null/undefined = not set is valid). */
function checkCap(kbps: number | null | undefined): string | null {
  if (kbps === null || kbps === undefined) return null;
  if (!Number.isFinite(kbps)) return VALIDATION.number;
  if (kbps < 0) return VALIDATION.minValue(0);
  return null;
}

/** A cap that limits something: set, finite and above 0. */
function isActiveCap(kbps: number | null | undefined): kbps is number {
  return typeof kbps === 'number' && Number.isFinite(kbps) && kbps > 0;
}

/**
 * Spec 000 §5 / 001 §5 bandwidth limits. Returns every field problem (contracts `FieldProblem`,
 * dotted `path`; empty = valid):
 * - busy unit → only `{ path: '', busyUnitCapping }` at the form root (nothing else is worth checking);
 * - total / cellular: not finite → 'Must be a number', negative → 'Must be 0 or more';
 *   0 or unset means no cap;
 * - cellular above total (both capped) → cellularAboveTotal on `cellularKbps` (equal is allowed);
 * - each priority limit (`priorityLimits.<i>.*`): priority an integer in camera priorities 1..9
 *   (reading: the same priorities as spec 000 §9), unique; kbps finite and at least 1; then
 *   priorityLimitOrder when kbps is not strictly lower than the total cap, or not strictly higher
 *   than the limit of every lower priority (a larger priority number).
 */
export function validateBandwidthLimits(input: BandwidthLimitsInput): FieldProblem[] {
  if (input.unitBusy) return [{ path: FORM_PATH, message: VALIDATION.busyUnitCapping }];
  const errors: FieldProblem[] = [];
  const totalError = checkCap(input.totalKbps);
  if (totalError) errors.push({ path: 'totalKbps', message: totalError });
  const cellularError = checkCap(input.cellularKbps);
  if (cellularError) errors.push({ path: 'cellularKbps', message: cellularError });
  const total = isActiveCap(input.totalKbps) ? input.totalKbps : null;
  if (total !== null && isActiveCap(input.cellularKbps) && input.cellularKbps > total) {
    errors.push({ path: 'cellularKbps', message: VALIDATION.cellularAboveTotal });
  }
  errors.push(...validatePriorityLimits(input.priorityLimits ?? [], total));
  return errors;
}

function checkPriority(priority: number, index: number, limits: readonly PriorityLimit[]): string | null {
  if (!Number.isFinite(priority)) return VALIDATION.number;
  if (!Number.isInteger(priority)) return VALIDATION.integer;
  if (priority < LIMITS.cameraPriorityMin) return VALIDATION.minValue(LIMITS.cameraPriorityMin);
  if (priority > LIMITS.cameraPriorityMax) return VALIDATION.maxValue(LIMITS.cameraPriorityMax);
  if (limits.findIndex((l) => l.priority === priority) !== index) return VALIDATION.fieldUnique;
  return null;
}

function validatePriorityLimits(limits: readonly PriorityLimit[], total: number | null): FieldProblem[] {
  const errors: FieldProblem[] = [];
  const validKbps = (kbps: number): boolean => Number.isFinite(kbps) && kbps >= 1;
  limits.forEach((limit, index) => {
    const priorityError = checkPriority(limit.priority, index, limits);
    if (priorityError) errors.push({ path: `priorityLimits.${index}.priority`, message: priorityError });
    const field = `priorityLimits.${index}.kbps`;
    if (!Number.isFinite(limit.kbps)) {
      errors.push({ path: field, message: VALIDATION.number });
      return;
    }
    if (!validKbps(limit.kbps)) {
      errors.push({ path: field, message: VALIDATION.minValue(1) });
      return;
    }
    const aboveTotal = total !== null && limit.kbps >= total;
    const notAboveLower = limits.some((other) => other.priority > limit.priority && validKbps(other.kbps) && other.kbps >= limit.kbps);
    if (aboveTotal || notAboveLower) errors.push({ path: field, message: VALIDATION.priorityLimitOrder });
  });
  return errors;
}

/**
 * Spec 000 §9 smart unit bandwidth limit: default 0 (no limit), otherwise 1000 to 20000 kbps,
 * whole kbps. Returns the message or null.
 */
export function validateSmartUnitBandwidth(kbps: number): string | null {
  if (!Number.isFinite(kbps)) return VALIDATION.number;
  if (!Number.isInteger(kbps)) return VALIDATION.integer;
  if (kbps === LIMITS.smartUnitBandwidthDefaultKbps) return null;
  if (kbps < LIMITS.smartUnitBandwidthMinKbps) return VALIDATION.minValue(LIMITS.smartUnitBandwidthMinKbps);
  if (kbps > LIMITS.smartUnitBandwidthMaxKbps) return VALIDATION.maxValue(LIMITS.smartUnitBandwidthMaxKbps);
  return null;
}
