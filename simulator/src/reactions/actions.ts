/** Device reactions to unit actions (spec 000 §7 unit actions, deletes, social media and CDN). */
import type { UnitDevice } from '../device.js';
import { refused, type Reaction } from './result.js';

export function reactToAction(_device: UnitDevice, _action: string, _payload: unknown): Reaction {
  return refused('FEATURE_DISABLED');
}
