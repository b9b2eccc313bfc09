/** What a `unit.configuration` event makes the configuration modal read again (the configuration itself: api/configurationCache). */
import type { EndpointId } from '@fleet/contracts';

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
