import type { QueryClient } from '@tanstack/react-query';
import type { UnitSummary } from '@fleet/contracts';
import { endpointPrefix } from '../api/hooks';

/** A unit's name from the unit lists the console holds (its id where none has it). */
export function unitName(queryClient: QueryClient, unitId: string): string {
  for (const [, list] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })) {
    const unit = list?.find((item) => item.uniqueId === unitId);
    if (unit) return unit.name;
  }
  return unitId;
}
