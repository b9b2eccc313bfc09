/** Graphics: graphics services of an inventory. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { ManagedServiceService } from '../inventories/managed-services.js';
import { GraphicsService, graphicsCalls } from './graphics.js';

/** What graphics need: the managed services' use count. */
export interface GraphicsNeeds {
  managedServices: Pick<ManagedServiceService, 'countUse'>;
}

/** The graphics module's services. */
export function create(deps: ServiceDeps, { managedServices }: GraphicsNeeds) {
  return { graphics: new GraphicsService(deps, managedServices) };
}

export type GraphicsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: GraphicsServices) => s.graphics, graphicsCalls)] as const;
