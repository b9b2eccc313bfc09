import { countUnits } from '@fleet/domain';
import type { UnitCounterBar } from '@fleet/domain';
import type { UnitSummary } from '@fleet/contracts';

/** Spec 000 §2 counter bar, in its order (data-testid `counter-<name>`, i18n `units.counters.<name>`). */
export const COUNTERS = ['busy', 'idle', 'offline', 'field', 'camera', 'lite', 'smart', 'ptmp', 'ptp', 'activeAlerts'] as const satisfies readonly (keyof UnitCounterBar)[];

export function countersOf(units: readonly UnitSummary[]): UnitCounterBar {
  return countUnits(units);
}
