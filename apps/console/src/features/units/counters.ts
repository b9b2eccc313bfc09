import { countUnits, isOfflineLike, unitBucket } from '@fleet/domain';
import type { UnitCounterBar } from '@fleet/domain';
import { UNIT_STATUSES } from '@fleet/contracts';
import type { UnitSummary, UnitTypeGroup } from '@fleet/contracts';

/** Spec 000 §2 counter bar, in its order (data-testid `counter-<name>`, i18n `units.counters.<name>`). */
export const COUNTERS = [
  'busy',
  'idle',
  'offline',
  'field',
  'camera',
  'lite',
  'smart',
  'ptmp',
  'ptp',
  'activeAlerts',
] as const satisfies readonly (keyof UnitCounterBar)[];

/** The counter bar and `other`: the units whose status this console does not know (a newer core's), out of busy / idle / offline. */
export type UnitCounters = UnitCounterBar & { readonly other: number };

const KNOWN_STATUSES: ReadonlySet<string> = new Set(UNIT_STATUSES);

/** Whether the unit's status is one of the spec's (else it counts under Other). */
export const hasKnownStatus = (unit: Pick<UnitSummary, 'status'>): boolean => KNOWN_STATUSES.has(unit.status);

export function countersOf(units: readonly UnitSummary[]): UnitCounters {
  const bar: Mutable<UnitCounters> = { ...countUnits(units), other: 0 };
  for (const unit of units) {
    if (hasKnownStatus(unit)) continue;
    bar[unitBucket(unit)] -= 1;
    bar.other += 1;
  }
  return bar;
}

/** The counter of each unit type group (a type counter filters the list by its group: filters.ts). */
export const TYPE_COUNTER: Partial<Record<UnitTypeGroup, 'field' | 'lite' | 'smart' | 'ptmp' | 'ptp'>> = {
  fieldUnits: 'field',
  liteUnits: 'lite',
  smartUnits: 'smart',
  ptmpUnits: 'ptmp',
  ptpUnits: 'ptp',
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The counters one unit adds (its busy / idle / offline bucket, type, camera, active alerts). */
function addUnit(bar: Mutable<UnitCounters>, unit: UnitSummary, sign: 1 | -1): void {
  if (hasKnownStatus(unit)) bar[unitBucket(unit)] += sign;
  else bar.other += sign;
  const type = TYPE_COUNTER[unit.typeGroup];
  if (type) bar[type] += sign;
  if (unit.cameraConnected && !isOfflineLike(unit.status)) bar.camera += sign;
  if ((unit.alerts?.length ?? 0) > 0) bar.activeAlerts += sign;
}

/**
 * The counters after the list changed from `prev` to `next`: when `next` is `prev` with some units
 * replaced in place (what a realtime patch does), each replaced unit is taken out of the counters
 * as it was and added as it is (its unitBucket, type, camera and alerts), so the bar always equals
 * {@link countersOf} of the list (a status change the events name no transition for, or an
 * application starting without a status change, moves the unit all the same).
 * Returns null when the lists differ otherwise (units added, removed or reordered): count again.
 * Cost: one identity pass, plus O(1) per changed unit. The same `counters` when no count changed.
 */
export function advanceCounters(counters: UnitCounters, prev: readonly UnitSummary[], next: readonly UnitSummary[]): UnitCounters | null {
  if (prev === next) return counters;
  if (prev.length !== next.length) return null;
  let bar: Mutable<UnitCounters> | null = null;
  for (let i = 0; i < next.length; i += 1) {
    const before = prev[i];
    const after = next[i];
    if (before === after) continue;
    if (before === undefined || after === undefined || before.uniqueId !== after.uniqueId) return null;
    bar ??= { ...counters };
    addUnit(bar, before, -1);
    addUnit(bar, after, 1);
  }
  if (bar === null) return counters;
  // No count moved (a telemetry update): the same object, so the counter bar is not rendered again.
  const changed = bar;
  return (Object.keys(changed) as (keyof UnitCounters)[]).every((name) => changed[name] === counters[name]) ? counters : changed;
}
