/** Device reactions to POST devices/{id}/commands/{command} (spec 000 §7 command kinds). */
import type { UnitCommand } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { refused, type Reaction } from './result.js';

export function reactToCommand(_device: UnitDevice, _command: UnitCommand, _payload: unknown): Reaction {
  return refused('FEATURE_DISABLED');
}
