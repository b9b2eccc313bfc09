/** Stories. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from '../units/units.js';
import { StoryService, storyCalls } from './stories.js';

/** What stories need: the units the caller may see. */
export interface StoriesNeeds {
  units: Pick<UnitService, 'findVisible'>;
}

/** The stories module's services. */
export function create(deps: ServiceDeps, { units }: StoriesNeeds) {
  return { stories: new StoryService(deps, units) };
}

export type StoriesServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: StoriesServices) => s.stories, storyCalls)] as const;
