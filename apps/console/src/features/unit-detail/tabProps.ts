import type { EndpointId, UnitConfiguration, UnitDetail } from '@fleet/contracts';
import type { ActivityTransitions } from './useActivityTransitions';

/** What every tab after Camera gets from the panel. */
export interface DetailTabProps {
  readonly unit: UnitDetail;
  readonly configuration: UnitConfiguration | undefined;
  readonly capabilities: Record<string, boolean>;
  readonly transitions: ActivityTransitions;
  readonly canCall: (id: EndpointId) => boolean;
}
