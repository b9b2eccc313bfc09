/** How a `unit.configuration` event updates the cached reads of the configuration modal. */
import type { EndpointId, UnitConfiguration } from '@fleet/contracts';

/** True when the event's configuration is not older than the cached one (late events never undo newer ones). */
export function isNewerConfiguration(current: UnitConfiguration | undefined, next: UnitConfiguration): boolean {
  return current === undefined || next.version >= current.version;
}

/** Reads derived from a setting that are fetched again when it changes elsewhere. */
export function settingRefetches(setting: string): EndpointId[] {
  switch (setting) {
    case 'alerts':
      return ['getUnitAlertsConfiguration'];
    case 'interfaces':
    case 'cellular':
      return ['getUnitModemConfig'];
    case 'bandwidth':
    case 'networkCapping':
      return ['getUnitBwLimitationTotal', 'getUnitBwLimitationCellular'];
    default:
      return [];
  }
}
