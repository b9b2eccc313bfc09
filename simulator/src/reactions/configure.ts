/** Device reactions to configuration changes (spec 000 §7 unit updates). */
import type { UnitDevice } from '../device.js';
import { refused, type Reaction } from './result.js';

export function reactToConfiguration(_device: UnitDevice, _setting: string, _payload: unknown): Reaction {
  return refused('FEATURE_DISABLED');
}
