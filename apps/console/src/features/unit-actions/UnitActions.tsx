/** Unit actions in the detail header (rename, reboot, shutdown, pairing, services): placeholder. */
import type { UnitDetail } from '@fleet/contracts';

export interface UnitActionsProps {
  readonly unit: UnitDetail;
}

export function UnitActions(_props: UnitActionsProps) {
  return null;
}
